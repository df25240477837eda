"""parlour serve in a real browser: pytest-playwright driving Debian's Chromium (/usr/bin/chromium).

Never `playwright install` (it downloads a browser); install Chromium with the system's package
manager (`apt-get install chromium`). Without it these tests skip, except under CI (CI=true),
where they fail. PARLOUR_SCREENSHOTS=1 saves docs/serve-desktop.png and docs/serve-phone.png."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import threading
from pathlib import Path
from urllib.parse import unquote

import pytest

pytest.importorskip("flask", reason="the web extra (flask) is not installed")
pytest.importorskip("pytest_playwright", reason="pytest-playwright is not installed")
expect = pytest.importorskip("playwright.sync_api").expect  # (waits for the page, as a person does)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")  # Debian's, or another build
SCREENSHOTS = os.environ.get("PARLOUR_SCREENSHOTS") == "1"
IMAGE_SHOWN = (
    "() => { const i = document.querySelector('#preview-image'); return i.complete && i.naturalWidth > 0; }"
)


def _chromium() -> str:
    found = CHROMIUM if os.access(CHROMIUM, os.X_OK) else shutil.which("chromium")  # on PATH elsewhere
    if found is None:
        message = "Chromium is missing: apt-get install chromium (never `playwright install`)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


@pytest.fixture(scope="session")
def browser_type_launch_args():
    return {
        "executable_path": _chromium(),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
        ],
    }


class Served(str):
    """The server's address, and what it answered: (path, status) for every request."""

    answers: list[tuple[str, int]]


@pytest.fixture
def server(settings_home):
    """The real server: waitress in a thread on a free loopback port; yields its address."""
    import waitress
    from flask import request

    from generator.web.app import create_app

    app = create_app("127.0.0.1", 0)
    srv = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    port = srv.effective_port
    app.config["PARLOUR_ADDRESS"] = ("127.0.0.1", port)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    served = Served(f"http://127.0.0.1:{port}")
    served.answers = []
    app.after_request(lambda resp: (served.answers.append((request.path, resp.status_code)), resp)[1])
    yield served
    import logging

    logging.getLogger("waitress").setLevel(logging.CRITICAL)  # a reply cut short by the close
    srv.close()
    thread.join(10)


DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture(params=["desktop", "phone"])
def screen(request, browser):
    """A page at a desktop's size and at a phone's (touch, 2x pixels)."""
    context = browser.new_context(accept_downloads=True, **(DESKTOP if request.param == "desktop" else PHONE))
    page = context.new_page()
    page.screen_name = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


def shoot(page, name: str) -> None:
    """With PARLOUR_SCREENSHOTS=1, the page as it is now, into docs/ (or PARLOUR_SCREENSHOTS_DIR)."""
    if SCREENSHOTS:
        folder = Path(os.environ.get("PARLOUR_SCREENSHOTS_DIR") or ROOT / "docs")
        page.screenshot(path=str(folder / f"serve-{name}.png"))


def test_choose_preview_change_and_download_the_clis_bytes(server, screen, run, tmp_path):
    page = screen
    page.goto(server + "/")
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= page.viewport_size["width"]
    page.select_option("#document", "pack")
    for section in ("calibration", "fighting-words", "riddle-craft", "sorcerer", "piecepack"):
        page.locator(f'input[name="games"][value="{section}"]').uncheck()
    page.get_by_label("Paper", exact=True).select_option("a4")
    page.get_by_role("button", name="Show pages").click()
    # progress is on the page at once, before any answer (the state, not a time, is checked)
    assert page.locator("#preview-status").inner_text().startswith(("Making", "Waiting"))
    assert page.locator("#preview-image").is_hidden()  # no broken image while it is made
    page.wait_for_function(IMAGE_SHOWN, timeout=120_000)
    assert "pages" in page.locator("#preview-status").inner_text()
    src = unquote(page.locator("#preview-image").get_attribute("src") or "")
    assert src.startswith("/preview/pack/1.png?") and "games=doublets,chimera" in src
    if page.screen_name == "desktop":
        page.evaluate("() => window.scrollTo(0, document.querySelector('#print').offsetTop)")
        shoot(page, "desktop")
    page.locator("#more summary").click()
    assert page.locator("#command").inner_text() == "parlour pack --games doublets,chimera --paper a4"
    # any change: the pages shown are marked out of date at once
    page.get_by_label("Paper", exact=True).select_option("letter")
    assert "stale" in (page.locator("#preview").get_attribute("class") or "")
    assert "Out of date" in page.locator("#preview-status").inner_text()
    page.get_by_label("Paper", exact=True).select_option("a4")
    assert "stale" not in (page.locator("#preview").get_attribute("class") or "")
    page.get_by_label("Paper", exact=True).select_option("letter")  # not made yet: the wait shows
    download = page.locator("#download")
    with page.expect_download(timeout=120_000) as info:
        page.get_by_role("button", name="Download PDF").click()
        assert download.is_disabled() and "Making your PDF" in download.inner_text()
        assert page.get_by_role("button", name="Making your PDF").count() == 1
    got = info.value
    assert got.suggested_filename == f"parlour-the-game-night-pack-{dt.date.today().isoformat()}.pdf"
    out = tmp_path / "cli.pdf"
    assert run("pack", "--games", "doublets,chimera", "--paper", "letter", "-o", str(out)).exit_code == 0
    assert Path(got.path()).read_bytes() == out.read_bytes()
    page.wait_for_function("() => !document.querySelector('#download').disabled")
    page.locator("#enlarge").click()  # tap to enlarge
    assert page.locator("#big-page").is_visible()


def _neighbours(word: str) -> list[str]:
    from generator.words.ladder import ladder_words

    lex = ladder_words()
    out = []
    for i in range(len(word)):
        for c in "abcdefghijklmnopqrstuvwxyz":
            w = word[:i] + c + word[i + 1 :]
            if w != word and w in lex:
                out.append(w)
    return out


def _detour(server: str, start: str, end: str, par: int) -> list[str] | None:
    """The steps of a valid ladder from `start` to `end` one step longer than its target `par`:
    a detour of one word (or, where no neighbour is one link further on, of two), then a
    shortest way on; None if neither makes one."""
    import json
    import urllib.request

    def solve(head: str) -> list[str]:
        with urllib.request.urlopen(
            f"{server}/api/doublets/solve?head={head}&tail={end}", timeout=60
        ) as resp:
            return json.load(resp)["chain"] or []

    for w in _neighbours(start):
        chain = solve(w)
        if w != end and len(chain) == par + 2 and start not in chain:  # w, then par more words to the end
            return [w, *chain[1:-1]]
    for w in _neighbours(start):
        for w2 in _neighbours(w):
            if end in (w, w2) or w2 == start:
                continue
            chain = solve(w2)
            if len(chain) == par + 1 and start not in chain and w not in chain:  # w, w2, par - 1 more
                return [w, w2, *chain[1:-1]]
    return None


def test_todays_doublets_is_a_game(server, screen):
    import json
    import re
    import urllib.request

    page = screen
    with urllib.request.urlopen(server + "/api/doublets/daily", timeout=120) as resp:
        puzzles = json.load(resp)["puzzles"]
    assert len(puzzles) == 4 and puzzles[0]["prompt"]  # the day's story first, then three practice puzzles
    # the story's puzzle is played where a one-step-longer ladder can be made (its words may be
    # 3 to 6 letters), else the first practice puzzle where one can
    ways = (
        (i, p, d) for i, p in enumerate(puzzles) if (d := _detour(server, p["start"], p["end"], p["par"]))
    )
    i, puzzle, detour = next(ways, (0, puzzles[0], None))
    start, end, par = puzzle["start"], puzzle["end"], puzzle["par"]
    assert detour is not None and len(detour) == par + 1
    k = i + 1  # the puzzle's number on the page
    prompt = puzzle["prompt"] or f"Change {start.upper()} to {end.upper()}"
    page.goto(server + "/#daily")
    page.locator("ol.puzzles > li").first.wait_for(timeout=120_000)
    assert page.locator("ol.puzzles > li").count() == len(puzzles)
    first = page.locator("ol.puzzles > li").nth(i)
    assert first.locator(".prompt").inner_text() == prompt
    assert f"Target: {par} step" in first.locator(".target").inner_text()
    assert first.locator(".key").is_hidden()  # the answer waits until asked
    step1 = first.get_by_label(f"Step 1 of puzzle {k}")
    step1.fill("zz" + start[2:])
    mark = first.locator(".mark").first
    mark.filter(has_text="Not yet").wait_for()
    assert "notyet" in (mark.get_attribute("class") or "")  # a calm colour, never green
    assert mark.evaluate("e => getComputedStyle(e).color") != "rgb(29, 107, 54)"
    step1.fill("")
    first.get_by_role("button", name=f"A one-letter hint for puzzle {k}").click()
    first.locator(".hint-line").filter(has_text="letter").wait_for()
    assert start.upper() in first.locator(".hint-line").inner_text()
    for n, word in enumerate(detour, start=1):
        box = first.get_by_label(f"Step {n} of puzzle {k}")
        if not box.count():
            first.get_by_role("button", name=f"Add a step to puzzle {k}").click()
        box.fill(word)
    done = first.locator(".done")
    done.filter(has_text="Solved").wait_for()
    assert f"Solved in {par + 1} steps" in done.inner_text() and "fewer" in done.inner_text()
    share = page.locator("#share-line")
    assert f"solved in {par + 1}" in share.input_value() and not re.search(
        rf"\b{start}\b", share.input_value().lower()
    )
    page.reload()  # progress is kept in the browser
    first = page.locator("ol.puzzles > li").nth(i)
    first.locator(".done").filter(has_text="Solved").wait_for(timeout=60_000)
    assert first.get_by_label(f"Step 1 of puzzle {k}").input_value() == detour[0]
    first.get_by_role("button", name=f"Show the answer to puzzle {k}").click()
    first.locator(".key").filter(has_text=end.upper()).wait_for()
    if page.screen_name == "phone":
        first.scroll_into_view_if_needed()
        page.evaluate("() => document.querySelector('#daily').scrollIntoView({block: 'start'})")
        shoot(page, "phone")
    page.get_by_role("button", name="Day before").click()
    page.locator("#daily-h").filter(has_text="Doublets for").wait_for()
    page.locator("ol.puzzles > li").first.wait_for()


def test_referee_says_checking_then_answers(server, screen):
    page = screen
    page.goto(server + "/#referee")
    form = page.locator("#chimera-form")
    form.get_by_label("Card").select_option("six")
    form.get_by_label("Suit").select_option("heart")
    answer = form.get_by_label("Answer", exact=True)
    answer.fill("shirt")
    form.get_by_role("button", name="Check").click()
    result = form.locator(".result")
    assert result.inner_text() == "checking…" or "Valid" in result.inner_text()  # never blank
    result.filter(has_text="Valid").wait_for()
    assert "SHIRT is valid" in result.inner_text()
    answer.fill("hearts")
    answer.press("Enter")  # the keyboard submits
    result.filter(has_text="Not valid").wait_for()
    assert "notyet" in (result.get_attribute("class") or "")
    box = form.get_by_role("button", name="Check").bounding_box()
    assert box is not None and box["height"] >= 40  # a thumb can hit it


def test_a_refused_choice_is_said_beside_its_field(server, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server + "/")
    page.get_by_label("Players").fill("1")
    downloads: list[object] = []
    page.on("download", lambda d: downloads.append(d))
    page.get_by_role("button", name="Download PDF").click()
    problem = page.locator("#players-problem")
    problem.filter(has_text="needs at least 2 players").wait_for(timeout=60_000)
    text = problem.inner_text()
    assert "--" not in text and "Traceback" not in text and "parlour" not in text
    for box in page.locator('input[name="games"]').all():
        box.uncheck()
    page.get_by_role("button", name="Show pages").click()
    page.locator("#games-problem").filter(has_text="at least one section").wait_for()
    assert not downloads
    page.route("**/api/**", lambda route: route.abort("connectionrefused"))  # the server is gone
    page.locator('input[name="games"][value="doublets"]').check()
    page.get_by_role("button", name="Show pages").click()
    page.locator("#offline").filter(has_text="stopped").wait_for()
    assert "Failed to fetch" not in page.locator("body").inner_text()


def test_a_page_on_another_site_cannot_make_parlour_build(server, page):
    """<img src=.../pdf/...> on another site's page: the browser sends it, parlour refuses it."""
    import http.server

    from generator.web import build

    target = server + "/pdf/calibrate?paper=a4&duplex=none&ink-saver=1"
    body = f'<p>Another site</p><img src="{target}">'.encode()

    class Elsewhere(http.server.BaseHTTPRequestHandler):  # another site on this same machine
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    other = http.server.HTTPServer(("127.0.0.1", 0), Elsewhere)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    before = len(build.BUILDS.jobs)
    try:
        with page.expect_event("requestfailed") as failed:
            page.goto(f"http://127.0.0.1:{other.server_port}/")
        assert failed.value.url == target  # the browser sent it (and could not read the answer)
    finally:
        other.shutdown()
    assert ("/pdf/calibrate", 403) in server.answers  # parlour refused it
    assert len(build.BUILDS.jobs) == before  # and started nothing


def test_settings_take_effect_at_once(server, page, settings_home):
    from generator import config

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server + "/#settings")
    page.get_by_label("Usual paper").select_option("a4")
    page.locator("#settings-form .result").filter(has_text="Saved").wait_for()
    assert config.load().values["paper"] == "a4"
    expect(page.get_by_label("Paper", exact=True)).to_have_value("a4")  # the print form follows
    with page.expect_request(lambda r: "/api/doublets/daily" in r.url and "spelling=uk" in r.url):
        page.get_by_label("Usual spelling").select_option("uk")  # Today's Doublets follows at once
    page.locator("#settings-form summary").click()  # the back offset is under More options
    page.get_by_label("Nudge the card backs", exact=False).fill("99,0")
    page.get_by_label("Nudge the card backs", exact=False).press("Tab")
    problem = page.locator("#back_offset-problem")
    problem.filter(has_text="millimetres").wait_for()
    assert "pattern" not in problem.inner_text().lower() and "--" not in problem.inner_text()


def test_a_cutting_machine_downloads_the_pdf_with_its_cutting_files(server, screen, tmp_path):
    """A deck printed for a cutting machine: the field says what it does, the button and the
    status say the cutting files come too (at once on the click), and the one download is a zip
    of the PDF and its cut files; a machine that cannot cut the cards is said beside its field."""
    import zipfile

    page = screen
    page.goto(server + "/")
    page.select_option("#document", "chimera-deck")
    machine = page.get_by_label("Cutting machine")
    expect(machine).to_be_visible()
    assert machine.locator("option").first.inner_text() == "None: I cut by hand"
    expect(page.locator("#cutter-hint")).to_contain_text("the files your machine's program opens to cut")
    download = page.locator("#download")
    expect(download).to_have_text("Download PDF")
    machine.select_option("silhouette")
    expect(download).to_have_text("Download PDF and cutting files")
    machine.scroll_into_view_if_needed()
    shoot(page, f"cutter-chosen-{page.screen_name}")
    with page.expect_download(timeout=120_000) as info:
        download.click()
        assert download.is_disabled() and "Making your PDF and cutting files" in download.inner_text()
    got = info.value
    assert got.suggested_filename == f"parlour-chimera-s-lair-deck-{dt.date.today().isoformat()}.zip"
    stem = got.suggested_filename.removesuffix(".zip")
    with zipfile.ZipFile(got.path()) as zf:
        names = zf.namelist()
        assert zf.read(f"{stem}.pdf").startswith(b"%PDF")
    assert f"{stem}-cut/{stem}-p001.svg" in names
    status = page.locator("#print-status")
    expect(status).to_contain_text("cutting files are ready, together in one download")
    assert ".zip" not in status.inner_text() and "--" not in status.inner_text()
    page.wait_for_function("() => !document.querySelector('#download').disabled")
    status.scroll_into_view_if_needed()
    shoot(page, f"cutter-ready-{page.screen_name}")
    # a machine that cannot take these cards: the refusal is said beside the machine, in family words
    page.get_by_label("Cutting machine").select_option("cricut")
    page.locator("#more summary").click()
    page.get_by_label("Card size").fill("150x250")
    page.get_by_role("button", name="Download PDF and cutting files").click()
    problem = page.locator("#cutter-problem")
    problem.filter(has_text="print-then-cut area").wait_for(timeout=60_000)
    assert "--" not in problem.inner_text() and "Card size" in problem.inner_text()
    problem.scroll_into_view_if_needed()
    shoot(page, f"cutter-refused-{page.screen_name}")
    # with a machine the cards get their edge (bleed) unless the family says otherwise, as on the
    # command line: the field shows it, and 0 is sent as 0
    edge = page.get_by_label("Extra edge around each card (millimetres)")
    expect(edge).to_have_value("3")
    edge.fill("0")
    expect(page.locator("#command")).to_contain_text("--bleed 0")
    page.get_by_label("Cutting machine").select_option("")  # by hand: no edge is the usual again
    expect(edge).to_have_value("0")  # the family's own value stays
    expect(page.locator("#command")).not_to_contain_text("--bleed")
    # a document that is not cut (the rules) offers no machine, and its button is the PDF's again
    page.select_option("#document", "rules")
    expect(page.get_by_label("Cutting machine")).to_be_hidden()
    expect(download).to_have_text("Download PDF")
