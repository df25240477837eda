"""Decks against decksmith: whole-process CPU to print the same 108 cards, as a ratio.

Run: python bench/bench_decksmith.py [--runs N] [--decksmith-venv DIR]   (prints figures; asserts nothing)

decksmith (GPL-2.0, from PyPI; never a dependency of parlour) makes a deck from a YAML layout and
a CSV of cards: `decksmith build` draws one PNG per card, `decksmith export` places them on PDF
pages. Here both tools print the Fighting Words deck (108 cards: the letters, in parlour's mix, and
the events) on Letter, poker size: decksmith from a CSV of each card's big letter or event name
and its text, parlour with `parlour fighting-words deck` (fronts and backs). CPU is user + system
of each whole process tree (decksmith draws with threads), median of N interleaved runs; the floor
`python -c "import click, reportlab.pdfgen.canvas"` is timed in the same run. decksmith is
installed into DIR (made with pip on first use, kept for later runs). Issue 23's goal: parlour's
deck takes at least 30x less CPU than decksmith's.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

GOAL = 30.0
ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "fonts" / "DejaVuSans.ttf"
SPEC = """\
id: canvas
width: 750
height: 1050
background_color: [255, 255, 255]
elements:
  - id: frame
    type: rectangle
    size: [710, 1010]
    position: [20, 20]
    outline_color: [40, 40, 90]
    outline_width: 6
  - id: title
    type: text
    position: [0, 140]
    relative_to: [canvas, top-center]
    anchor: top-center
    text: "%title%"
    color: [30, 30, 80]
    font_path: "{font}"
    font_size: 220
    align: center
  - id: body
    type: text
    position: [0, 120]
    relative_to: [title, bottom-center]
    anchor: top-center
    text: "%body%"
    color: [40, 40, 40]
    font_path: "{font}"
    font_size: 40
    line_spacing: 12
    width: 620
    align: center
  - id: footer
    type: text
    position: [0, -60]
    relative_to: [canvas, bottom-center]
    anchor: bottom-center
    text: "%footer%"
    color: [90, 90, 90]
    font_path: "{font}"
    font_size: 30
    align: center
"""


def cpu(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    """User + system CPU seconds of one finished process tree."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def the_cards(work: Path) -> list[dict[str, str]]:
    """The Fighting Words deck as parlour prints it, read from its JSON content model."""
    subprocess.run(
        [sys.executable, "-m", "generator", "fighting-words", "deck", "-o", str(work / "model.pdf"),
         "--json", str(work / "model.json")],
        cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    model = json.loads((work / "model.json").read_text())
    rows = []
    for letter, count in model["letters"].items():
        rows += [{"title": letter.upper(), "body": "", "footer": "Fighting Words"}] * int(count)
    for event in model["events"]:
        rows += [{"title": event["name"][:1], "body": event["name"] + ": " + event["text"],
                  "footer": "Fighting Words"}] * int(event["count"])  # fmt: skip
    assert len(rows) == model["size"], (len(rows), model["size"])
    return rows


def decksmith_venv(where: Path) -> Path:
    exe = where / "bin" / "decksmith"
    if not exe.exists():
        subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
        subprocess.run([str(where / "bin" / "pip"), "install", "-q", "decksmith"], check=True)
    return exe


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--decksmith-venv", type=Path, default=Path(tempfile.gettempdir()) / "parlour-bench-decksmith"
    )
    args = ap.parse_args()
    exe = decksmith_venv(args.decksmith_venv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        rows = the_cards(work)
        (work / "deck.yaml").write_text(SPEC.format(font=FONT))
        with (work / "deck.csv").open("w", newline="") as f:
            writer = csv.DictWriter(f, ["title", "body", "footer"], delimiter=";")
            writer.writeheader()
            writer.writerows(rows)
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": ""}
        env.pop("PYTHONDONTWRITEBYTECODE")
        smith = [
            [str(exe), "build", "--spec", "deck.yaml", "--data", "deck.csv", "--output", "cards"],
            [str(exe), "export", "cards", "--output", "decksmith.pdf", "--page-size", "Letter"],
        ]
        ours = [sys.executable, "-m", "generator", "fighting-words", "deck", "-o", str(work / "parlour.pdf")]
        floor = [sys.executable, "-c", "import click, reportlab.pdfgen.canvas"]
        for argv in (*smith, ours, floor):  # untimed warm-up: bytecode and caches as a user has them
            cpu(argv, work if argv[0] == str(exe) else ROOT, env)
        times: dict[str, list[float]] = {"decksmith": [], "parlour": [], "floor": []}
        for _ in range(args.runs):
            times["decksmith"].append(sum(cpu(a, work, env) for a in smith))
            times["parlour"].append(cpu(ours, ROOT, env))
            times["floor"].append(cpu(floor, ROOT, env))
        pages = len((work / "decksmith.pdf").read_bytes().split(b"/Type /Page\n")) - 1
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"108 cards, median of {args.runs} runs, whole-process CPU (user + system):")
    print(f"  decksmith build + export   {med['decksmith'] * 1000:8.0f} ms")
    print(
        f"  parlour fighting-words deck {med['parlour'] * 1000:7.0f} ms  ({med['parlour'] / med['floor']:.2f}x the floor)"
    )
    print(f"  floor (click + reportlab)   {med['floor'] * 1000:7.0f} ms")
    ratio = med["decksmith"] / med["parlour"]
    print(
        f"decksmith / parlour: {ratio:.1f}x (goal: at least {GOAL:.0f}x) {'met' if ratio >= GOAL else 'NOT met'}"
    )
    if pages > 0:
        print(f"(decksmith's PDF: {pages} pages)")


if __name__ == "__main__":
    main()
