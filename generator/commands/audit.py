"""What parlour prints, gathered from real runs and held against the print vocabulary.

`parlour words audit` makes a run of daily Doublets sheets, sheets of every length and
difficulty, sets of Jewels, every Chimera's Lair key and the Fighting Words check of every
letter pair exactly as the commands make them, collects every word those print (puzzle ends,
key links, Jewels and their keys, the Chimera key's shown answers, the check's examples), and reports what falls outside the print vocabulary, how frequent the key links are,
the rarest printed words, mixed spellings, repeated daily puzzles and end words back too soon.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.words.lexicon import Lexicon

LINK_ZIPF = 3.0  # the share of key links at least this frequent is reported
END_GAP_DAYS = (
    31  # an end word back sooner than this many days later counts as a gap too short (issue 33: a month)
)
SHEET_LENGTHS = (3, 4, 5, 6, 7, 8)
SHEET_DIFFICULTIES = ("easy", "medium", "hard", "fiendish", "mixed")
RAREST = 20


@dataclass
class Printed:
    """Every printed word with where it was printed (one entry per printing)."""

    where: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    links: list[tuple[str, str]] = field(default_factory=list)  # (word, kind: doublets|jewels)
    chains: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # (where, chain)
    # Fighting Words checks whose letters no printable word holds: the referee's answer
    # (named with its list), not counted as printed words.
    referee: dict[str, list[str]] = field(default_factory=dict)
    # Chimera key cards no everyday word fits: the rare answer shown, marked as rare (named by
    # the key's legend), not counted as printed words.
    marked: dict[str, list[str]] = field(default_factory=dict)
    # every Doublets puzzle printed: (sheet or day, start, end, relation, prompt, links)
    puzzles: list[tuple[str, str, str, str, str, tuple[str, ...]]] = field(default_factory=list)

    def add(self, words: Iterable[str], place: str) -> None:
        for w in words:
            self.where[w].append(place)


@dataclass
class DailyRun:
    """The end words and puzzles of a run of daily sheets, day by day."""

    days: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)  # (iso, [(start, end)])
    pars_fall: int = 0


@dataclass
class Audit:
    """The gathered words and the figures reported about them."""

    printed: Printed
    daily: DailyRun
    failures: list[str]  # sheets or deals that could not be made (named, with the reason)
    scope: dict[str, Any]

    def outside(self, lexicon: Lexicon) -> dict[str, list[str]]:
        """Printed words outside the print vocabulary, with where each was printed."""
        return {w: places for w, places in sorted(self.printed.where.items()) if not lexicon.printable(w)}

    def link_share(self, lexicon: Lexicon, kind: str | None = None) -> tuple[int, int]:
        """(links with zipf >= LINK_ZIPF, all links), of one kind or of every kind."""
        links = [w for w, k in self.printed.links if kind is None or k == kind]
        return sum(lexicon.zipf(w) >= LINK_ZIPF for w in links), len(links)

    def rarest(self, lexicon: Lexicon, n: int = RAREST) -> list[tuple[str, float, int]]:
        """The n rarest distinct printed words: (word, zipf, times printed)."""
        words = sorted(self.printed.where, key=lambda w: (lexicon.zipf(w), w))[:n]
        return [(w, lexicon.zipf(w), len(self.printed.where[w])) for w in words]

    def mixed_spellings(self, lexicon: Lexicon) -> list[tuple[str, tuple[str, ...]]]:
        """Chains that hold two spellings of one word (tire and tyre)."""
        out = []
        for place, chain in self.printed.chains:
            keys = Counter(lexicon.spelling_key(w) for w in set(chain))
            if any(n > 1 for n in keys.values()):
                out.append((place, chain))
        return out

    def off_spelling(self, lexicon: Lexicon, spelling: str = "us") -> list[str]:
        """Distinct printed words the spelling would not print (UK-only words for "us")."""
        return sorted(w for w in self.printed.where if not lexicon.spelling_allowed(w, spelling))

    def repeated_puzzles(self) -> list[tuple[tuple[str, str], int]]:
        """Daily puzzles (unordered end pairs) that appear more than once, most often first."""
        pairs = Counter(tuple(sorted(p)) for _, day in self.daily.days for p in day)
        return sorted(((p, n) for p, n in pairs.items() if n > 1), key=lambda x: (-x[1], x[0]))  # type: ignore[misc]

    def end_gaps(self, gap: int = END_GAP_DAYS) -> tuple[int, int, list[tuple[str, int]]]:
        """(end words back within `gap` days, distinct end words, [(word, shortest gap)] of those)."""
        last: dict[str, _dt.date] = {}
        shortest: dict[str, int] = {}
        for iso, day in self.daily.days:
            d = _dt.date.fromisoformat(iso)
            for w in {w for p in day for w in p}:
                if w in last:
                    g = (d - last[w]).days
                    shortest[w] = min(shortest.get(w, g), g)
                last[w] = d
        short = sorted(((w, g) for w, g in shortest.items() if g < gap), key=lambda x: (x[1], x[0]))
        return len(short), len(last), short


def _doublets_sheet(printed: Printed, sheet: Any, place: str) -> None:
    for p in sheet.puzzles:
        printed.puzzles.append((place, p.start, p.end, p.relation, p.prompt, tuple(p.links)))
        printed.add((p.start, p.end), f"{place} end")
        printed.add(p.links, f"{place} key")
        printed.links += [(w, "doublets") for w in p.links]
        printed.chains.append((place, tuple(p.chain)))


def _pars_fall(sheet: Any) -> bool:
    pars = [p.par for p in sheet.puzzles]
    return any(b < a for a, b in zip(pars, pars[1:], strict=False))


def _fighting_words_examples(printed: Printed) -> None:
    """The examples `fighting-words check XY` shows for every pair of letters."""
    from generator.words.lexicon import load
    from generator.words.pattern import can_grow, example_first

    first = example_first(load())  # the words the check may show as parlour's own
    assert first is not None
    for a in "abcdefghijklmnopqrstuvwxyz":
        for b in "abcdefghijklmnopqrstuvwxyz":
            g = can_grow(a + b)
            if g.examples and not any(first(w) for w in g.examples):
                printed.referee[a + b] = list(g.examples)  # no word of parlour's own holds a-b
            else:
                printed.add(g.examples, f"fighting-words check {a + b}")


def gather(
    start: _dt.date,
    days: int = 365,
    jewels: int = 60,
    lengths: Iterable[int] = SHEET_LENGTHS,
    difficulties: Iterable[str] = SHEET_DIFFICULTIES,
    chimera_variants: Iterable[str] | None = None,
    fighting_words: bool = True,
    seed: int = 1,
    progress: Callable[[str], None] | None = None,
) -> Audit:
    """Make everything the audit covers, exactly as the commands do, and gather what it prints."""
    from generator.errors import ParlourError
    from generator.games.chimera import model as ch
    from generator.games.doublets.choose import make_sheet
    from generator.games.doublets.daily import daily_sheets
    from generator.games.doublets.jewels import make_jewels

    def say(msg: str) -> None:
        if progress is not None:
            progress(msg)

    printed = Printed()
    daily = DailyRun()
    failures: list[str] = []
    say(f"{days} daily sheets from {start.isoformat()}")
    for sh in daily_sheets(start, days):  # the command's defaults
        _doublets_sheet(printed, sh, f"daily {sh.date}")
        daily.days.append((sh.date or "", [(p.start, p.end) for p in sh.puzzles]))
        daily.pars_fall += _pars_fall(sh)
    lengths, difficulties = list(lengths), list(difficulties)
    say(f"{len(lengths) * len(difficulties)} sheets: lengths {lengths}, {', '.join(difficulties)}")
    for n in lengths:
        for diff in difficulties:
            place = f"sheet {n}-letter {diff}"
            try:
                sh = make_sheet(8, n, diff, seed=seed)
            except ParlourError as err:
                failures.append(f"{place}: {err}")
                continue
            _doublets_sheet(printed, sh, place)
    say(f"{jewels} sets of Jewels")
    for i in range(jewels):
        place = f"jewels seed {seed + i}"
        try:
            j = make_jewels(2, seed=seed + i)
        except ParlourError as err:
            failures.append(f"{place}: {err}")
            continue
        printed.add(j.words, f"{place} jewel")
        for c in j.key.chains:
            links = [w for w in c.words if w not in c.jewels]
            printed.add(links, f"{place} key")
            printed.links += [(w, "jewels") for w in links]
            printed.chains.append((place, tuple(c.words)))
    variants = list(ch.VARIANTS) if chimera_variants is None else list(chimera_variants)
    say(f"{len(variants)} Chimera keys")
    _chimera_keys(printed, variants)
    if fighting_words:
        say("Fighting Words check of every letter pair")
        _fighting_words_examples(printed)
    scope = {
        "fighting_words": "every letter pair" if fighting_words else "none",
        "from": start.isoformat(),
        "days": days,
        "sheets": [f"{n}-{d}" for n in lengths for d in difficulties],
        "jewels": jewels,
        "chimera": variants,
        "seed": seed,
    }
    return Audit(printed, daily, failures, scope)


def _chimera_keys(printed: Printed, variants: list[str]) -> None:
    """What each Chimera key prints, as laid out on Letter: ordinary answers, and apart from them
    the rare answer a card shows (marked) when no everyday word fits it."""
    from generator.games.chimera import draw as chimera_draw
    from generator.games.chimera import model as ch
    from generator.press.paper import get_paper

    paper = get_paper("letter")
    for v in variants:
        for e in chimera_draw.layout_key(ch.answer_key(v), paper):
            place = f"chimera {v} {e.row.card.label}"
            if e.row.printable:
                printed.add(e.words, place)
            elif e.words:
                printed.marked[place] = list(e.words)


def _shown_rare_lines(p: Printed) -> list[str]:
    """The lines on rare words shown on purpose: the referee's examples, the Chimera key's marks."""
    lines = []
    if p.referee:
        lines.append(
            f"Fighting Words checks no printable word answers (the referee's words shown, "
            f"named with their list): {len(p.referee)}, e.g. "
            + ", ".join(f"{k.upper()}: {' '.join(v)}" for k, v in list(p.referee.items())[:4])
        )
    if p.marked:
        lines.append(
            f"Chimera key cards only rare words fit (one shown, marked as rare): {len(p.marked)}, e.g. "
            + ", ".join(
                f"{k.split(' ', 2)[2]} ({k.split()[1]}): {' '.join(v)}" for k, v in list(p.marked.items())[:4]
            )
        )
    return lines


def report(audit: Audit, lexicon: Lexicon) -> tuple[list[str], dict[str, Any]]:
    """The audit as lines of text and as JSON-ready data."""
    p = audit.printed
    total = sum(len(v) for v in p.where.values())
    outside = audit.outside(lexicon)
    hi, links = audit.link_share(lexicon)
    share = 100.0 * hi / links if links else 100.0
    by_kind = {k: audit.link_share(lexicon, k) for k in ("doublets", "jewels")}
    rarest = audit.rarest(lexicon)
    mixed = audit.mixed_spellings(lexicon)
    off = audit.off_spelling(lexicon, "us")
    repeats = audit.repeated_puzzles()
    short, ends, gaps = audit.end_gaps()
    s = audit.scope
    lines = [
        f"covered: {s['days']} daily sheets from {s['from']}, {len(s['sheets'])} sheets "
        f"(every length and difficulty, seed {s['seed']}), {s['jewels']} sets of Jewels, "
        f"{len(s['chimera'])} Chimera keys, Fighting Words checks of {s.get('fighting_words', 'none')}",
        f"printed words: {total:,} ({len(p.where):,} distinct)",
        f"outside the print vocabulary: {len(outside)}",
    ]
    for w, places in list(outside.items())[:40]:
        lines.append(f"  {w:<14} {lexicon.print_reason(w)}, {len(places)}x, e.g. {places[0]}")
    lines.append(
        f"key links with zipf >= {LINK_ZIPF}: {share:.1f} % ({hi:,} of {links:,}; "
        + ", ".join(f"{k} {a:,}/{b:,}" for k, (a, b) in by_kind.items())
        + ")"
    )
    lines += _shown_rare_lines(p)
    lines.append(f"rarest {len(rarest)} printed words (zipf, times printed):")
    lines.append("  " + ", ".join(f"{w} {z:.2f} x{n}" for w, z, n in rarest))
    lines.append(f"chains holding two spellings of one word: {len(mixed)}")
    for place, chain in mixed[:10]:
        lines.append(f"  {place}: {' > '.join(chain)}")
    lines.append(f"printed words a US sheet would not print (UK spellings): {len(off)}")
    if off:
        lines.append("  " + ", ".join(off[:30]))
    lines.append(f"daily sheets: repeated puzzles {len(repeats)}")
    if repeats:
        lines.append("  " + ", ".join(f"{a}/{b} x{n}" for (a, b), n in repeats[:12]))
    lines.append(
        f"daily sheets: end words back within {END_GAP_DAYS} days: {short} of {ends} distinct end words"
    )
    if gaps:
        lines.append("  " + ", ".join(f"{w} {g}d" for w, g in gaps[:12]))
    lines.append(f"daily sheets whose pars fall from one puzzle to the next: {audit.daily.pars_fall}")
    story = doublets_story(p, lexicon)
    lines += story_lines(story)
    story["daily_words"] = daily_words(p)
    lines += daily_word_lines(story["daily_words"])
    if audit.failures:
        lines.append(f"could not be made: {len(audit.failures)}")
        lines += [f"  {f}" for f in audit.failures]
    data = {
        "scope": s,
        "printed": total,
        "distinct": len(p.where),
        "outside_print_vocabulary": {
            w: {"reason": lexicon.print_reason(w), "where": v} for w, v in outside.items()
        },
        "key_links": {"zipf_at_least": LINK_ZIPF, "frequent": hi, "total": links, "share": round(share, 2)},
        "rarest": [{"word": w, "zipf": z, "times": n} for w, z, n in rarest],
        "mixed_spellings": [{"where": w, "chain": list(c)} for w, c in mixed],
        "not_us_spelling": off,
        "repeated_puzzles": [{"pair": list(pr), "times": n} for pr, n in repeats],
        "end_word_gaps": {"within_days": END_GAP_DAYS, "count": short, "distinct_ends": ends, "words": gaps},
        "pars_fall": audit.daily.pars_fall,
        "failures": audit.failures,
        "fighting_words_referee_only": p.referee,
        "chimera_marked_rare": p.marked,
        "words": {w: len(v) for w, v in sorted(p.where.items())},
        "doublets": story,
    }
    return lines, data


def daily_words(p: Printed) -> dict[str, Any]:
    """The daily sheets' measures: story days by month, ends a child knows, inflected ends, and
    keys that need a word outside everyday use."""
    from generator.games.doublets.prompts import UNRELATED
    from generator.games.doublets.story import familiar, inflected, known
    from generator.words.ladder import ladders_for

    ladders = ladders_for(None)
    firsts: dict[str, tuple] = {}
    rows = [r for r in p.puzzles if r[0].startswith("daily")]
    for r in rows:
        firsts.setdefault(r[0], r)
    months: Counter[str] = Counter()
    for place, r in firsts.items():
        months[place.split()[1][:7]] += r[3] != UNRELATED
    ends = [w for r in rows for w in r[1:3]]
    strange = sum(any(not familiar(w, ladders) for w in r[5]) for r in rows)

    def pct(n: int, of: int) -> float:
        return round(100.0 * n / of, 1) if of else 0.0

    return {
        "days": len(firsts),
        "story_days": sum(r[3] != UNRELATED for r in firsts.values()),
        "story_days_by_month": dict(sorted(months.items())),
        "ends": len(ends),
        "familiar_ends_pct": pct(sum(known(w, ladders) for w in ends), len(ends)),
        "inflected_ends_pct": pct(sum(inflected(w, ladders) for w in ends), len(ends)),
        "keys_needing_unfamiliar": strange,
        "keys_needing_unfamiliar_pct": pct(strange, len(rows)),
    }


def daily_word_lines(m: dict[str, Any]) -> list[str]:
    """daily_words as report lines."""
    return [
        f"daily story days: {m['story_days']} of {m['days']}; by month: "
        + ", ".join(f"{k} {n}" for k, n in m["story_days_by_month"].items()),
        f"daily ends a child knows: {m['familiar_ends_pct']} % of {m['ends']}; "
        f"inflected ends: {m['inflected_ends_pct']} %",
        f"daily keys needing a word outside everyday use: {m['keys_needing_unfamiliar']} "
        f"({m['keys_needing_unfamiliar_pct']} %)",
    ]


MIDDLE_YEAR_MOST = 40  # no word should be a middle word more often than this in a calendar year of dailies


def doublets_story(p: Printed, lexicon: Lexicon) -> dict[str, Any]:
    """What the Doublets puzzles tell: related ends and their relations, prompts, ends that
    are no content word (or have a crude sense), middle-word reuse, printed words by class."""
    from generator.games.doublets.prompts import UNRELATED
    from generator.words.relations import not_an_end

    def share(rows: list) -> dict[str, Any]:
        related = sum(r[3] != UNRELATED for r in rows)
        return {
            "puzzles": len(rows),
            "related": related,
            "share": round(100.0 * related / len(rows), 1) if rows else 0.0,
        }

    daily = [r for r in p.puzzles if r[0].startswith("daily")]
    sheets = [r for r in p.puzzles if not r[0].startswith("daily")]
    relations = Counter(r[3] for r in p.puzzles)
    prompts = [r[4] for r in p.puzzles]
    ends = [w for r in p.puzzles for w in r[1:3]]
    not_ends = Counter(not_an_end(w) for w in ends if not_an_end(w))
    by_place: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    for r in p.puzzles:
        by_place[r[0]].append(r[5])
    over_two = sorted(
        place
        for place, rows in by_place.items()
        if max(Counter(w for links in rows for w in links).values(), default=0) > 2
    )
    share_three = sorted(
        place
        for place, rows in by_place.items()
        if any(len(set(a) & set(b)) >= 3 for i, a in enumerate(rows) for b in rows[i + 1 :])
    )
    by_year: dict[str, Counter[str]] = defaultdict(Counter)  # links of daily keys, calendar year by year
    for r in daily:
        by_year[r[0].split()[1][:4]].update(r[5])
    middles: Counter[str] = Counter()  # each word's busiest year
    for used in by_year.values():
        middles |= used
    classes: Counter[str] = Counter()
    for w in p.where:
        classes[lexicon.print_reason(w) or "print"] += 1
    end_classes: Counter[str] = Counter()
    for w in set(ends):
        end_classes[not_an_end(w) or lexicon.print_reason(w) or "print"] += 1
    # links whose word is no end (printed in passing by policy): distinct words and printings
    link_words = Counter(w for w, _ in p.links)
    link_classes: dict[str, list[int]] = {}
    for w, n in link_words.items():
        cls = not_an_end(w)
        if cls:
            got = link_classes.setdefault(cls, [0, 0])
            got[0], got[1] = got[0] + 1, got[1] + n
    return {
        **children(p, lexicon),
        "related": {"daily": share(daily), "sheets": share(sheets)},
        "relations": dict(relations.most_common()),
        "prompts": {
            "puzzles": len(prompts),
            "with_prompt": sum(bool(x) for x in prompts),
            "distinct": len(set(prompts)),
        },
        "ends_not_content_or_crude": dict(not_ends),
        "middle_in_3_puzzles_of_one_sheet": over_two,
        "two_puzzles_sharing_3_middles": share_three,
        "daily_middles_most": middles.most_common(10),
        "daily_middles_over_limit": sorted(w for w, n in middles.items() if n > MIDDLE_YEAR_MOST),
        "printed_words_by_class": dict(classes.most_common()),
        "end_words_by_class": dict(end_classes.most_common()),
        "links_of_a_no_end_class": {
            k: {"words": a, "printed": b} for k, (a, b) in sorted(link_classes.items())
        },
    }


def _pct(a: int, b: int) -> float:
    return round(100.0 * a / b, 1) if b else 0.0


def children(p: Printed, lexicon: Lexicon) -> dict[str, Any]:
    """What a child meets on the daily sheets (issue 33): ends on the familiar list (the
    lexicon's '@familiar' mark: Dale-Chall and parlour's supplement), ends that are inflected
    forms (relations.txt '@form'), keys that need a word outside everyday use
    (Lexicon.everyday), printed words of the family class (death, violence, crime, drink, sin:
    none should be), and days per month that lead with a story of the pool."""
    from generator.words.relations import inflected_form, not_an_end
    from generator.words.stories import stories

    daily = [r for r in p.puzzles if r[0].startswith("daily")]
    ends = [w for r in daily for w in r[1:3]]
    familiar = sum(lexicon.familiar(w) for w in ends)
    inflected = Counter(inflected_form(w) for w in ends if inflected_form(w))
    unfamiliar_keys = [r for r in daily if any(not lexicon.everyday(w) for w in r[5])]
    needed = Counter(w for r in unfamiliar_keys for w in r[5] if not lexicon.everyday(w))
    pool = {frozenset((s.start, s.end)) for s in stories()}
    months: dict[str, set[str]] = defaultdict(set)
    days_in: dict[str, set[str]] = defaultdict(set)
    for r in daily:
        day = r[0].split()[1]
        days_in[day[:7]].add(day)
        if frozenset(r[1:3]) in pool:
            months[day[:7]].add(day)
    family = sorted(w for w in p.where if lexicon.print_reason(w) == "family")
    grown = sorted({w for r in daily for w in (*r[1:3], *r[5]) if not_an_end(w) == "grown"})
    return {
        "daily_ends_familiar": {"ends": len(ends), "familiar": familiar, "share": _pct(familiar, len(ends))},
        "daily_ends_inflected": {
            "ends": len(ends),
            "inflected": sum(inflected.values()),
            "share": _pct(sum(inflected.values()), len(ends)),
            "by_form": dict(inflected.most_common()),
        },
        "daily_keys_unfamiliar": {
            "puzzles": len(daily),
            "needing": len(unfamiliar_keys),
            "share": _pct(len(unfamiliar_keys), len(daily)),
            "words": needed.most_common(20),
        },
        "family_words_printed": family,
        "grown_words_on_dailies": grown,
        "story_days_per_month": {m: [len(months.get(m, ())), len(d)] for m, d in sorted(days_in.items())},
    }


def child_lines(story: dict[str, Any]) -> list[str]:
    """children() as report lines."""
    f, i, k = story["daily_ends_familiar"], story["daily_ends_inflected"], story["daily_keys_unfamiliar"]
    months = story["story_days_per_month"]
    return [
        f"daily ends on the familiar list: {f['familiar']:,} of {f['ends']:,} ({f['share']} %)",
        f"daily ends that are inflected forms: {i['inflected']:,} ({i['share']} %)"
        + (" (" + ", ".join(f"{k2} {n}" for k2, n in i["by_form"].items()) + ")" if i["by_form"] else ""),
        f"daily keys needing a word outside everyday use: {k['needing']:,} of {k['puzzles']:,} ({k['share']} %)"
        + (" (" + ", ".join(f"{w} {n}" for w, n in k["words"][:12]) + ")" if k["words"] else ""),
        f"printed words of the family class: {len(story['family_words_printed'])}"
        + (f" ({', '.join(story['family_words_printed'][:12])})" if story["family_words_printed"] else ""),
        f"grown-up words (scripts/grown_words.txt) at daily ends or in daily keys: {len(story['grown_words_on_dailies'])}"
        + (
            f" ({', '.join(story['grown_words_on_dailies'][:12])})" if story["grown_words_on_dailies"] else ""
        ),
        "daily story days per month (from the story pool): "
        + (", ".join(f"{m} {a}/{b}" for m, (a, b) in months.items()) or "none"),
    ]


def story_lines(story: dict[str, Any]) -> list[str]:
    """doublets_story as report lines."""
    d, sh = story["related"]["daily"], story["related"]["sheets"]
    pr = story["prompts"]
    lines = child_lines(story) + [
        f"doublets related ends: daily {d['related']:,} of {d['puzzles']:,} ({d['share']} %), "
        f"sheets {sh['related']:,} of {sh['puzzles']:,} ({sh['share']} %)",
        "  by relation: " + ", ".join(f"{r} {n}" for r, n in story["relations"].items()),
        f"doublets prompts: {pr['with_prompt']:,} of {pr['puzzles']:,} puzzles ({pr['distinct']:,} distinct)",
        "doublets ends that are function words or have a crude sense: "
        + (", ".join(f"{k} {n}" for k, n in story["ends_not_content_or_crude"].items()) or "0"),
        f"sheets or days with a middle word in 3+ puzzles: {len(story['middle_in_3_puzzles_of_one_sheet'])}; "
        f"with two puzzles sharing 3+ middle words: {len(story['two_puzzles_sharing_3_middles'])}",
        "daily middle words most used in a calendar year: "
        + ", ".join(f"{w} {n}" for w, n in story["daily_middles_most"]),
        f"daily middle words used more than {MIDDLE_YEAR_MOST} times in a calendar year: {len(story['daily_middles_over_limit'])}"
        + (
            f" ({', '.join(story['daily_middles_over_limit'][:12])})"
            if story["daily_middles_over_limit"]
            else ""
        ),
        "printed words by class: "
        + ", ".join(f"{k} {n}" for k, n in story["printed_words_by_class"].items()),
        "doublets end words by class: "
        + ", ".join(f"{k} {n}" for k, n in story["end_words_by_class"].items()),
        "links of a no-end class (printed in passing, never as an end): "
        + (
            ", ".join(
                f"{k} {v['words']} words x{v['printed']}" for k, v in story["links_of_a_no_end_class"].items()
            )
            or "0"
        ),
    ]
    return lines
