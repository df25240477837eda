"""parlour serve over HTTP (Flask's test client): every route, bad input, and the security rules."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import signal
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.games.doublets.model import DAILY_COUNT

pytest.importorskip("flask", reason="the web extra (flask) is not installed")

from generator import config  # noqa: E402
from generator.web.app import create_app  # noqa: E402
from generator.web.documents import DOCUMENTS, WEB_MAX_DAYS  # noqa: E402

BASE = "http://127.0.0.1:8000"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app():
    return create_app("127.0.0.1", 8000)


@pytest.fixture
def client(app):
    return app.test_client()


def get(client, url: str, host: str | None = None, **kw):
    headers = kw.pop("headers", {})
    if host is not None:
        headers["Host"] = host
    return client.get(url, base_url=BASE, headers=headers, **kw)


def one_line(resp) -> str:
    text = resp.get_data(as_text=True)
    assert "Traceback" not in text and 'File "' not in text
    if resp.mimetype == "application/json":
        text = resp.get_json()["error"]
    assert text.strip() and "\n" not in text.strip(), text
    return text.strip()


def settled(client, url: str, **kw):
    """The answer to a build's status once it is no longer "being made" (202)."""
    import time

    for _ in range(3000):
        resp = get(client, url, **kw)
        if resp.status_code != 202:
            return resp
        time.sleep(0.05)
    raise AssertionError(f"{url} never finished")


def cli_pdf(run, tmp_path: Path, *args: str) -> bytes:
    out = tmp_path / "cli.pdf"
    result = run(*args, "-o", str(out))
    assert result.exit_code == 0, result.output
    return out.read_bytes()


# -- the page --------------------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: dict[str, str] = {}
        self.label_for: set[str] = set()
        self.urls: list[str] = []
        self.in_label = 0
        self.wrapped: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "label":
            self.in_label += 1
            if a.get("for"):
                self.label_for.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            key = a.get("id") or f"{tag}:{a.get('name')}:{a.get('value')}"
            self.ids[key] = tag
            if self.in_label:
                self.wrapped.add(key)
        for attr in ("src", "href", "action"):
            if a.get(attr):
                self.urls.append(a[attr])

    def handle_endtag(self, tag):
        if tag == "label":
            self.in_label -= 1


def test_page_has_labels_token_and_nothing_from_elsewhere(client):
    resp = get(client, "/")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    html = resp.get_data(as_text=True)
    page = _Page()
    page.feed(html)
    unlabelled = [k for k in page.ids if k not in page.label_for and k not in page.wrapped]
    assert not unlabelled, unlabelled
    assert page.urls and all(u.startswith(("/", "#")) and not u.startswith("//") for u in page.urls), (
        page.urls
    )
    assert re.search(r'name="csrf_token" value="[\w-]{20,}"', html)
    assert 'name="viewport"' in html
    for static in ("parlour.css", "parlour.js"):
        body = get(client, f"/static/{static}").get_data(as_text=True)
        assert not re.search(r"https?://|@import|url\(", body), static
    assert "default-src 'self'" in resp.headers["Content-Security-Policy"]


class _Text(HTMLParser):
    """The words a visitor reads or hears: text outside scripts and styles, and labels in attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("aria-label", "alt", "title", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data.strip())


#: Words the family page must not use (the command line's names for things), and the games'
#: names said in full.
JARGON = re.compile(
    r"\bSeed\b|flip on:|Back offset|Letters needed|\bpar\b|\blinks?\b|\brungs?\b|same as typing"
    r"|Chimera(?!'s Lair)|Sorcerer(?!'s Chamber)|--[a-z]",
    re.IGNORECASE,
)


def test_the_page_speaks_family_words(client):
    page = _Text()
    page.feed(get(client, "/").get_data(as_text=True))
    text = "\n".join(page.parts)
    assert not JARGON.findall(text), JARGON.findall(text)
    script = get(client, "/static/parlour.js").get_data(as_text=True)
    shown = re.findall(r"`([^`]*)`|\"([^\"]*)\"", script)  # the script's strings: what it may show
    said = [re.sub(r"\$\{[^}]*\}", "", a or b) for a, b in shown]  # the words, not the code in them
    said = [t for t in said if " " in t and not t.startswith("/")]
    assert said and not [s for s in said if JARGON.search(s)], [s for s in said if JARGON.search(s)]


# -- PDFs ------------------------------------------------------------------------------------

#: One cheap choice for each document (all fifteen are served).
CHEAP = {
    "pack": "games=doublets,chimera&paper=a4",
    "rules": "game=doublets",
    "doublets-sheet": "count=2&seed=3",
    "doublets-daily": "from=2026-01-02&days=1&count=2",
    "doublets-jewels": "players=2",
    "doublets-scorepad": "players=3",
    "chimera-key": "variant=two-thirds",
    "chimera-pad": "players=3",
    "chimera-deck": "duplex=short",
    "fighting-words-deck": "deck-size=40",
    "riddle-craft-deck": "ink-saver=1",
    "sorcerer-board": "players=2&seed=4",
    "sorcerer-notes": "paper=a4",
    "piecepack": "pieces=tiles",
    "calibrate": "duplex=short",
}


def test_every_document_is_listed():
    assert set(CHEAP) == set(DOCUMENTS)


@pytest.mark.parametrize("name", sorted(CHEAP))
def test_every_document_prints(client, name):
    resp = get(client, f"/pdf/{name}?{CHEAP[name]}")
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.mimetype == "application/pdf" and resp.data.startswith(b"%PDF")
    assert int(resp.headers["X-Page-Count"]) >= 1


@pytest.mark.parametrize(
    ("query", "args"),
    [
        (
            "/pdf/pack?games=doublets,chimera&paper=a4",
            ["pack", "--games", "doublets,chimera", "--paper", "a4"],
        ),
        (
            "/pdf/pack?paper=A4&games=doublets,chimera",
            ["pack", "--paper", "a4", "--games", "doublets,chimera"],
        ),
        (
            "/pdf/chimera-deck?variant=two-thirds&duplex=short&ink-saver=1",
            ["chimera", "deck", "--variant", "two-thirds", "--duplex", "short", "--ink-saver"],
        ),
        ("/pdf/rules?game=chimera&booklet=1", ["rules", "chimera", "--booklet"]),
        (
            "/pdf/doublets-daily?from=2026-01-02&days=2&count=3&paper=a4",
            [
                "doublets",
                "daily",
                "--from",
                "2026-01-02",
                "--days",
                "2",
                "--count",
                "3",
                "--book",
                "--paper",
                "a4",
            ],
        ),
    ],
)
def test_same_choices_same_bytes_as_the_cli(client, run, tmp_path, query, args):
    resp = get(client, query)
    assert resp.status_code == 200
    assert resp.data == cli_pdf(run, tmp_path, *args)


def test_saved_settings_reach_the_page_and_the_cli_alike(client, run, tmp_path, settings_home):
    config.save_setting("paper", "a4")
    config.save_setting("duplex", "short")
    resp = get(client, "/pdf/calibrate")
    assert resp.status_code == 200
    assert resp.data == cli_pdf(run, tmp_path, "calibrate")
    assert resp.data != cli_pdf(run, tmp_path, "calibrate", "--paper", "letter")


def test_several_tabs_building_at_once_all_get_their_pdf(app):
    queries = [
        "/pdf/sorcerer-notes",
        "/pdf/chimera-pad?players=5",
        "/pdf/doublets-scorepad?players=4",
        "/pdf/calibrate",
    ]
    got: dict[str, bytes] = {}

    def fetch(q: str) -> None:
        got[q] = app.test_client().get(q, base_url=BASE).data

    threads = [threading.Thread(target=fetch, args=(q,)) for q in queries * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[q].startswith(b"%PDF") for q in queries)
    fresh = create_app("127.0.0.1", 8000).test_client()
    assert all(got[q] == fresh.get(q, base_url=BASE).data for q in queries)


# -- previews --------------------------------------------------------------------------------


def test_preview_is_a_png_of_the_page(client):
    about = settled(client, "/api/document/pack?games=doublets&paper=a4").get_json()
    assert about["pages"] > 2 and about["command"] == "parlour pack --games doublets --paper a4"
    assert about["file"] == f"parlour-the-game-night-pack-{dt.date.today().isoformat()}.pdf"
    resp = get(client, "/preview/pack/2.png?games=doublets&paper=a4")
    assert resp.status_code == 200 and resp.mimetype == "image/png"
    import io

    from PIL import Image

    w, h = Image.open(io.BytesIO(resp.data)).size
    assert abs(h / w - 841.89 / 595.28) < 0.01  # A4, upright
    last = get(client, f"/preview/pack/{about['pages']}.png?games=doublets&paper=a4")
    assert last.status_code == 200
    for page in (0, about["pages"] + 1):
        missing = get(client, f"/preview/pack/{page}.png?games=doublets&paper=a4")
        assert missing.status_code == 404
        one_line(missing)
    assert get(client, "/preview/pack/x.png").status_code == 404


# -- bad input -------------------------------------------------------------------------------


#: Refusals: (document?query, the field they are said beside, what they say). Every one is in
#: family words: no option names, no command, no exception text.
REFUSED = [
    ("pack?bogus=1", "bogus", "does not apply"),
    ("pack?paper=b5", "paper", "Choose one from the list"),
    ("pack?games=nope", "games", "Unknown section 'nope'"),
    ("pack?players=1", "players", "Doublets needs at least 2 players"),
    ("pack?players=13", "players", "at most 12 players"),
    ("pack?back-offset=99,0", "back-offset", "over 20 mm"),
    ("pack?bleed=20", "bleed", "between 0 and 10 mm"),
    ("doublets-daily?days=" + str(WEB_MAX_DAYS + 1), "days", f"from 1 to {WEB_MAX_DAYS}"),
    ("doublets-daily?from=9999-12-31", "from", "Choose a day between"),
    ("doublets-sheet?count=61", "count", "60"),
    ("doublets-sheet?date=2025-02-30", "date", "Choose a date"),
    ("doublets-sheet?seed=2&date=2025-02-03", "seed", "not both"),
    ("doublets-jewels?seed=2147483648", "seed", "from 0 to 2147483647"),
    ("chimera-pad?sheets=501", "sheets", "from 1 to 500"),
    ("doublets-scorepad?games=501", "games", "500"),
    ("fighting-words-deck?letters=/etc/passwd", "letters", "does not apply"),
    ("pack?templates=/tmp", "templates", "does not apply"),
    ("pack?output=/tmp/x.pdf", "output", "does not apply"),
    ("pack?ink-saver=maybe", "ink-saver", "Choose"),
    ("sorcerer-board?players=5", "players", "2, 3 or 4"),
]


@pytest.mark.parametrize(("query", "field", "says"), REFUSED)
def test_bad_choices_are_said_beside_their_field_in_family_words(client, query, field, says):
    resp = settled(client, f"/api/document/{query}")
    assert resp.status_code == 400
    line = one_line(resp)
    assert says in line and resp.get_json().get("field") == field, resp.get_json()
    assert "--" not in line and "parlour " not in line and "Error" not in line and "Traceback" not in line
    pdf = get(client, f"/pdf/{query}")  # the PDF itself: refused with the same line
    assert pdf.status_code == 400 and one_line(pdf) == line


def test_a_seed_as_large_as_the_page_allows_prints(client):
    assert settled(client, "/api/document/doublets-jewels?seed=2147483647").status_code == 200


def test_an_option_given_twice_or_too_long_is_refused(client):
    for url in ("/pdf/pack?paper=a4&paper=letter", "/pdf/pack?games=" + "a" * 300):
        resp = get(client, url)
        assert resp.status_code == 400
        one_line(resp)


@pytest.mark.parametrize(
    "url",
    ["/nothing", "/pdf/nothing", "/pdf/../../etc/passwd", "/preview/nothing/1.png", "/static/../app.py"],
)
def test_unknown_paths_are_404(client, url):
    resp = get(client, url)
    assert resp.status_code == 404
    one_line(resp)


def test_an_api_404_is_json(client):
    resp = get(client, "/api/nothing")
    assert resp.status_code == 404 and resp.get_json() == {"error": "no such page"}


def test_an_internal_error_is_one_line_without_a_traceback(app):
    def broken():
        raise RuntimeError("secret detail of the failure")

    app.add_url_rule("/broken", "broken", broken)
    app.add_url_rule("/api/broken", "api_broken", broken)
    for url in ("/broken", "/api/broken"):
        resp = app.test_client().get(url, base_url=BASE)
        assert resp.status_code == 500
        line = one_line(resp)
        assert "secret detail" not in line and "RuntimeError" not in line


# -- the referee -----------------------------------------------------------------------------


def test_doublets_solve_is_the_cli_answer(client, run):
    got = get(client, "/api/doublets/solve?head=cold&tail=warm").get_json()
    said = run("doublets", "solve", "cold", "warm").output.splitlines()[0]
    assert " → ".join(got["chain"]) == said
    assert got["links"] == len(got["chain"]) - 2 and got["shortest_chains"] >= 1


def test_doublets_solve_without_a_chain_and_bad_words(client, run):
    none = get(client, "/api/doublets/solve?head=ugly&tail=ebbs")
    assert none.status_code == 200 and none.get_json()["chain"] is None
    assert none.get_json()["reason"] == run("doublets", "solve", "ugly", "ebbs").output.strip()
    for q in (
        "head=cold",
        "head=cold&tail=warmer",
        "head=cold&tail=w4rm",
        "head=cold&tail=cold",
        "head=cold&tail=xqzj",
    ):
        resp = get(client, f"/api/doublets/solve?{q}")
        assert resp.status_code == 400, q
        one_line(resp)


@pytest.mark.parametrize(
    ("prev", "word", "ok", "says"),
    [
        ("cold", "cord", True, "one letter changed"),
        ("cold", "CORD", True, "one letter changed"),
        ("cold", "word", False, "changes 2 letters"),
        ("cold", "cold", False, "same word"),
        ("cold", "colds", False, "keeps 4"),
        ("cold", "coxd", False, "can't be used"),
    ],
)
def test_a_rung_is_one_letter_changed_and_a_word(client, prev, word, ok, says):
    r = get(client, f"/api/doublets/step?from={prev}&word={word}").get_json()
    assert r["ok"] is ok and says in r["reason"]


def test_the_rung_check_refuses_bad_input(client):
    for q in ("from=cold", "word=cord", "from=c0ld&word=cord", "from=ab&word=ac"):
        resp = get(client, f"/api/doublets/step?{q}")
        assert resp.status_code == 400, q
        one_line(resp)


def test_todays_doublets_are_the_printed_days_puzzles_without_the_key(client, run, tmp_path):
    day = "2026-01-03"
    data = get(client, f"/api/doublets/daily?date={day}").get_json()
    assert data["date"] == day and len(data["puzzles"]) == DAILY_COUNT
    assert all({"start", "end", "par", "prompt"} <= set(p) for p in data["puzzles"])
    assert not any({"chain", "links", "shortest_chains"} & set(p) for p in data["puzzles"])  # no key
    js = tmp_path / "daily.json"
    result = run(
        "doublets",
        "daily",
        "--from",
        day,
        "--days",
        "1",
        "--book",
        "-o",
        str(tmp_path / "d.pdf"),
        "--json",
        str(js),
    )
    assert result.exit_code == 0, result.output
    printed = json.loads(js.read_text())
    sheet = printed["days"][0]
    assert [(p["start"], p["end"], p["par"]) for p in sheet["puzzles"]] == [
        (p["start"], p["end"], p["par"]) for p in data["puzzles"]
    ]
    key = get(client, f"/api/doublets/key?date={day}&puzzle=2").get_json()
    assert key["chain"] == sheet["puzzles"][1]["chain"]
    for q in ("puzzle=9", "puzzle=0", "puzzle=x", "puzzle=1&date=2026-13-01", "puzzle=1&spelling=fr"):
        resp = get(
            client, f"/api/doublets/key?date={day}&{q}" if "date=" not in q else f"/api/doublets/key?{q}"
        )
        assert resp.status_code == 400, q
        one_line(resp)


@pytest.mark.parametrize(
    ("query", "args", "valid"),
    [
        ("face=six&suit=heart&answer=shirt", ["six", "heart", "shirt"], True),
        ("face=six&suit=hearts&answer=shirt", ["six", "hearts", "shirt"], True),
        ("face=six&suit=heart&answer=hearts", ["six", "heart", "hearts"], False),
        (
            "face=7&suit=diamond&answer=mode&variant=over-half",
            ["7", "diamond", "mode", "--variant", "over-half"],
            False,
        ),
    ],
)
def test_chimera_check_is_the_cli_verdict(client, run, tmp_path, query, args, valid):
    got = get(client, f"/api/chimera/check?{query}").get_json()
    js = tmp_path / "check.json"
    result = run("chimera", "check", *args, "--json", str(js))
    assert result.exit_code == (0 if valid else 1)
    assert got == json.loads(js.read_text())
    assert got["valid"] is valid


def test_chimera_check_refuses_bad_input(client):
    for q in (
        "face=sox&suit=heart&answer=shirt",
        "face=six&suit=heart",
        "face=six&suit=heart&answer=sh1rt",
        "face=six&suit=heart&answer=shirt&variant=most",
    ):
        resp = get(client, f"/api/chimera/check?{q}")
        assert resp.status_code == 400, q
        one_line(resp)


def test_fighting_words_check(client, run):
    grow = get(client, "/api/fighting-words/check?letters=TRN").get_json()
    assert grow["can_grow"] is True and grow["examples"]
    assert run("fighting-words", "check", "TRN").output.startswith("TRN: yes")
    stuck = get(client, "/api/fighting-words/check?letters=xqj").get_json()
    assert stuck["can_grow"] is False
    assert run("fighting-words", "check", "XQJ").exit_code == 1
    done = get(client, "/api/fighting-words/check?complete=famished").get_json()
    assert done["complete"] is True and done["points"] == 3
    assert get(client, "/api/fighting-words/check?complete=famish").get_json()["complete"] in (True, False)
    for q in ("letters=ab1", "letters=", "letters=ab&complete=abc", ""):
        resp = get(client, f"/api/fighting-words/check?{q}")
        assert resp.status_code == 400, q
        one_line(resp)


# -- settings --------------------------------------------------------------------------------


def _token(client) -> str:
    html = get(client, "/").get_data(as_text=True)
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def test_settings_save_into_the_cli_settings_file(client, run, settings_home):
    token = _token(client)
    resp = client.post(
        "/settings",
        base_url=BASE,
        data={
            "csrf_token": token,
            "paper": "a4",
            "back_offset": "1.5, -0.50",
            "duplex": "short",
            "spelling": "uk",
        },
    )
    assert resp.status_code == 303
    saved = config.load()
    assert saved.values == {"paper": "a4", "back_offset": "1.5,-0.5", "duplex": "short", "spelling": "uk"}
    assert saved.path == settings_home / "parlour" / "config.toml"
    shown = run("config").output
    assert "a4" in shown and "1.5,-0.5" in shown
    js = client.post(
        "/settings", base_url=BASE, data={"paper": "letter"}, headers={"X-CSRF-Token": token, "Origin": BASE}
    )
    assert js.status_code == 200 and js.get_json() == {"saved": {"paper": "letter"}}
    assert config.load().values["paper"] == "letter"


@pytest.mark.parametrize(
    ("data", "headers", "code"),
    [
        ({"paper": "a4"}, {}, 403),  # no token
        ({"paper": "a4", "csrf_token": "forged"}, {}, 403),
        ({"paper": "a4", "csrf_token": None}, {"Origin": "http://evil.example"}, 403),
        ({"paper": "b5", "csrf_token": None}, {}, 400),
        ({"back_offset": "30,0", "csrf_token": None}, {}, 400),
        ({"back_offset": "one,two", "csrf_token": None}, {}, 400),
        ({"card": "tarot", "csrf_token": None}, {}, 400),  # not a setting the page saves
    ],
)
def test_settings_refused(client, settings_home, data, headers, code):
    token = _token(client)
    data = {k: (token if v is None else v) for k, v in data.items()}
    resp = client.post("/settings", base_url=BASE, data=data, headers=headers)
    assert resp.status_code == code
    one_line(resp)
    assert not (settings_home / "parlour" / "config.toml").exists()


def test_settings_are_never_saved_by_a_get(client, settings_home):
    assert get(client, "/settings?paper=a4").status_code == 405
    assert not (settings_home / "parlour" / "config.toml").exists()


# -- the Host header (DNS rebinding) ---------------------------------------------------------


@pytest.mark.parametrize(
    "host", ["evil.example:8000", "evil.example", "127.0.0.1:8001", "localhost", "10.0.0.2:8000", ""]
)
@pytest.mark.parametrize("url", ["/", "/pdf/calibrate", "/api/doublets/solve?head=cold&tail=warm"])
def test_a_foreign_host_is_refused(client, host, url):
    resp = get(client, url, host=host)
    assert resp.status_code == 403
    one_line(resp)


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000"])
def test_the_served_address_is_answered(client, host):
    assert get(client, "/api/fighting-words/check?letters=trn", host=host).status_code == 200


def test_on_every_interface_addresses_pass_but_names_do_not():
    c = create_app("0.0.0.0", 8080).test_client()
    ok = ["192.168.1.20:8080", "127.0.0.1:8080", "[fe80::1]:8080", "localhost:8080"]
    for host in ok:
        assert c.get("/api/fighting-words/check?letters=trn", headers={"Host": host}).status_code == 200, host
    for host in ["rebind.example:8080", "192.168.1.20:8000", "192.168.1.20"]:
        assert c.get("/", headers={"Host": host}).status_code == 403, host


# -- the command -----------------------------------------------------------------------------


def _parlour(code: str, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=60,
        **kw,
    )


def test_help_lists_serve_without_importing_flask():
    code = "import sys; from generator.cli import cli; cli.main(['--help'], standalone_mode=False); print('flask' in sys.modules)"
    out = _parlour(code)
    assert "serve" in out.stdout and out.stdout.strip().endswith("False")


def test_without_the_web_extra_serve_says_how_to_install_it():
    code = (
        "import sys, importlib.abc\n"
        "class NoWeb(importlib.abc.MetaPathFinder):\n"  # the extra not installed: flask cannot be found
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('flask', 'waitress'): raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, NoWeb())\n"
        "from generator.cli import main\n"
        "sys.argv = ['parlour', 'serve', '--no-browser']\n"
        "main()\n"
    )
    out = _parlour(code)
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and "pip install 'parlour[web]'" in out.stderr


@pytest.mark.parametrize(("host", "warns"), [("127.0.0.1", False), ("0.0.0.0", True)])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_serve_prints_its_address_and_stops_cleanly(tmp_path, host, warns, sig):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--host", host, "--port", "0", "--no-browser"],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(scratch)},
    )
    try:
        lines = [proc.stderr.readline()]
        if warns:
            assert lines[0].startswith("warning: listening on 0.0.0.0")
            lines.append(proc.stderr.readline())
        m = re.search(r"serving at (http://127\.0\.0\.1:(\d+)/)", lines[-1])
        assert m, lines
        import urllib.request

        with urllib.request.urlopen(m.group(1) + "api/fighting-words/check?letters=trn", timeout=30) as resp:
            assert json.load(resp)["can_grow"] is True

        def download() -> None:  # a build under way when the server stops
            try:
                urllib.request.urlopen(m.group(1) + "pdf/pack?paper=a4", timeout=60).read()
            except OSError:
                pass

        threading.Thread(target=download, daemon=True).start()
        import time

        time.sleep(1.0)
        proc.send_signal(sig)
        rest = proc.communicate(timeout=30)[1]
    finally:
        proc.kill() if proc.poll() is None else None
    assert proc.returncode == 0
    assert "stopped" in rest and "Traceback" not in rest
    assert list(scratch.iterdir()) == []  # today's Doublets, made in a child process: ended, removed


# -- one declaration: the page's fields are the commands' own options ---------------------------


class _Selects(HTMLParser):
    """Each print field's select and its choices, and the documents' declaration the script reads."""

    def __init__(self) -> None:
        super().__init__()
        self.selects: dict[str, list[str]] = {}
        self._select: str | None = None
        self._json = False
        self.documents = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "select" and (a.get("id") or "").startswith("f-"):
            self._select = a["name"]
            self.selects[self._select] = []
        elif tag == "option" and self._select is not None and a.get("value"):
            self.selects[self._select].append(a["value"])
        self._json = tag == "script" and a.get("id") == "documents"

    def handle_data(self, data):
        if self._json:
            self.documents += data

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        self._json = False


def test_the_page_and_the_command_line_agree_on_every_choice_and_range(client):
    """For every document, the page offers exactly the command's choices for each option, and
    each number field has the command's own range (narrowed only where WEB_LIMITS says so)."""
    import click

    from generator.web.documents import WEB_LIMITS, command_context, key_of, offered

    page = _Selects()
    page.feed(get(client, "/").get_data(as_text=True))
    docs = json.loads(page.documents)
    checked = 0
    for doc in DOCUMENTS.values():
        cmd, _ = command_context(doc, settings=False)
        declared = docs[doc.name]
        for p in offered(doc, cmd):
            key = key_of(p)
            assert key in declared["fields"], (doc.name, key)  # every option reaches the page
            if isinstance(p.type, click.Choice):
                choices = [str(c) for c in p.type.choices]
                assert declared["choices"][key] == choices and page.selects[key] == choices, (doc.name, key)
                checked += 1
            elif isinstance(p.type, click.types.IntParamType):
                lo = hi = None
                if isinstance(p.type, click.IntRange):
                    lo, hi = p.type.min, p.type.max
                if key in WEB_LIMITS:
                    lo = WEB_LIMITS[key][0] if lo is None else max(lo, WEB_LIMITS[key][0])
                    hi = WEB_LIMITS[key][1] if hi is None else min(hi, WEB_LIMITS[key][1])
                assert declared["limits"][key] == [lo, hi], (doc.name, key, declared["limits"][key])
                checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Referer": "http://evil.example/page.html"},
    ],
)
def test_another_site_cannot_start_a_build(client, headers):
    from generator.web import build

    before = len(build.BUILDS.jobs)
    for url in (
        "/pdf/calibrate?paper=a4&duplex=none",
        "/zip/chimera-deck?paper=a4&cutter=silhouette",
        "/preview/calibrate/1.png?paper=a4&duplex=none",
        "/api/document/calibrate?paper=a4&duplex=none",
        "/api/doublets/daily?date=2031-01-01",
    ):
        resp = get(client, url, headers=dict(headers))
        assert resp.status_code == 403, url
        assert "another site" in one_line(resp)
    assert len(build.BUILDS.jobs) == before  # nothing was started


@pytest.mark.parametrize(
    "headers", [{"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}, {"Origin": BASE}, {}]
)
def test_the_page_itself_and_a_typed_address_may_build(client, headers):
    assert get(client, "/pdf/sorcerer-notes", headers=dict(headers)).status_code == 200


def test_on_every_interface_the_page_shows_a_code_for_phones(monkeypatch):
    from generator.web import phone

    monkeypatch.setattr(phone, "network_address", lambda port: f"http://192.168.1.20:{port}/")
    client = create_app("0.0.0.0", 8000).test_client()
    html = client.get("/", base_url="http://192.168.1.20:8000").get_data(as_text=True)
    assert "http://192.168.1.20:8000/" in html and "<svg" in html and "<path" in html
    alone = create_app("127.0.0.1", 8000).test_client()
    assert "<svg" not in get(alone, "/").get_data(as_text=True)  # on this computer only: no code


def test_the_qr_code_says_the_address():
    """The code drawn is the address (decoded by segno's own matrix, compared with a fresh one)."""
    import segno

    from generator.web.phone import qr_svg, qr_terminal

    url = "http://192.168.1.20:8000/"
    assert url in qr_svg(url)  # its title
    rows = [ln for ln in qr_terminal(url).splitlines() if ln.strip()]
    size = len(segno.make(url, error="m").matrix) + 4  # the border of two modules each side
    assert len(rows) == (size + 1) // 2 and all(len(r) == size for r in rows)


# -- a cutting machine: the PDF and its cut files in one zip ---------------------------------


def _dxf_shapes(data: bytes) -> list[tuple]:
    """A DXF's entities (type, layer, points): ezdxf stamps each file with its time and ids."""
    import io

    ezdxf = pytest.importorskip("ezdxf")
    doc = ezdxf.read(io.StringIO(data.decode("utf-8")))
    out = []
    for e in doc.modelspace():
        pts = [tuple(round(v, 6) for v in p) for p in e.get_points()] if e.dxftype() == "LWPOLYLINE" else []
        if e.dxftype() == "LINE":
            pts = [tuple(round(v, 6) for v in e.dxf.start), tuple(round(v, 6) for v in e.dxf.end)]
        if e.dxftype() == "CIRCLE":
            pts = [tuple(round(v, 6) for v in e.dxf.center), (round(e.dxf.radius, 6),)]
        out.append((e.dxftype(), e.dxf.layer, pts))
    return out


@pytest.mark.parametrize(
    ("name", "query", "args", "folder"),
    [
        ("chimera-deck", "cutter=silhouette", ["chimera", "deck", "--cutter", "silhouette"], "cut"),
        ("riddle-craft-deck", "cutter=cricut", ["riddle-craft", "deck", "--cutter", "cricut"], "cricut"),
        (
            "piecepack",
            "pieces=tiles&cutter=scanncut",
            ["piecepack", "--pieces", "tiles", "--cutter", "scanncut"],
            "cut",
        ),
    ],
)
def test_a_cutting_machine_brings_its_files_with_the_pdf_in_one_zip(
    client, run, tmp_path, name, query, args, folder
):
    """The zip holds the command line's PDF and the folder it writes beside it, file for file
    (a DXF's shapes, as ezdxf dates and numbers each file afresh), named as the print guide says."""
    import io
    import zipfile

    about = settled(client, f"/api/document/{name}?{query}")
    assert about.status_code == 200, about.get_data(as_text=True)
    info = about.get_json()
    stem = info["file"].removesuffix(".zip")
    assert info["bundle"] is True and info["file"].endswith(".zip") and stem.startswith("parlour-")
    resp = get(client, f"/zip/{name}?{query}")
    assert resp.status_code == 200 and resp.mimetype == "application/zip"
    assert f'filename="{stem}.zip"' in resp.headers["Content-Disposition"]
    assert info["bytes"] == len(resp.data)
    out = tmp_path / "cli" / f"{stem}.pdf"
    out.parent.mkdir()
    result = run(*args, "-o", str(out))
    assert result.exit_code == 0, result.output
    cli_files = {f"{stem}.pdf": out.read_bytes()}
    for f in sorted((tmp_path / "cli" / f"{stem}-{folder}").iterdir()):
        cli_files[f"{stem}-{folder}/{f.name}"] = f.read_bytes()
    with zipfile.ZipFile(io.BytesIO(resp.data)) as zf:
        assert zf.testzip() is None
        got = {n: zf.read(n) for n in zf.namelist()}
    assert sorted(got) == sorted(cli_files) and len(got) > 2
    for n, data in got.items():
        if n.endswith(".dxf"):
            assert _dxf_shapes(data) == _dxf_shapes(cli_files[n]), n
        else:
            assert data == cli_files[n], n
    assert got[f"{stem}.pdf"] == get(client, f"/pdf/{name}?{query}").data  # the PDF alone, too


def test_without_a_machine_there_is_no_zip_and_only_decks_and_the_kit_offer_one(client):
    plain = settled(client, "/api/document/chimera-deck?duplex=short").get_json()
    assert plain["bundle"] is False and plain["file"].endswith(".pdf")
    resp = get(client, "/zip/chimera-deck?duplex=short")
    assert resp.status_code == 404 and "download the PDF" in one_line(resp)
    from generator.web.documents import DOCUMENTS, command_context, key_of, offered

    offering = {
        d.name for d in DOCUMENTS.values() if "cutter" in map(key_of, offered(d, command_context(d)[0]))
    }
    assert offering == {"chimera-deck", "fighting-words-deck", "riddle-craft-deck", "piecepack"}
    for name in ("pack", "calibrate"):  # they take --cutter on the command line, not on the page
        resp = get(client, f"/api/document/{name}?cutter=silhouette")
        assert resp.status_code == 400 and resp.get_json()["field"] == "cutter"


def test_a_machine_that_cannot_cut_these_cards_is_said_beside_its_field(client):
    resp = settled(client, "/api/document/chimera-deck?cutter=cricut&card=150x250")
    assert resp.status_code == 400
    body = resp.get_json()
    assert body["field"] == "cutter"
    assert (
        "print-then-cut area" in body["error"] and "--" not in body["error"] and "Card size" in body["error"]
    )
