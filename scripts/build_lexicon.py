"""Build generator/data/lexicon.txt from Debian's SCOWL lists, wordfreq and the blocklist.

How to rebuild (from the repository root)::

    apt-get install scowl              # puts the SCOWL lists in /usr/share/dict/scowl/
    python scripts/build_lexicon.py    # needs wordfreq (the build and test extras; not a runtime dependency)

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
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_files  # noqa: E402
import vet_words  # noqa: E402
import wordnet_db  # noqa: E402
from wordnet_db import WordNet  # noqa: E402

from generator.words.lexicon import (  # noqa: E402
    COMMON_ZIPF,
    TIERS,
    format_data,
    parse_blocklist,
)

SCOWL_DIR = Path("/usr/share/dict/scowl")
SCOWL_DOC = Path("/usr/share/doc/scowl")
BLOCKLIST = ROOT / "generator" / "data" / "blocklist.txt"
NOT_PUZZLE_ENDS = ROOT / "generator" / "data" / "not_puzzle_ends.txt"
DATED_WORDS = ROOT / "scripts" / "dated_words.txt"
CLIPPED_WORDS = ROOT / "scripts" / "clipped_words.txt"
FAMILY_WORDS = ROOT / "scripts" / "family_words.txt"
FAMILIAR_WORDS = ROOT / "scripts" / "familiar_words.txt"
# The Dale-Chall list of words known to most fourth-graders (Dale 1948), as textstat 0.7.13
# (MIT) ships it (textstat/resources/en/easy_words.txt), vendored unchanged with its licence
# (scripts/LICENSE-textstat.txt) and pinned by checksum, so the build needs no network.
DALE_CHALL = ROOT / "scripts" / "dale_chall_words.txt"
DALE_CHALL_SOURCE = "the Dale-Chall list (Dale 1948) as shipped by textstat 0.7.13 (MIT)"
DALE_CHALL_SHA256 = "9c75ec6f1a0e7200bc677a4d100a9b13f864db57d800087b10d30b017a856360"
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
NAME_SIZES = (10, 20, 35, 40, 50)  # proper-names lists whose names discount a word's zipf
UPPER_SIZES = (10, 20, 35, 40, 50)  # "upper" lists: capitalised words (Dale, Titanic, Jeep)
SHADOW_SIZES = NAME_SIZES + (55, 60, 70, 80)  # personal names that may inflate any word (Tiff: 80)
ALL_SIZES = STANDARD_SIZES + BROAD_SIZES + (80, 95)
US_CATEGORIES = ("american",)
UK_CATEGORIES = ("british",)
# Rewrites that turn one spelling of a word into another (either way round): a UK-only or
# US-only word is paired with a lexicon word it becomes under one rewrite at one place.
SPELLING_REWRITES = (
    ("our", "or"),
    ("re", "er"),
    ("ise", "ize"),
    ("isa", "iza"),
    ("yse", "yze"),
    ("ogue", "og"),
    ("ae", "e"),
    ("oe", "e"),
    ("ll", "l"),
    ("yre", "ire"),
    ("ey", "ay"),
    ("que", "ck"),
    ("ough", "ow"),
    ("ould", "old"),
    ("pyj", "paj"),
    ("ence", "ense"),
    ("mme", "m"),
    ("ium", "um"),
    ("gement", "gment"),
    ("xe", "x"),
    ("ery", "ry"),
    ("sc", "sk"),
    ("eab", "ab"),
)

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


def clipped_words(sizes: tuple[int, ...], words: set[str]) -> set[str]:
    """Lowercase entries of SCOWL's abbreviation lists at `sizes` whose plural (+s) is in
    `words`: clipped forms used as words (tech/techs, intro/intros, bot/bots). SCOWL files
    them as abbreviations, so reading only its word lists kept the plural and lost the base."""
    out = set()
    for path in list_paths("abbreviations", sizes):
        for entry in read_list(path):
            if (
                WORD_RE.fullmatch(entry)
                and len(entry) >= 3
                and re.search("[aeiouy]", entry)
                and not entry.endswith("s")
                and entry + "s" in words
            ):
                out.add(entry)
    return out


def misspelt_broad(
    wn: WordNet, std_words: set[str], broad_words: set[str], zipf: dict[str, float]
) -> dict[str, str]:
    """Broad-only words that are misspellings SCOWL's larger lists let in (english-words.70:
    overcompetetive, canteloupe, dependancy), by build_noexample.misspelt: word -> the
    standard word it misspells. The build drops them, so no referee accepts them either."""
    import build_noexample

    standard = {w: zipf[w] for w in std_words}
    every = std_words | broad_words
    out = {}
    for w in sorted(broad_words):
        s = build_noexample.misspelt(wn, w, zipf[w], standard, every.__contains__)
        if s is not None:
            out[w] = s
    # a form of a misspelling is one too (violincellos: violincello)
    for w in sorted(broad_words - set(out)):
        for end, base in build_noexample.FORMS:
            if w.endswith(end) and w[: -len(end)] + base in out:
                out[w] = out[w[: -len(end)] + base]
                break
    return out


def contraction_forms(words: set[str]) -> dict[str, float]:
    """Bare form -> wordfreq zipf of the contraction, for every contraction of SCOWL's
    contraction lists at the standard sizes (can't, won't, we'll) whose bare form (cant) is in
    `words`; see vet_words.contraction_like."""
    from wordfreq import zipf_frequency

    out: dict[str, float] = {}
    for path in list_paths("contractions", STANDARD_SIZES):
        for entry in read_list(path):
            bare = entry.lower().replace("'", "")
            if "'" in entry and bare in words:
                out[bare] = max(out.get(bare, 0.0), zipf_frequency(entry.lower(), "en"))
    return out


def scowl_sizes(words: set[str]) -> dict[str, int]:
    """The smallest SCOWL size (of the categories read) listing each word."""
    size: dict[str, int] = {}
    for path in list_paths("words", STANDARD_SIZES + BROAD_SIZES):
        n = int(path.suffix[1:])
        for entry in read_list(path):
            if entry in words and n < size.get(entry, 99):
                size[entry] = n
    return size


def name_forms() -> set[str]:
    """Lowercased names from SCOWL's proper-names lists (sizes <= 50: 'Glen', 'Earl') and
    its other capitalised words (sizes <= 50: 'Dale', 'Titanic')."""
    return capital_forms(("proper-names",), NAME_SIZES) | capital_forms(("upper",), UPPER_SIZES)


def capital_forms(kinds: tuple[str, ...], sizes: tuple[int, ...]) -> set[str]:
    """Lowercased capitalised entries (Glen, TIFF) of SCOWL's lists of these kinds and sizes."""
    forms = set()
    for category in CATEGORIES:
        for kind in kinds:
            for n in sizes:
                path = SCOWL_DIR / f"{category}-{kind}.{n}"
                if path.exists():
                    for entry in read_list(path):
                        if entry[:1].isupper() and WORD_RE.fullmatch(entry.lower()):
                            forms.add(entry.lower())
    return forms


def side_words(categories: tuple[str, ...]) -> set[str]:
    """Every a-z word of the given SCOWL spelling categories, sizes up to 70."""
    out: set[str] = set()
    for category in categories:
        for n in STANDARD_SIZES + BROAD_SIZES:
            path = SCOWL_DIR / f"{category}-words.{n}"
            if path.exists():
                out.update(e for e in read_list(path) if WORD_RE.fullmatch(e))
    return out


def spellings(lexicon_words: set[str]) -> tuple[dict[str, str], list[tuple[str, ...]]]:
    """Return (word -> "us"/"uk" for one-sided spellings, groups of variant spellings with
    the canonical one first). "us": only SCOWL's american lists hold it; "uk":
    only its british lists do; words of the "english" lists, or of both sides, are "both"."""
    english = side_words(("english",))
    us, uk = side_words(US_CATEGORIES), side_words(UK_CATEGORIES)
    side: dict[str, str] = {}
    for w in lexicon_words:
        if w in english or (w in us and w in uk):
            continue
        if w in us:
            side[w] = "us"
        elif w in uk:
            side[w] = "uk"
    parent: dict[str, str] = {}

    def find(w: str) -> str:
        while parent.get(w, w) != w:
            w = parent[w]
        return w

    for w in sorted(side):
        for a, b in SPELLING_REWRITES:
            for old, new in ((a, b), (b, a)):
                start = w.find(old)
                while start >= 0:
                    other = w[:start] + new + w[start + len(old) :]
                    if other in lexicon_words and side.get(other, "both") != side[w]:
                        ra, rb = find(w), find(other)
                        if ra != rb:
                            parent[max(ra, rb)] = min(ra, rb)
                    start = w.find(old, start + 1)
    members: dict[str, list[str]] = {}
    for w in set(parent) | {p for p in parent.values()}:
        members.setdefault(find(w), []).append(w)
    order = {"us": 0, "both": 1, "uk": 2}
    groups = [
        tuple(sorted(ws, key=lambda w: (order[side.get(w, "both")], w)))
        for ws in members.values()
        if len(ws) > 1
    ]
    return side, sorted(groups)


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


def dale_chall(path: Path = DALE_CHALL) -> set[str]:
    """The a-z entries of the vendored Dale-Chall list, after checking its bytes (entries with
    an apostrophe or a hyphen, can't and bow-wow, are no lexicon words)."""
    import hashlib

    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != DALE_CHALL_SHA256:
        raise SystemExit(f"{path} is not the vendored Dale-Chall list of textstat 0.7.13")
    return {e for e in data.decode("utf-8").split() if WORD_RE.fullmatch(e)}


def build() -> dict[str, object]:
    """Read the sources and return everything the data file needs."""
    from wordfreq import zipf_frequency

    std_words, std_caps, std_paths = collect("words", STANDARD_SIZES)
    broad_words, broad_caps, broad_paths = collect("words", STANDARD_SIZES + BROAD_SIZES)
    clipped_std = clipped_words(STANDARD_SIZES, std_words) - std_words
    clipped_broad = clipped_words(STANDARD_SIZES + BROAD_SIZES, broad_words) - broad_words
    std_words |= clipped_std
    broad_words |= clipped_broad
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
    wordnet = WordNet()
    misspelt = misspelt_broad(wordnet, std_words, broad_words, zipf)
    broad_words -= set(misspelt)
    tiers: dict[str, set[str]] = {
        "common": {w for w in std_words if zipf[w] >= COMMON_ZIPF},
        "standard": {w for w in std_words if zipf[w] < COMMON_ZIPF},
        "broad": broad_words,
    }
    for tier in TIERS:
        leaked = tiers[tier] & blocked
        if leaked:
            raise SystemExit(f"blocked words left in tier {tier}: {sorted(leaked)[:10]}")
    curated = parse_blocklist(NOT_PUZZLE_ENDS.read_text(encoding="utf-8"))
    dated, _ = vet_words.parse_word_lists(DATED_WORDS.read_text(encoding="utf-8"))
    clipped, kept = vet_words.parse_word_lists(CLIPPED_WORDS.read_text(encoding="utf-8"))
    family, _ = vet_words.parse_word_lists(FAMILY_WORDS.read_text(encoding="utf-8"))
    supplement, _ = vet_words.parse_word_lists(FAMILIAR_WORDS.read_text(encoding="utf-8"))
    known = std_words | broad_words | capital | blocked
    for path, entries in ((DATED_WORDS, dated), (CLIPPED_WORDS, clipped | kept), (FAMILY_WORDS, family)):
        strangers = sorted(entries - known)
        if strangers:
            raise SystemExit(f"{path.relative_to(ROOT)}: not lexicon words: {' '.join(strangers)}")
    strangers = sorted(supplement - std_words)
    if strangers:
        raise SystemExit(
            f"{FAMILIAR_WORDS.relative_to(ROOT)}: not standard-tier words: {' '.join(strangers)}"
        )
    dale = dale_chall()
    sizes = scowl_sizes(std_words)
    familiar, spared = vet_words.familiar_words(wordnet, std_words, dale | supplement, zipf, sizes)
    noprint = vet_words.vet(
        std_words,
        zipf,
        sizes,
        name_forms(),
        clipped_std | clipped_broad,
        curated,
        wordnet,
        blocked=blocked,
        shadowed=capital_forms(("proper-names",), SHADOW_SIZES),
        capitalised=capital_forms(("proper-names", "upper", "abbreviations"), ALL_SIZES),
        contractions=contraction_forms(std_words),
        dated=dated,
        clipped=clipped,
        kept=kept,
        familiar=spared,
        family=family,
    )
    side, groups = spellings(std_words | broad_words)
    return {
        "tiers": tiers,
        "zipf": zipf,
        "capitalised": capital,
        "blocked": blocked,
        "noprint": noprint,
        "clipped": clipped_std | clipped_broad,
        "misspelt": misspelt,
        "curated_lists": {
            "dated": dated,
            "clipped": clipped,
            "kept": kept,
            "family": family,
            "familiar": supplement,
        },
        "familiar": familiar,
        "dale": dale,
        "spelling": side,
        "variants": groups,
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
    lists: dict[str, set[str]] = built["curated_lists"]  # type: ignore[assignment]
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
        f"    broad tier less {len(built['misspelt'])} likely misspellings (overcompetetive,"  # type: ignore[arg-type]
        " canteloupe): 8+ letters,",
        "    unknown to WordNet, zipf under 1.5, one misspelling-shaped edit (a vowel for a vowel,",
        "    a letter doubled or undoubled, neighbours swapped; first letter kept) from a standard",
        "    word 1.0 zipf more frequent, or a prefix (over, un, ...) on a misspelt standard word",
        "    (scripts/build_noexample.py: misspelt).",
        "    Lowercase a-z words only; no proper names, abbreviations or contractions.",
        f"  wordfreq {wf_version} by Robyn Speer: zipf_frequency(word, 'en'), two decimals.",
        f"    common tier: standard words with zipf >= {COMMON_ZIPF}.",
        "  generator/data/blocklist.txt (parlour's own curated list) removed from every tier.",
        "  SCOWL abbreviation lists: lowercase entries whose plural SCOWL lists as a word",
        "    (tech/techs, intro/intros) join the tier of that plural; they are never printed.",
        "  Princeton WordNet 3.0 (Debian wordnet-base): senses, usage labels, hypernyms and",
        "    sense frequencies, for the print vocabulary below.",
        f"  scripts/dated_words.txt ({len(lists['dated'])} words) and scripts/clipped_words.txt"
        f" ({len(lists['clipped'])} words,",
        f"    {len(lists['kept'])} kept): parlour's own curated lists, each with its written policy"
        " at its head.",
        f"  scripts/family_words.txt ({len(lists['family'])} words): death, violence, crime, drink or"
        " sin, plainly named;",
        "    parlour's own curated list with its written policy at its head.",
        f"  Words children know: {DALE_CHALL_SOURCE},",
        f"    {len(built['dale'])} a-z entries (scripts/dale_chall_words.txt, pinned by sha256), and"  # type: ignore[arg-type]
        f" scripts/familiar_words.txt",
        f"    ({len(lists['familiar'])} words a 1948 reading list lacks: sty, bleat, steed, ewe),"
        " parlour's own curated list.",
        "",
        "Print vocabulary (what parlour prints; referees accept the wider tiers)",
        "  A standard-tier word is printed unless the first of these rules that fires puts",
        "  it out ('@noprint CATEGORY' lists it; 'rare' is not listed, it is the rest):",
        "  curated       on generator/data/not_puzzle_ends.txt (read by eye);",
        "  family        on scripts/family_words.txt, or a regular inflection of one: death,",
        "                violence, crime, drink or sin plainly named (death, gore, hanged, beer,",
        "                drunk, sinned, coven, cult);",
        "  vulgar, slur, sexual, excretory: ANY salient WordNet sense of the word or of its",
        "                base form is labelled obscene or vulgar, ethnic slur or disparaging,",
        "                or lies under a sexual, intimate-clothing or excretory synset;",
        "                (for sexual and excretory the word must also head the synset, or be",
        "                one of at most three names, or have no other sense: mate stays);",
        f"                salient: the word has at most {vet_words.SALIENT_SENSES} senses and this"
        " is the first or",
        "                second of its part of speech, a part of speech it is used in (stale",
        "                stays), or this is the first sense of its main part of speech, or",
        "                holds a tenth of its tagged uses (a crude second sense is enough:",
        "                bras, snot, erect); also sexual: the word heads a sexual synset, of",
        "                any rank, whose other names are mostly blocked, vulgar or slurs",
        "                (aroused: horny, randy);",
        "  drugs, violence (crime, killing, weapons), slang, archaic, abbreviation:",
        "                the word's MAIN WordNet sense (most tagged uses; the word's own",
        "                senses when it has 3+ tagged uses of its own: shot is not shoot);",
        "  dated         the first sense of the word's main part of speech is labelled archaic,",
        "                obsolete, poetic, literary, dialect or regional, and its other senses",
        f"                have under {vet_words.DATED_OTHER_USES} tagged uses (steed, abide, swarthy);",
        "                also a word on scripts/dated_words.txt or a regular inflection of one",
        "                (archaic, poetic or dialect in its everyday sense: thee, hither, lest,",
        "                hale, lass, sire, wan, stead, hew, aye, nay; knight, squire, maiden stay);",
        "  abbreviation  also a word on scripts/clipped_words.txt or a regular inflection of one",
        "                (clipped forms whose full form a family sheet prints: sub, spec, quad,",
        "                cam, temp, info), the clipped forms restored from SCOWL's abbreviation",
        "                lists, and clipped forms WordNet names beside a longer, more frequent",
        "                form that starts with the word and is no derivation of it (temp:",
        "                temporary, corp: corporation); the list's '@keep' words (vet, pop, prop,",
        "                orb) and their inflections are spared these two methods; exam, photo,",
        "                gym stay;",
        "  contraction   one of SCOWL's contractions (standard sizes) without its apostrophe,",
        f"                the contraction {vet_words.CONTRACTION_GAP} zipf more frequent than the bare word",
        "                (cant: can't); well, were, ill and wed stay;",
        f"  name          its own SCOWL size is >= {vet_words.NAME_SIZE}, and WordNet's tagged uses"
        " are all of a",
        "                capitalised sense (japan), or SCOWL lists it as a name or capitalised",
        "                word (proper-names and upper lists, size <= 50: Glen, Dale, Jeep)",
        f"                and its zipf less {vet_words.NAME_DISCOUNT} is under {vet_words.PRINT_ZIPF};",
        "                or, at any size, SCOWL lists it as a personal name (proper-names,",
        "                size <= 80: Glen, Earl, Tiff), its plural leads its inflections, the",
        "                singular outruns the plural by more than the upper quartile of plain",
        "                nouns of its SCOWL size (a name adds to the singular only), and no",
        "                name-free evidence shows it in use: plural under the floor, no",
        "                lowercase WordNet compound (water lily), glosses using it in fewer",
        f"                than {vet_words.GLOSS_USES} other synsets, no closed compound of two"
        " familiar words;",
        f"  rare          zipf under {vet_words.PRINT_ZIPF}, unless zipf >= "
        f"{vet_words.CORE_ZIPF} and SCOWL size <= {vet_words.CORE_SIZE}, or the word is familiar.",
        "",
        "Familiar words ('@familiar': standard-tier words a child knows, printable or not)",
        "  A word on the Dale-Chall list or scripts/familiar_words.txt, the singular of",
        "  a listed plural (oat: oats), or a regular inflection of one (a longest WordNet base",
        "  form is listed: cats, bigger) that clears the rare floor. A listed word (and such a",
        "  singular) is spared the 'rare' floor and WordNet's 'dated' label (steed), no other",
        "  rule: so sty, bleat, singe and oat print.",
        "",
        "Spelling",
        "  '@spelling us' / '@spelling uk': words only SCOWL's american (british) lists hold;",
        "  every other word is 'both'. '@variants': groups of spellings of one word joined by",
        "  '/', the canonical (US) spelling first; found by one rewrite (our/or, re/er,",
        "  ise/ize, yre/ire, ey/ay, ...) between a one-sided spelling and another word.",
        "",
        "Licences",
        f"  SCOWL: {scowl_copyright_line()} and others; permission to use, copy,",
        "    modify, distribute and sell these word lists for any purpose is granted without fee,",
        "    provided the copyright notice and permission notice appear in all copies. Parts",
        "    derive from public-domain lists, WordNet 1.6 (Princeton University) and the Ispell",
        "    (Geoff Kuenning) variant data; full terms: /usr/share/doc/scowl/copyright and",
        "    the SCOWL README.",
        "  WordNet 3.0: Copyright 2006 by Princeton University; the WordNet 3.0 licence",
        "    permits use, copying, modification and distribution for any purpose without fee,",
        "    keeping its notice (/usr/share/doc/wordnet-base/copyright). Only derived flags are",
        "    stored here, no WordNet text.",
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
        "  '@print', '@noprint CATEGORY', '@spelling SIDE', '@variants' and '@familiar' come",
        "  after the standard sections and before the broad ones, each followed by one line.",
    ]


def extras(built: dict[str, object]) -> dict[str, list[str]]:
    """The print-vocabulary and spelling sections of the data file."""
    tiers: dict[str, set[str]] = built["tiers"]  # type: ignore[assignment]
    noprint: dict[str, str] = built["noprint"]  # type: ignore[assignment]
    side: dict[str, str] = built["spelling"]  # type: ignore[assignment]
    groups: list[tuple[str, ...]] = built["variants"]  # type: ignore[assignment]
    standard = tiers["common"] | tiers["standard"]
    out = {"print": sorted(w for w in standard if w not in noprint)}
    for category in vet_words.CATEGORIES:
        if category != "rare":
            out[f"noprint {category}"] = sorted(w for w, c in noprint.items() if c == category)
    for name in ("us", "uk"):
        out[f"spelling {name}"] = sorted(w for w, s in side.items() if s == name)
    out["variants"] = ["/".join(g) for g in groups]
    familiar: set[str] = built["familiar"]  # type: ignore[assignment]
    out["familiar"] = sorted(familiar & standard)
    return out


def render(built: dict[str, object]) -> bytes:
    """The data file's bytes."""
    return format_data(
        header(built),
        built["tiers"],  # type: ignore[arg-type]
        built["zipf"],  # type: ignore[arg-type]
        built["capitalised"],  # type: ignore[arg-type]
        extras(built),
    ).encode("utf-8")


def write(built: dict[str, object], out: Path) -> bytes:
    """Write the data file atomically and return its bytes."""
    data = render(built)
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
    clipped = sorted(built["clipped"])  # type: ignore[call-overload]
    print(f"clipped forms restored from SCOWL's abbreviation lists: {len(clipped)}")
    print(f"likely misspellings dropped from the broad tier: {len(built['misspelt'])}")  # type: ignore[arg-type]
    lists: dict[str, set[str]] = built["curated_lists"]  # type: ignore[assignment]
    print("curated lists: " + ", ".join(f"{k} {len(v)}" for k, v in lists.items()))
    print(f"familiar words (standard tier): {len(built['familiar']):,}")  # type: ignore[arg-type]
    noprint: dict[str, str] = built["noprint"]  # type: ignore[assignment]
    standard_n = len(built["tiers"]["common"]) + len(built["tiers"]["standard"])  # type: ignore[index]
    print(f"print vocabulary: {standard_n - len(noprint):,} of {standard_n:,} standard words")
    print("standard words kept out of print, per category (first rule that fires):")
    for category in vet_words.CATEGORIES:
        print(f"  {category:<13} {sum(1 for c in noprint.values() if c == category):>7,}")
    side: dict[str, str] = built["spelling"]  # type: ignore[assignment]
    print(
        f"spellings: {sum(s == 'us' for s in side.values()):,} us-only, "
        f"{sum(s == 'uk' for s in side.values()):,} uk-only, "
        f"{len(built['variants']):,} variant groups"  # type: ignore[arg-type]
    )
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
    parser.add_argument("--check", action="store_true", help="exit 1 if the data file is stale")
    args = parser.parse_args(argv)
    if not SCOWL_DIR.is_dir():
        print(f"{SCOWL_DIR} not found: run 'apt-get install scowl' first", file=sys.stderr)
        return 2
    if why := wordnet_db.missing():
        print(why, file=sys.stderr)
        return 2
    built = build()
    if args.review:
        review(built)
        return 0
    if args.check:
        return build_files.check(args.output, render(built), "scripts/build_lexicon.py")
    data = write(built, args.output)
    report(built, len(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
