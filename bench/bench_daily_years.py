"""Two years of Daily Doublets (issue 33's "Done when"): the story promises and link wear.

Makes the daily sheets of 2027 and 2028 (or --from/--days) with this checkout's code and data
and prints: the story pool's size, days with a story and story days per month (least), story
pairs shown twice, the soonest any end word comes back (story and practice ends together,
story to story, story to practice), practice pairs twice within a year, and for each year the
links that serve the most keys (a key's inner words), with the cap the daily keeps
(daily.LINK_YEAR_CAP). No figure is asserted here; tests hold the promises.

Run: python bench/bench_daily_years.py [--from 2027-01-01] [--days 731] [--top 8]
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main() -> None:
    from generator.games.doublets import daily as DD
    from generator.words.ladder import ladders_for

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="first", default="2027-01-01")
    ap.add_argument("--days", type=int, default=731)
    ap.add_argument("--top", type=int, default=8)
    args = ap.parse_args()
    first = dt.date.fromisoformat(args.first)
    began = time.process_time()
    sheets = list(DD.daily_sheets(first, args.days))
    cpu = time.process_time() - began
    cycle = DD._cycle(ladders_for(None, "us"))
    print(f"{args.days} days from {first}: {cpu:.1f} s CPU; story pool (cycle) {len(cycle)} stories")
    months: Counter[str] = Counter()
    stories: Counter[frozenset[str]] = Counter()
    seen: dict[str, tuple[int, bool]] = {}
    soonest = {"story-story": 10**6, "story-practice": 10**6, "practice-practice": 10**6}
    within = Counter()
    years: dict[int, set[frozenset[str]]] = defaultdict(set)
    twice_in_year = 0
    links: dict[int, Counter[str]] = defaultdict(Counter)
    for i, sheet in enumerate(sheets):
        day = dt.date.fromisoformat(sheet.date or "")
        story = sheet.puzzles[0]
        months[day.strftime("%Y-%m")] += story.relation not in ("", "unrelated")
        stories[frozenset((story.start, story.end))] += 1
        for k, p in enumerate(sheet.puzzles):
            is_story = k == 0
            for w in {p.start, p.end}:
                if w in seen:
                    gap, was_story = i - seen[w][0], seen[w][1]
                    kind = "-".join(
                        sorted(("story" if was_story else "practice", "story" if is_story else "practice"))
                    )
                    kind = {"practice-story": "story-practice"}.get(kind, kind)
                    soonest[kind] = min(soonest[kind], gap)
                    within[kind] += gap < DD.END_GAP
                seen[w] = (i, is_story)
            if not is_story:
                pair = frozenset((p.start, p.end))
                twice_in_year += pair in years[day.year]
                years[day.year].add(pair)
            links[day.year].update(p.links)
    twice = sum(c - 1 for c in stories.values() if c > 1)
    print(
        f"days with a story: {sum(months.values())} of {len(sheets)}; least story days in a month: {min(months.values())}"
    )
    print(f"story pairs shown twice: {twice} (distinct stories shown: {len(stories)})")
    for kind, gap in soonest.items():
        print(
            f"soonest an end word comes back, {kind}: {gap} days; back within {DD.END_GAP} days: {within[kind]}"
        )
    print(f"practice pairs twice within a calendar year: {twice_in_year}")
    cap = getattr(DD, "LINK_YEAR_CAP", None)
    for year, used in sorted(links.items()):
        top = ", ".join(f"{w.upper()} {n}" for w, n in used.most_common(args.top))
        print(f"{year}: busiest links (keys served; cap {cap}): {top}")


if __name__ == "__main__":
    main()
