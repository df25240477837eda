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


@pytest.fixture
def server(settings_home):
    """The real server: waitress in a thread on a free loopback port; yields its address."""
    import waitress

    from generator.web.app import create_app

    app = create_app("127.0.0.1", 0)
    srv = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    port = srv.effective_port
    app.config["PARLOUR_ADDRESS"] = ("127.0.0.1", port)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    srv.close()


def test_choose_a_pack_preview_it_and_download_the_clis_bytes(server, page, run, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server + "/")
    page.select_option("#document", "pack")
    for section in ("calibration", "fighting-words", "riddle-craft", "sorcerer", "piecepack"):
        page.locator(f'input[name="games"][value="{section}"]').uncheck()
    page.get_by_label("Paper").first.select_option("a4")
    page.get_by_role("button", name="Show pages").click()
    status = page.locator("#preview-status")
    status.filter(has_text="pages").wait_for(timeout=60_000)
    image = page.locator("#preview-image")
    page.wait_for_function(IMAGE_SHOWN)
    src = unquote(image.get_attribute("src") or "")
    assert src.startswith("/preview/pack/1.png?") and "games=doublets,chimera" in src
    assert page.locator("#command").inner_text() == "parlour pack --games doublets,chimera --paper a4"
    page.get_by_role("button", name="Next page").click()
    page.wait_for_function("() => document.querySelector('#page-label').textContent.startsWith('Page 2 of')")
    with page.expect_download() as info:
        page.get_by_role("link", name="Download PDF").click()
    got = Path(info.value.path()).read_bytes()
    out = tmp_path / "cli.pdf"
    assert run("pack", "--games", "doublets,chimera", "--paper", "a4", "-o", str(out)).exit_code == 0
    assert got == out.read_bytes()
    if SCREENSHOTS:  # page 3 shown: the Doublets section's first page (after the cover and guide)
        page.get_by_role("button", name="Next page").click()
        page.wait_for_function(
            "() => document.querySelector('#page-label').textContent.startsWith('Page 3 of')"
        )
        page.wait_for_function(IMAGE_SHOWN)
        page.screenshot(path=str(ROOT / "docs" / "serve-desktop.png"))


def test_solve_todays_doublet_on_screen(server, page):
    from generator.games.doublets.daily import daily_sheet

    puzzle = daily_sheet(dt.date.today()).puzzles[
        0
    ]  # the day's first puzzle (the week's shape), from the game
    page.goto(server + "/#daily")
    first = page.locator("ol.puzzles > li").first
    first.wait_for(timeout=120_000)
    assert first.locator("h3").inner_text() == f"{puzzle.start.upper()} to {puzzle.end.upper()}"
    assert f"Par: {puzzle.par} link" in first.locator(".par").inner_text()
    assert first.locator(".key").is_hidden()  # the key waits until asked
    rung = first.get_by_label("Rung 1")
    wrong = "zz" + puzzle.start[2:]
    rung.fill(wrong)
    first.locator(".mark").first.filter(has_text="✗").wait_for()
    for n, word in enumerate(puzzle.links, start=1):
        first.get_by_label(f"Rung {n}").fill("")
        first.get_by_label(f"Rung {n}").press_sequentially(word, delay=20)
    first.locator(".done").filter(has_text="par!").wait_for()
    assert "solved" in (first.get_attribute("class") or "")
    first.get_by_role("button", name="Show the key").click()
    first.locator(".key").filter(has_text=puzzle.end.upper()).wait_for()
    assert first.locator(".key").inner_text() == " → ".join(w.upper() for w in puzzle.chain)


def test_check_a_chimera_answer_at_phone_width(server, browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto(server + "/#referee")
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390  # no sideways scrolling
        form = page.locator("#chimera-form")
        form.get_by_label("Card").select_option("six")
        form.get_by_label("Suit").select_option("heart")
        answer = form.get_by_label("Answer")
        answer.fill("shirt")
        answer.press("Enter")  # the keyboard submits
        result = form.locator(".result")
        result.filter(has_text="Valid").wait_for()
        assert "SHIRT is valid" in result.inner_text()
        answer.fill("hearts")
        form.get_by_role("button", name="Check").click()
        result.filter(has_text="Invalid").wait_for()
        assert "life points" in result.inner_text()
        box = form.get_by_role("button", name="Check").bounding_box()
        assert box is not None and box["height"] >= 40  # a thumb can hit it
        if SCREENSHOTS:
            answer.fill("shirt")
            answer.press("Enter")
            result.filter(has_text="Valid").wait_for()
            form.scroll_into_view_if_needed()
            page.evaluate("() => document.querySelector('#chimera-form').scrollIntoView({block: 'start'})")
            page.screenshot(path=str(ROOT / "docs" / "serve-phone.png"))
    finally:
        context.close()


def test_a_refused_choice_is_said_on_the_page_not_downloaded(server, page):
    page.goto(server + "/")
    page.get_by_label("Players").fill("1")
    downloads: list[object] = []
    page.on("download", lambda d: downloads.append(d))
    page.get_by_role("link", name="Download PDF").click()
    problem = page.locator("#print-problem")
    problem.wait_for()
    assert "players" in problem.inner_text().lower() and "Traceback" not in problem.inner_text()
    for box in page.locator('input[name="games"]').all():
        box.uncheck()
    page.get_by_role("button", name="Show pages").click()
    page.locator("#print-problem").filter(has_text="at least one section").wait_for()
    assert not downloads
