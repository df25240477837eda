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
import secrets
from typing import Any

import click
from flask import Flask, Response, abort, jsonify, redirect, render_template, request

from generator import config
from generator.errors import ParlourError
from generator.web import build, referee
from generator.web.documents import DOCUMENTS, document, normalise

SETTABLE = ("paper", "back_offset", "duplex", "spelling")  # what the page may save
LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]")


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
        if value in hosts or (any_ip and _ip_literal_host(value, port)):
            return None
        return _error(403, "this server answers only at its own address (refused Host header)")

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
    @app.errorhandler(ParlourError)
    @app.errorhandler(click.UsageError)
    def bad_request(e: Exception) -> Any:
        msg = e.format_message() if isinstance(e, click.UsageError) else str(e)
        return _error(400, msg)

    @app.errorhandler(Exception)
    def internal(e: Exception) -> Any:  # never a traceback in a response
        app.logger.error("internal error on %s: %s", request.path, type(e).__name__)
        return _error(500, "something went wrong inside parlour; nothing was printed")


def _pages(app: Flask, token: str) -> None:
    """The page, the PDFs, the page previews and what a document holds."""

    @app.get("/")
    def index() -> Any:
        from generator.commands.pack import pack_sections

        try:
            settings = config.load().values
            settings_error = None
        except ParlourError as e:
            settings, settings_error = {}, str(e)
        values = {s.key: settings.get(s.key, s.default) for s in config.SETTINGS}
        return render_template(
            "index.html",
            documents=DOCUMENTS,
            sections=pack_sections(),
            settings=values,
            settings_error=settings_error,
            token=token,
            today=dt.date.today().isoformat(),
            options=_option_choices(),
            documents_json=_documents_json(),
        )

    @app.get("/pdf/<name>")
    def pdf(name: str) -> Any:
        doc, options = _document(name)
        built = build.build(doc, options)
        resp = Response(built.pdf, mimetype="application/pdf")
        resp.headers["Content-Disposition"] = f'inline; filename="{doc.name}.pdf"'
        resp.headers["X-Page-Count"] = str(built.pages)
        return resp

    @app.get("/preview/<name>/<int:page>.png")
    def preview(name: str, page: int) -> Any:
        doc, options = _document(name)
        try:
            png = build.preview(doc, options, page)
        except LookupError as e:
            return _error(404, str(e))
        resp = Response(png, mimetype="image/png")
        resp.headers["Cache-Control"] = "private, max-age=300"
        return resp

    @app.get("/api/document/<name>")
    def about(name: str) -> Any:
        doc, options = _document(name)
        built = build.build(doc, options)
        return jsonify(
            {
                "document": doc.name,
                "title": doc.title,
                "pages": built.pages,
                "bytes": len(built.pdf),
                "options": dict(options),
                "command": "parlour " + " ".join(_shown(doc, options)),
            }
        )


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


def _error(code: int, message: str) -> Any:
    """One line: JSON {"error": ...} for the API, plain text for the rest (the page shows it)."""
    line = " ".join(str(message).split())
    if request.path.startswith("/api/") or request.path == "/settings":
        resp = jsonify({"error": line})
    else:
        resp = Response(line + "\n", mimetype="text/plain")
    resp.status_code = code
    return resp


def _arg(name: str) -> str | None:
    return request.args.get(name)


def _document(name: str) -> Any:
    if name not in DOCUMENTS:
        abort(404)
    doc = document(name)
    query = {k: request.args.get(k, "") for k in request.args}
    if any(len(request.args.getlist(k)) > 1 for k in request.args):
        raise BadRequest("give each option once")
    options = normalise(doc, query)
    if doc.name == "doublets-daily" and "date" not in dict(options):  # today, said out loud: a cached
        options = (("date", dt.date.today().isoformat()), *options)  # PDF never outlives its day
    return doc, options


def _shown(doc: Any, options: tuple[tuple[str, str], ...]) -> list[str]:
    from generator.web.documents import command_line

    return command_line(doc, options, "OUT.pdf")[:-2]


def _settings_form(form: Any) -> dict[str, str]:
    """The settings the form sends, checked as the settings file's reader checks them."""
    from generator.press.impose import parse_offset
    from generator.press.paper import PAPERS
    from generator.press.print_defaults import DUPLEX_MODES
    from generator.words.spelling import SPELLINGS

    choices = {"paper": list(PAPERS), "duplex": list(DUPLEX_MODES), "spelling": list(SPELLINGS)}
    out: dict[str, str] = {}
    for key in SETTABLE:
        raw = form.get(key) or form.get(key.replace("_", "-"))
        if raw is None or raw.strip() == "":
            continue
        value = raw.strip().lower()
        if key in choices:
            if value not in choices[key]:
                raise BadRequest(f"{key}: {raw[:40]!r} is not one of {', '.join(choices[key])}")
        else:
            if len(value) > 20:
                raise BadRequest("back offset: give X,Y in millimetres, like 1.5,-0.5")
            try:
                parse_offset(value)  # the same limits as --back-offset
                parts = [float(v) for v in value.replace(" ", "").split(",")]
            except (ParlourError, ValueError):
                raise BadRequest("back offset: give X,Y in millimetres, like 1.5,-0.5") from None
            value = f"{parts[0]:g},{parts[1]:g}"
        out[key] = value
    if not out:
        raise BadRequest("nothing to save: choose a paper, back offset, duplex or spelling")
    return out


def _documents_json() -> str:
    """What the page's script needs to know of each document: its options and their CLI names."""
    import json

    data = {
        d.name: {
            "title": d.title,
            "command": list(d.command),
            "options": [o.name for o in d.options],
            "cli": {o.name: "" if o.argument else (o.cli or f"--{o.name}") for o in d.options},
            "flags": [o.name for o in d.options if o.flag],
        }
        for d in DOCUMENTS.values()
    }
    return json.dumps(data).replace("<", "\\u003c")


def _option_choices() -> dict[str, list[str]]:
    from generator.games.chimera.model import FACES, SUITS, VARIANTS
    from generator.games.rules.model import GAMES
    from generator.press.paper import PAPERS
    from generator.press.print_defaults import CARD_PRESETS, DUPLEX_MODES
    from generator.words.spelling import SPELLINGS

    return {
        "paper": list(PAPERS),
        "duplex": list(DUPLEX_MODES),
        "spelling": list(SPELLINGS),
        "card": list(CARD_PRESETS),
        "variant": list(VARIANTS),
        "game": list(GAMES),
        "face": list(FACES),
        "suit": list(SUITS),
    }
