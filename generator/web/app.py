"""The Flask application of `parlour serve`: the page, the PDFs and previews, the referee's JSON.

Every route calls what the command line calls (see build.py and referee.py). Safe by default:
requests naming a Host other than the address served are refused (DNS rebinding), the one
state-changing request (saving settings) is a POST with a CSRF token, nothing the browser sends
names a file, and no response carries a traceback.
"""

from __future__ import annotations

import datetime as dt
import hmac
import ipaddress
import json
import re
import secrets
from typing import Any
from urllib.parse import urlsplit

import click
from flask import Flask, Response, abort, jsonify, redirect, render_template, request

from generator import config
from generator.errors import ParlourError
from generator.press.print_defaults import DEFAULT_BLEED_MM
from generator.web import build, referee
from generator.web.documents import (
    DOCUMENTS,
    Document,
    FieldError,
    call_values,
    command_context,
    command_line,
    default_of,
    document,
    key_of,
    kind,
    limits,
    normalise,
    offered,
    shown,
)
from generator.web.words import ADVANCED, EMPTY_CHOICE, HINTS, family, label, value_label

SETTABLE = ("paper", "back_offset", "duplex", "spelling")  # what the page may save
LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]")
#: Requests that make something (a PDF, a preview, a day's puzzles): refused from another site.
WORK = ("/pdf/", "/zip/", "/preview/", "/api/")


class BadRequest(Exception):
    """A one-line 400 (the message is safe to show: it names only what the user sent)."""


def allowed_hosts(host: str, port: int) -> tuple[set[str], bool]:
    """The Host header values this server answers, and whether any IP literal is fine too (when
    it listens on every interface, phones reach it by the machine's address; a rebinding attack
    comes by a domain name, which stays refused)."""
    names = {*LOCAL_NAMES}
    any_ip = host in ("0.0.0.0", "::", "")
    if not any_ip:
        names.add(f"[{host}]" if ":" in host else host)
    hosts = {f"{n}:{port}" for n in names}
    if port == 80:
        hosts |= names
    return {h.lower() for h in hosts}, any_ip


def _ip_literal_host(value: str, port: int) -> bool:
    name, _, p = value.rpartition(":") if not value.endswith("]") else (value, "", "")
    if not name or (p and p != str(port)) or (not p and port != 80):
        return False
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


def create_app(host: str = "127.0.0.1", port: int = 8000) -> Flask:
    """The application for a server listening on host:port."""
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = 16 * 1024  # only small forms are ever posted
    token = secrets.token_urlsafe(32)
    app.config["PARLOUR_ADDRESS"] = (host, port)  # serve() sets the port it bound when given 0

    _guard(app)
    _pages(app, token)
    _bundle_route(app)
    _referee_api(app)
    _settings_route(app, token)
    return app


def _guard(app: Flask) -> None:
    """The checks on every request and response: the Host header (DNS rebinding), the security
    headers, and every refusal or failure said in one line, never a traceback."""

    @app.before_request
    def check_host() -> Any:
        host, port = app.config["PARLOUR_ADDRESS"]
        hosts, any_ip = allowed_hosts(host, port)
        value = (request.headers.get("Host") or "").strip().lower()
        if not (value in hosts or (any_ip and _ip_literal_host(value, port))):
            return _error(403, "this server answers only at its own address (refused Host header)")
        if request.path.startswith(WORK) and cross_site():
            return _error(403, "parlour makes pages only for its own page, not for another site")
        return None

    @app.after_request
    def headers(resp: Response) -> Response:
        resp.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
            "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
        )
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "no-referrer"
        resp.headers["X-Frame-Options"] = "DENY"
        return resp

    def http_error(e: Any) -> Any:  # Flask's own refusals, said in one line
        code = int(getattr(e, "code", 500) or 500)
        what = {400: "bad request", 404: "no such page", 405: "method not allowed", 413: "request too large"}
        return _error(code, what.get(code, "refused"))

    for code in range(400, 432):  # every refusal Flask knows by its code (400 to 431)
        try:
            app.register_error_handler(code, http_error)
        except (KeyError, ValueError):
            pass

    @app.errorhandler(BadRequest)
    def bad_request(e: Exception) -> Any:
        return _error(400, str(e))

    @app.errorhandler(build.Busy)
    def busy(e: Exception) -> Any:
        resp = _error(503, "parlour is busy making other pages: try again in a moment")
        resp.headers["Retry-After"] = "5"
        return resp

    @app.errorhandler(FieldError)
    def field_error(e: FieldError) -> Any:
        return _error(400, str(e), e.field)

    @app.errorhandler(ParlourError)
    @app.errorhandler(click.UsageError)
    def refused(e: Exception) -> Any:  # a command's refusal, in family words, beside its field
        msg = e.format_message() if isinstance(e, click.UsageError) else str(e)
        fields = {}
        if request.view_args and request.view_args.get("name") in DOCUMENTS:
            doc = DOCUMENTS[request.view_args["name"]]
            fields = {key_of(p): p for p in offered(doc, command_context(doc, settings=False)[0])}
        field, sentence = family(msg, fields) if fields else (None, msg)
        return _error(400, sentence, field)

    @app.errorhandler(Exception)
    def internal(e: Exception) -> Any:  # never a traceback in a response
        app.logger.error("internal error on %s: %s", request.path, type(e).__name__)
        return _error(500, "something went wrong inside parlour; nothing was printed")


def _pages(app: Flask, token: str) -> None:
    """The page, the PDFs, the page previews and how a build is getting on."""

    @app.get("/")
    def index() -> Any:
        try:
            config.load()
            settings_error = None
        except ParlourError as e:
            settings_error = family(str(e), {})[1]
        return render_template(
            "index.html",
            form=page_form(),
            documents=DOCUMENTS,
            token=token,
            today=dt.date.today().isoformat(),
            settings_form=settings_form(),
            settings_error=settings_error,
            referee=referee_choices(),
            qr=phone_qr(app),
            documents_json=documents_json(),
        )

    @app.get("/favicon.ico")
    def favicon() -> Any:
        return redirect("/static/favicon.svg", code=301)

    @app.get("/api/documents")
    def documents() -> Any:  # each document's fields and defaults, after the settings changed
        return Response(documents_json(), mimetype="application/json")

    @app.get("/pdf/<name>")
    def pdf(name: str) -> Any:
        doc, options, job = _start(name)
        built = build.BUILDS.wait(job, timeout=600)
        return _attachment(built.pdf, "application/pdf", file_name(doc, options), built.pages)

    @app.get("/preview/<name>/<int:page>.png")
    def preview(name: str, page: int) -> Any:
        doc, options, job = _start(name)
        built = build.BUILDS.wait(job, timeout=600)
        try:
            png = build.preview(job.key, built, page)
        except LookupError as e:
            return _error(404, str(e))
        resp = Response(png, mimetype="image/png")
        resp.headers["Cache-Control"] = "private, max-age=300"
        return resp

    @app.get("/api/document/<name>")
    def about(name: str) -> Any:
        """How the build of these choices is getting on: started if need be, never waited for."""
        doc, options, job = _start(name)
        out: dict[str, Any] = {
            "document": doc.name,
            "title": doc.title,
            "options": dict(options),
            "command": " ".join(["parlour", *command_line(doc, options)]),
            "file": file_name(doc, options),
        }
        if not job.done.is_set():
            place = build.BUILDS.place(job)
            out |= {"state": "waiting" if place else "making", "place": place}
            resp = jsonify(out)
            resp.status_code = 202
            return resp
        built = build.BUILDS.wait(job, timeout=0)  # a failure is said by the error handlers
        ready = {"state": "ready", "pages": built.pages, "bytes": len(built.pdf), "bundle": False}
        if built.bundle is not None:  # a cutting machine's files come with the PDF, in one zip
            ready |= {"bundle": True, "file": zip_name(doc, options), "bytes": len(built.bundle)}
        return jsonify(out | ready)


def _bundle_route(app: Flask) -> None:
    """A PDF with its cutting machine's files, in one zip."""

    @app.get("/zip/<name>")
    def bundle(name: str) -> Any:
        """The PDF and its cutting machine's files, in one zip (only for a choice of machine)."""
        doc, options, job = _start(name)
        built = build.BUILDS.wait(job, timeout=600)
        if built.bundle is None:
            return _error(404, "There are no cutting files for these choices: download the PDF.")
        return _attachment(built.bundle, "application/zip", zip_name(doc, options), built.pages)


def _attachment(data: bytes, mimetype: str, filename: str, pages: int) -> Response:
    """A download of `data` named `filename`, with the PDF's page count in X-Page-Count."""
    resp = Response(data, mimetype=mimetype)
    resp.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    resp.headers["X-Page-Count"] = str(pages)
    return resp


def _start(name: str) -> tuple[Document, tuple[tuple[str, str], ...], build.Job]:
    """The document, its checked options, and the build of them (shared with identical requests)."""
    doc, options = _document(name)
    key = (doc.name, options, build.settings_key())
    stem = file_name(doc, options).removesuffix(".pdf")
    job = build.BUILDS.submit(key, doc.name, call_values(doc, options), stem=stem)
    if job.done.is_set() and job.error is not None:
        raise ParlourError(job.error)
    return doc, options, job


def file_name(doc: Document, options: tuple[tuple[str, str], ...]) -> str:
    """A dated, descriptive name to save the PDF under: parlour-doublets-daily-sheets-2026-03-01.pdf."""
    chosen = dict(options)
    day = chosen.get("from") or chosen.get("date") or dt.date.today().isoformat()
    slug = re.sub(r"[^a-z0-9]+", "-", doc.title.lower()).strip("-")
    if chosen.get("game"):
        slug += "-" + chosen["game"]
    return f"parlour-{slug}-{day}.pdf"


def zip_name(doc: Document, options: tuple[tuple[str, str], ...]) -> str:
    """The zip of a PDF and its cutting machine's files: the PDF's name, ending .zip."""
    return file_name(doc, options).removesuffix(".pdf") + ".zip"


def _referee_api(app: Flask) -> None:
    """The referee's questions and Today's Doublets, answered as JSON."""

    @app.get("/api/doublets/solve")
    def doublets_solve() -> Any:
        return jsonify(referee.solve(_arg("head"), _arg("tail")))

    @app.get("/api/doublets/step")
    def doublets_step() -> Any:
        return jsonify(referee.step(_arg("from"), _arg("word")))

    @app.get("/api/doublets/daily")
    def doublets_daily() -> Any:
        return jsonify(referee.daily(_arg("date"), _arg("spelling")))

    @app.get("/api/doublets/key")
    def doublets_key() -> Any:
        n = _arg("puzzle") or ""
        if not n.isdigit() or len(n) > 3:
            raise BadRequest("puzzle: give the puzzle's number, like 1")
        return jsonify(referee.daily_key(_arg("date"), _arg("spelling"), int(n)))

    @app.get("/api/chimera/check")
    def chimera_check() -> Any:
        return jsonify(referee.chimera_check(_arg("face"), _arg("suit"), _arg("answer"), _arg("variant")))

    @app.get("/api/fighting-words/check")
    def fighting_words_check() -> Any:
        return jsonify(referee.fighting_words_check(_arg("letters"), _arg("complete")))


def _settings_route(app: Flask, token: str) -> None:
    """Saving settings: a POST from this page only (CSRF token, same origin), into the CLI's file."""

    @app.post("/settings")
    def save_settings() -> Any:
        sent = request.form.get("csrf_token", "") or request.headers.get("X-CSRF-Token", "")
        if not hmac.compare_digest(sent.encode(), token.encode()):
            return _error(403, "the form is out of date (missing or wrong token): reload the page")
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1].lower() != request.host.lower():
            return _error(403, "settings can only be saved from this page")
        changes = _settings_form(request.form)
        for key, value in changes.items():
            config.save_setting(key, value)
        if request.accept_mimetypes.best == "application/json" or request.headers.get("X-CSRF-Token"):
            return jsonify({"saved": changes})
        return redirect("/#settings", code=303)


def cross_site() -> bool:
    """Did another site make the browser send this request? Sec-Fetch-Site says so where the
    browser sends it ("none" is an address typed or a bookmark); else Origin, else Referer."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site.strip().lower() not in ("same-origin", "none")
    for header in ("Origin", "Referer"):
        value = request.headers.get(header)
        if value is not None:
            if value.strip() == "null":
                return True
            return urlsplit(value.strip()).netloc.lower() != request.host.lower()
    return False


def _error(code: int, message: str, field: str | None = None) -> Any:
    """One line: JSON {"error": ..., "field": ...} for the API and the page's fetches, plain
    text for the rest."""
    line = " ".join(str(message).split())
    if request.path.startswith(("/api/", "/settings")) or "application/json" in request.headers.get(
        "Accept", ""
    ):
        body: dict[str, Any] = {"error": line}
        if field:
            body["field"] = field
        resp = jsonify(body)
    else:
        resp = Response(line + "\n", mimetype="text/plain")
    resp.status_code = code
    return resp


def _arg(name: str) -> str | None:
    return request.args.get(name)


def _document(name: str) -> tuple[Document, tuple[tuple[str, str], ...]]:
    if name not in DOCUMENTS:
        abort(404)
    doc = document(name)
    if any(len(request.args.getlist(k)) > 1 for k in request.args):
        raise BadRequest("give each choice once")
    options = normalise(doc, {k: request.args.get(k, "") for k in request.args})
    if doc.name == "doublets-daily" and "from" not in dict(options):  # today, said out loud: a
        options = (("from", dt.date.today().isoformat()), *options)  # kept PDF never outlives its day
    return doc, options


def _settings_form(form: Any) -> dict[str, str]:
    """The settings the form sends, checked as the settings file's reader checks them."""
    from generator.press.impose import parse_offset

    choices = {k: [v for v, _ in c] for k, c in _setting_choices().items()}
    out: dict[str, str] = {}
    for key in SETTABLE:
        raw = form.get(key) or form.get(key.replace("_", "-"))
        if raw is None or raw.strip() == "":
            continue
        value = raw.strip().lower()
        if key in choices:
            if value not in choices[key]:
                raise FieldError(key, "Choose one from the list.")
        else:
            problem = FieldError(
                key, "Give two small numbers of millimetres, across then down, like 1.5,-0.5."
            )
            if len(value) > 20:
                raise problem
            try:
                parse_offset(value)  # the same limits as --back-offset
                parts = [float(v) for v in value.replace(" ", "").split(",")]
            except (ParlourError, ValueError):
                raise problem from None
            value = f"{parts[0]:g},{parts[1]:g}"
        out[key] = value
    if not out:
        raise BadRequest("nothing to save: choose a paper, how to print two-sided, or a spelling")
    return out


# -- what the page shows, read from the commands' own parameters ------------------------------

#: The order fields appear in on the page (a field not listed comes after, in the commands' order).
FIELD_ORDER = (
    "games", "game", "players", "date", "from", "days", "paper", "duplex", "spelling", "variant",
    "difficulty", "sheets", "deck-size", "suits", "pieces", "pyramids", "cutter", "ink-saver", "booklet",
    "full-size", "count", "length", "links", "key", "unique", "seed", "card", "back-offset",
    "bleed", "blanks",
)  # fmt: skip


def _params() -> dict[str, list[tuple[Document, click.Parameter, click.Context]]]:
    """Every field the page offers: its name -> (document, click parameter, its context) for each
    document that takes it."""
    out: dict[str, list[tuple[Document, click.Parameter, click.Context]]] = {}
    for doc in DOCUMENTS.values():
        cmd, ctx = command_context(doc)
        for p in offered(doc, cmd):
            out.setdefault(key_of(p), []).append((doc, p, ctx))
    order = {k: i for i, k in enumerate(FIELD_ORDER)}
    return dict(sorted(out.items(), key=lambda kv: order.get(kv[0], len(order))))


def warm_page() -> None:
    """Read every command's declaration (importing the commands) before the first visitor."""
    page_form()
    documents_json()


def page_form() -> list[dict[str, Any]]:
    """The print form's fields, each built from the click parameter(s) behind it."""
    from generator.commands.pack import pack_sections

    fields = []
    for key, uses in _params().items():
        _, param, ctx = uses[0]
        how = "sections" if key == "games" and uses[0][0].name == "pack" else kind(param)
        lo, hi = limits(param)
        f: dict[str, Any] = {
            "key": key,
            "label": label(key),
            "kind": how,
            "advanced": key in ADVANCED,
            "min": lo,
            "max": hi,
            "docs": [d.name for d, _, _ in uses],
            "hint": HINTS.get(key),
        }
        if how == "choice":
            assert isinstance(param.type, click.Choice)
            f["choices"] = [(str(c), value_label(key, str(c))) for c in param.type.choices]
            f["optional"] = isinstance(param, click.Argument) or default_of(param, ctx) is None
            f["empty"] = EMPTY_CHOICE.get(key, "The usual")
        if how == "sections":
            f["choices"] = [
                (s.name, s.title[:1].upper() + s.title[1:], not s.optional) for s in pack_sections()
            ]
        fields.append(f)
    return fields


def documents_json() -> str:
    """What the page's script needs of each document: its fields, their defaults under the
    settings file, and how each is typed on the command line (shown under More options)."""
    data: dict[str, Any] = {}
    for doc in DOCUMENTS.values():
        cmd, ctx = command_context(doc)
        params = offered(doc, cmd)
        data[doc.name] = {
            "title": doc.title,
            "base": ["parlour", *command_line(doc, ())],
            "fields": [key_of(p) for p in params],
            "defaults": {key_of(p): shown(default_of(p, ctx)) for p in params},
            "cli": {
                key_of(p): ["", None]
                if not isinstance(p, click.Option)
                else [f"--{key_of(p)}", p.secondary_opts[0] if p.secondary_opts else None]
                for p in params
            },
            "flags": [key_of(p) for p in params if kind(p) == "flag"],
            # with a cutting machine the command turns bleed on unless it is given
            "with_cutter": {"bleed": shown(DEFAULT_BLEED_MM)}
            if "cutter" in map(key_of, params) and "bleed" in map(key_of, params)
            else {},
            "limits": {key_of(p): list(limits(p)) for p in params if kind(p) in ("int", "float")},
            "choices": {
                key_of(p): [str(c) for c in p.type.choices]
                for p in params
                if isinstance(p.type, click.Choice)
            },
        }
    return json.dumps(data).replace("<", "\\u003c")


def _setting_choices() -> dict[str, list[tuple[str, str]]]:
    """The choices of the settings the page saves: the pack command's own parameters."""
    cmd, _ = command_context(DOCUMENTS["pack"], settings=False)
    out = {}
    for p in cmd.params:
        if p.name in ("paper", "duplex", "spelling") and isinstance(p.type, click.Choice):
            out[str(p.name)] = [(str(c), value_label(str(p.name), str(c))) for c in p.type.choices]
    return out


def settings_form() -> dict[str, Any]:
    try:
        values = config.load().values
    except ParlourError:
        values = {}
    current = {s.key: values.get(s.key, s.default) for s in config.SETTINGS}
    return {"choices": _setting_choices(), "values": current}


def referee_choices() -> dict[str, list[tuple[str, str]]]:
    from generator.games.chimera.model import FACES, SUITS, VARIANTS

    return {
        "face": [(f, f.title()) for f in FACES],
        "suit": [(s, s.title()) for s in SUITS],
        "variant": [(v, value_label("variant", v)) for v in VARIANTS],
    }


def phone_qr(app: Flask) -> dict[str, str] | None:
    """The address a phone on the same network opens, and its QR code as SVG, when the server
    listens on every interface; None otherwise."""
    from generator.web.phone import network_address, qr_svg

    host, port = app.config["PARLOUR_ADDRESS"]
    if host not in ("0.0.0.0", "::", ""):
        return None
    url = network_address(port)
    if url is None:
        return None
    svg = qr_svg(url)
    return {"url": url, "svg": svg} if svg else {"url": url, "svg": ""}
