"""Benchmark: --cards images and --booklet imposition, as ratios to drawing the same pages as a PDF.

Run from the repository root: ``python bench/bench_export.py [--runs N] [--dpi N]``.
The floor of each line is measured in the same run: "cards" renders the Fighting Words deck's
distinct faces and backs as PNGs and is compared with drawing the deck's sheets as a PDF;
"booklet" imposes the five games' How to play pages on half-letter and is compared with rendering
the same half pages as a plain PDF. Figures are medians of wall-clock times (CPU is shared, so
read the ratios); nothing here is asserted. No target is set in the issue.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.games.fighting_words import draw as fwd  # noqa: E402
from generator.games.fighting_words import model as fw  # noqa: E402
from generator.games.rules import draw as rules_draw  # noqa: E402
from generator.games.rules import model as rm  # noqa: E402
from generator.press import booklet  # noqa: E402
from generator.press.card_images import decks_in, write_card_images  # noqa: E402
from generator.press.cards import DeckOptions, deck_pages, get_card, impose  # noqa: E402
from generator.press.document import Document  # noqa: E402
from generator.press.paper import get_paper  # noqa: E402
from generator.press.style import DEFAULT  # noqa: E402


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def deck_doc() -> Document:
    paper = get_paper("letter")
    deck = fw.load_deck()
    cards = fwd.letter_cards(deck, DEFAULT) + fwd.event_cards(deck, DEFAULT)
    doc = Document(paper, "bench deck")
    doc.add(
        "Deck",
        deck_pages(
            cards, DeckOptions(impose(paper, get_card("poker")), "Bench deck", fwd.common_back(DEFAULT))
        ),
    )
    return doc


def rules_doc() -> Document:
    half = booklet.half_paper(get_paper("letter"))
    doc = Document(half, "bench rules")
    for game in rm.GAMES:
        doc.add(game, rules_draw.rules_pages(rm.load_rules(game), half, DEFAULT))
    return doc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dpi", type=int, default=300)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)

        def sheets() -> None:
            deck_doc().render(str(out / "deck.pdf"))

        def cards() -> None:
            folder = out / "cards"
            folder.mkdir(exist_ok=True)
            rows = write_card_images(decks_in(deck_doc()), folder, args.dpi, DEFAULT)
            cards.count = len(rows)  # type: ignore[attr-defined]

        floor = median_time(sheets, args.runs)
        t = median_time(cards, args.runs)
        n = cards.count  # type: ignore[attr-defined]
        print(f"deck sheets as PDF (floor):        {floor * 1e3:8.0f} ms")
        print(
            f"--cards, {n} PNGs at {args.dpi} dpi:     {t * 1e3:8.0f} ms  ({t / floor:5.1f}x floor, {t / n * 1e3:.0f} ms a PNG)"
        )

        def plain() -> None:
            rules_doc().render(str(out / "plain.pdf"))

        def book() -> None:
            doc = rules_doc()
            sides = booklet.prepare(doc, ("Bench",))
            doc.render(str(out / "half.pdf"))
            booklet.impose(out / "half.pdf", out / "book.pdf", sides, "bench")
            book.sides = len(sides)  # type: ignore[attr-defined]

        floor = median_time(plain, args.runs)
        t = median_time(book, args.runs)
        print(f"rules on half-letter as PDF (floor): {floor * 1e3:8.0f} ms")
        print(f"--booklet, {book.sides} sides:             {t * 1e3:8.0f} ms  ({t / floor:5.2f}x floor)")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
