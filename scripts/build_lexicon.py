"""Build generator/data/lexicon.txt from Debian's SCOWL lists, wordfreq and the blocklist.

How to rebuild (from the repository root)::

    apt-get install scowl              # puts the SCOWL lists in /usr/share/dict/scowl/
    python scripts/build_lexicon.py    # needs wordfreq (a runtime dependency of parlour)

What it does, step by step:

1. Reads the SCOWL "words" lists of the spelling categories ``english``, ``american`` and
   ``british`` and their variant lists ``variant_1``, ``variant_2``, ``british_variant_1`` and
   ``british_variant_2`` (``variant_3`` holds spellings SCOWL itself calls seldom used, so it is
   left out). Sizes 10-50 make the "standard" tier; sizes 55, 60 and 70 make the "broad" tier
   (only words not already standard). Debian ships the lists as UTF-8 (upstream SCOWL uses
   ISO-8859-1); each file is decoded as UTF-8 and, failing that, as ISO-8859-1.
2. Keeps lowercase a-z words only: anything with a capital, apostrophe, accent, digit or hyphen
   is dropped. Proper names, abbreviations and contractions are never read as words.
3. Collects "capitalised" forms: words that SCOWL (the same categories, sizes up to 70, "upper"
   and "proper-names" lists plus capitalised entries of the "words" lists) only knows with a
   capital letter, lowercased and a-z only, so that ``lookup("paris")`` can say why "paris" is
   not a word here.
4. Joins each word with ``wordfreq.zipf_frequency(word, "en")``; "common" is the part of the
   standard tier with zipf >= 3.0.
5. Removes every word in generator/data/blocklist.txt from all tiers (and from the capitalised
   forms) and checks that none is left.
6. Writes generator/data/lexicon.txt (format described in its header) with no date in it, so
   the same inputs always give the same bytes, and prints counts per tier and per length.

``--review`` prints, instead of writing, words that start with a blocked word but are not
blocked themselves, and blocklist entries SCOWL does not know: an aid for curating the list.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.words.lexicon import (  # noqa: E402
    COMMON_ZIPF,
    TIERS,
    format_data,
    parse_blocklist,
)

SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_DOC = Path("/usr/share/doc/scowl")
BLOCKLIST = ROOT / "generator" / "data" / "blocklist.txt"
OUTPUT = ROOT / "generator" / "data" / "lexicon.txt"

CATEGORIES = (
    "english",
    "american",
    "british",
    "variant_1",
    "variant_2",
    "british_variant_1",
    "british_variant_2",
)
STANDARD_SIZES = (10, 20, 35, 40, 50)
BROAD_SIZES = (55, 60, 70)
CAPITAL_KINDS = ("upper", "proper-names")

WORD_RE = re.compile(r"[a-z]+")


def read_list(path: Path) -> list[str]:
    """Return the entries of one SCOWL list, decoded as UTF-8 or else ISO-8859-1."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("iso-8859-1")
    return [line.strip() for line in text.splitlines() if line.strip()]


def list_paths(kind: str, sizes: tuple[int, ...]) -> list[Path]:
    """Return the existing SCOWL files of one kind ("words", "upper", ...) at the given sizes."""
    paths = []
    for category in CATEGORIES:
        for size in sizes:
            path = SCOWL_DIR / f"{category}-{kind}.{size}"
            if path.exists():
                paths.append(path)
    return paths


def collect(kind: str, sizes: tuple[int, ...]) -> tuple[set[str], set[str], list[Path]]:
    """Return (lowercase a-z words, lowercased capitalised forms, files read)."""
    plain: set[str] = set()
    capital: set[str] = set()
    paths = list_paths(kind, sizes)
    for path in paths:
        for entry in read_list(path):
            if WORD_RE.fullmatch(entry):
                plain.add(entry)
            else:
                lowered = entry.lower()
                if WORD_RE.fullmatch(lowered):
                    capital.add(lowered)
    return plain, capital, paths


def scowl_version() -> str:
    """Return the SCOWL version named in its README (or the Debian package's), if findable."""
    import gzip

    readme = SCOWL_DOC / "README.gz"
    if readme.exists():
        with gzip.open(readme, "rt", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                match = re.match(r"\s*Version\s+(\S+)", line)
                if match:
                    return match.group(1)
    return "unknown"


def scowl_copyright_line() -> str:
    """Return SCOWL's "Copyright YEARS by Kevin Atkinson" line from its README, if findable."""
    import gzip

    readme = SCOWL_DOC / "README.gz"
    if readme.exists():
        with gzip.open(readme, "rt", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                match = re.match(r"\s*(Copyright \d{4}-\d{4} by Kevin Atkinson)", line)
                if match:
                    return match.group(1)
    return "Copyright by Kevin Atkinson"


def build() -> dict[str, object]:
    """Read the sources and return everything the data file needs."""
    from wordfreq import zipf_frequency

    std_words, std_caps, std_paths = collect("words", STANDARD_SIZES)
    broad_words, broad_caps, broad_paths = collect("words", STANDARD_SIZES + BROAD_SIZES)
    broad_words -= std_words
    capital = std_caps | broad_caps
    cap_paths: list[Path] = []
    for kind in CAPITAL_KINDS:
        _, caps, paths = collect(kind, STANDARD_SIZES + BROAD_SIZES)
        capital |= caps
        cap_paths += paths
    # "Capitalised only" means: within the lists read (sizes <= 70), never written in lowercase.
    capital -= std_words | broad_words

    blocked = parse_blocklist(BLOCKLIST.read_text(encoding="utf-8"))
    std_words -= blocked
    broad_words -= blocked
    capital -= blocked

    zipf = {w: zipf_frequency(w, "en") for w in sorted(std_words | broad_words)}
    tiers: dict[str, set[str]] = {
        "common": {w for w in std_words if zipf[w] >= COMMON_ZIPF},
        "standard": {w for w in std_words if zipf[w] < COMMON_ZIPF},
        "broad": broad_words,
    }
    for tier in TIERS:
        leaked = tiers[tier] & blocked
        if leaked:
            raise SystemExit(f"blocked words left in tier {tier}: {sorted(leaked)[:10]}")
    return {
        "tiers": tiers,
        "zipf": zipf,
        "capitalised": capital,
        "blocked": blocked,
        "files": {
            "standard": std_paths,
            "broad": [p for p in broad_paths if p not in std_paths],
            "capitalised": cap_paths,
        },
    }


def header(built: dict[str, object]) -> list[str]:
    """Return the comment lines heading the data file: sources, licences and format."""
    wf_version = importlib.metadata.version("wordfreq")
    wf_licence = importlib.metadata.metadata("wordfreq").get("License", "Apache-2.0")
    cats = ", ".join(CATEGORIES)
    return [
        "parlour lexicon: generated by scripts/build_lexicon.py. Do not edit by hand; rebuild.",
        "",
        "Sources",
        f"  SCOWL (Spell Checker Oriented Word Lists) version {scowl_version()},",
        "    by Kevin Atkinson, http://wordlist.aspell.net/, as packaged by Debian (scowl).",
        f"    Categories: {cats}; sub-category 'words' only.",
        "    standard tier: sizes " + ", ".join(map(str, STANDARD_SIZES)) + ";"
        " broad tier: sizes " + ", ".join(map(str, BROAD_SIZES)) + " (words not standard).",
        "    capitalised forms: 'upper' and 'proper-names' lists, same categories, sizes <= 70.",
        "    Lowercase a-z words only; no proper names, abbreviations or contractions.",
        f"  wordfreq {wf_version} by Robyn Speer: zipf_frequency(word, 'en'), two decimals.",
        f"    common tier: standard words with zipf >= {COMMON_ZIPF}.",
        "  generator/data/blocklist.txt (parlour's own curated list) removed from every tier.",
        "",
        "Licences",
        f"  SCOWL: {scowl_copyright_line()} and others; permission to use, copy,",
        "    modify, distribute and sell these word lists for any purpose is granted without fee,",
        "    provided the copyright notice and permission notice appear in all copies. Parts",
        "    derive from public-domain lists, WordNet 1.6 (Princeton University) and the Ispell",
        "    (Geoff Kuenning) variant data; full terms: /usr/share/doc/scowl/copyright and",
        "    the SCOWL README.",
        f"  wordfreq: code {wf_licence}; its frequency data CC-BY-SA 4.0",
        "    (https://creativecommons.org/licenses/by-sa/4.0/). The zipf figures below derive",
        "    from that data and are shared under the same licence, crediting wordfreq and its",
        "    sources (Google Books Ngrams, Leeds Internet Corpus, Wikipedia, ParaCrawl,",
        "    OpenSubtitles, SUBTLEX by Marc Brysbaert et al., Twitter).",
        "",
        "Format",
        "  Lines starting with '#' are comments. A line '@TIER ZIPF' opens a section; the next",
        "  line holds that section's words, space-separated and sorted. TIER is common,",
        "  standard or broad; sections run by tier, then by zipf from high to low.",
        "  '@capitalised' is followed by one line of words SCOWL only knows with a capital.",
    ]


def write(built: dict[str, object], out: Path) -> bytes:
    """Write the data file atomically and return its bytes."""
    data = format_data(
        header(built),
        built["tiers"],  # type: ignore[arg-type]
        built["zipf"],  # type: ignore[arg-type]
        built["capitalised"],  # type: ignore[arg-type]
    ).encode("utf-8")
    tmp = out.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(out)
    return data


def report(built: dict[str, object], size: int) -> None:
    """Print counts per tier and per length."""
    tiers: dict[str, set[str]] = built["tiers"]  # type: ignore[assignment]
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({size:,} bytes)")
    print(f"blocklist entries: {len(built['blocked']):,}")  # type: ignore[arg-type]
    print(f"capitalised-only forms: {len(built['capitalised']):,}")  # type: ignore[arg-type]
    print("words per tier (each tier alone; 'standard' as loaded = common + standard):")
    for tier in TIERS:
        print(f"  {tier:<9} {len(tiers[tier]):>7,}")
    lengths = {tier: Counter(len(w) for w in tiers[tier]) for tier in TIERS}
    longest = max(max(c) for c in lengths.values() if c)
    print("words per length:")
    print("  len " + "".join(f"{t:>10}" for t in TIERS))
    for n in range(1, longest + 1):
        row = [lengths[t][n] for t in TIERS]
        if any(row):
            print(f"  {n:>3} " + "".join(f"{c:>10,}" for c in row))


def review(built: dict[str, object]) -> None:
    """Print curation hints for the blocklist."""
    blocked: set[str] = built["blocked"]  # type: ignore[assignment]
    tiers: dict[str, set[str]] = built["tiers"]  # type: ignore[assignment]
    every = set().union(*tiers.values())
    scowl_any, caps_any, _ = collect("words", (10, 20, 35, 40, 50, 55, 60, 70, 80, 95))
    unknown = sorted(b for b in blocked if b not in scowl_any and b not in caps_any)
    print("blocklist entries SCOWL does not know at any size (typos?):")
    print("  " + " ".join(unknown))
    print("lexicon words starting with a blocked word (variants to consider):")
    for b in sorted(blocked):
        if len(b) < 4:
            continue
        near = sorted(w for w in every if w.startswith(b))
        if near:
            print(f"  {b}: {' '.join(near)}")
    print("lexicon words holding a blocked word further in (compounds to consider):")
    for b in sorted(blocked):
        if len(b) < 4:
            continue
        near = sorted(w for w in every if b in w[1:])
        if near:
            print(f"  {b}: {' '.join(near)}")


def main(argv: list[str] | None = None) -> int:
    """Build the lexicon (or, with --review, print blocklist curation hints)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--review", action="store_true", help="print blocklist hints only")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write")
    args = parser.parse_args(argv)
    if not SCOWL_DIR.is_dir():
        print(f"{SCOWL_DIR} not found: run 'apt-get install scowl' first", file=sys.stderr)
        return 2
    built = build()
    if args.review:
        review(built)
        return 0
    data = write(built, args.output)
    report(built, len(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
