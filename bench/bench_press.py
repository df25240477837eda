"""Foundation figures: lexicon load, calibration sheet, and a 108-card 9-up deck vs raw reportlab.

Run: python bench/bench_press.py   (prints figures; asserts nothing)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from generator.press.calibration import calibration_pages  # noqa: E402
from generator.press.cards import Card, DeckOptions, deck_pages, get_card, impose  # noqa: E402
from generator.press.document import Document  # noqa: E402
from generator.press.fonts import register_fonts  # noqa: E402
from generator.press.paper import get_paper, mm  # noqa: E402
from generator.press.text import TextStyle, draw_text  # noqa: E402

N_CARDS = 108
REPEAT = 5


def best_of(fn, n: int = REPEAT) -> tuple[float, float]:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times)


def texts() -> list[str]:
    return [f"Card number {i}: a plain line of text" for i in range(N_CARDS)]


def parlour_deck(path: str) -> None:
    paper = get_paper("letter")
    lay = impose(paper, get_card("poker"))
    style = TextStyle("Sans", 14, 8)

    def front(text):
        def draw(c, box):
            x, y, w, h = box.inner
            draw_text(c, text, x, y, w, h, style, text)

        return draw

    def back(c, box):
        c.setFont("Sans-Bold", 14)
        c.drawCentredString(box.width / 2, box.height / 2, "parlour")

    cards = [Card(f"c{i}", front(t)) for i, t in enumerate(texts())]
    doc = Document(paper, "bench deck")
    doc.add("Deck", deck_pages(cards, DeckOptions(lay, "Bench deck", back)))
    doc.save(path)


def raw_deck(path: str) -> None:
    """The same cards, fronts and mirrored backs, drawn straight onto a reportlab canvas."""
    register_fonts()
    W, H = 612.0, 792.0
    cw, ch = 63.5 * mm, 88.9 * mm
    x0, y0 = (W - 3 * cw) / 2, (H - 3 * ch) / 2
    c = Canvas(path, pagesize=(W, H), invariant=1, pageCompression=1, initialFontName="Sans")
    all_texts = texts()
    for s in range(0, N_CARDS, 9):
        sheet = all_texts[s : s + 9]
        for i, t in enumerate(sheet):
            r, col = divmod(i, 3)
            x, y = x0 + col * cw, y0 + (2 - r) * ch
            c.rect(x, y, cw, ch)
            # wrap by hand at the same size the press would settle on
            words, lines, line = t.split(), [], ""
            for wd in words:
                trial = (line + " " + wd).strip()
                if pdfmetrics.stringWidth(trial, "Sans", 14) <= cw - 6 * mm:
                    line = trial
                else:
                    lines.append(line)
                    line = wd
            lines.append(line)
            c.setFont("Sans", 14)
            for k, ln in enumerate(lines):
                c.drawCentredString(x + cw / 2, y + ch / 2 - k * 17, ln)
        c.showPage()
        for i in range(len(sheet)):
            r, col = divmod(i, 3)
            x, y = x0 + (2 - col) * cw, y0 + (2 - r) * ch
            c.rect(x, y, cw, ch)
            c.setFont("Sans-Bold", 14)
            c.drawCentredString(x + cw / 2, y + ch / 2, "parlour")
        c.showPage()
    c.save()


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    root = Path(__file__).resolve().parents[1]
    code = "import time; t=time.perf_counter(); from generator.words import lexicon; lexicon.load(); print((time.perf_counter()-t)*1000)"
    try:
        cold = [
            float(subprocess.check_output([sys.executable, "-c", code], cwd=root, text=True))
            for _ in range(3)
        ]
        from generator.words import lexicon

        lexicon.load()
        lexicon.load.cache_clear() if hasattr(lexicon.load, "cache_clear") else None
        warm = best_of(
            lambda: (
                lexicon.load.cache_clear() if hasattr(lexicon.load, "cache_clear") else None,
                lexicon.load(),
            )
        )
        print(
            f"lexicon load: cold process {min(cold):.1f} ms (import + parse), warm parse {warm[0] * 1000:.1f} ms best / {warm[1] * 1000:.1f} ms median"
        )
    except Exception as e:  # the lexicon lands separately
        print(f"lexicon load: not measured ({e.__class__.__name__}: {e})")

    register_fonts()
    paper = get_paper("letter")

    def cal():
        doc = Document(paper, "cal")
        doc.add("Calibration", calibration_pages(paper))
        doc.save(tmp / "cal.pdf")

    best, med = best_of(cal)
    print(f"calibration sheet (2 pages): {best * 1000:.1f} ms best / {med * 1000:.1f} ms median")

    pb, pm = best_of(lambda: parlour_deck(str(tmp / "deck.pdf")))
    rb, rm = best_of(lambda: raw_deck(str(tmp / "raw.pdf")))
    print(f"{N_CARDS}-card 9-up deck, fronts + mirrored backs (24 pages):")
    print(f"  parlour press: {pb * 1000:.1f} ms best / {pm * 1000:.1f} ms median")
    print(f"  raw reportlab: {rb * 1000:.1f} ms best / {rm * 1000:.1f} ms median")
    print(f"  ratio (best): {pb / rb:.2f}x   (goal: <= 2x)")


if __name__ == "__main__":
    main()
