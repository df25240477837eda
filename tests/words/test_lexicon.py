"""Tests for generator.words.lexicon: the packaged data, the blocklist and lookups."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.words import lexicon
from generator.words.lexicon import TIERS, Entry, Lexicon

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "generator" / "data"
WORD = re.compile(r"[a-z]+")


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return lexicon.load()


@pytest.fixture(scope="module")
def raw() -> tuple[dict[str, float], list[str], dict[str, float], list[str], list[str]]:
    """The data file parsed as it is, without the loader's own blocklist filtering."""
    return lexicon.parse_data((DATA / "lexicon.txt").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def blocked() -> frozenset[str]:
    return lexicon.blocklist()


# --- the packaged data ------------------------------------------------------------------


def test_blocklist_holds_against_packaged_data(raw, blocked) -> None:
    standard, common, broad, capitalised, _ = raw
    for name, words in [
        ("standard", standard),
        ("common", common),
        ("broad", broad),
        ("capitalised", capitalised),
    ]:
        leaked = sorted(blocked.intersection(words))
        assert leaked == [], f"blocked words in {name}: {leaked[:10]}"


def test_blocklist_is_curated_not_tiny(blocked) -> None:
    assert len(blocked) >= 300
    assert all(WORD.fullmatch(w) for w in blocked)


def test_blocklist_file_lists_each_word_once() -> None:
    lines = (DATA / "blocklist.txt").read_text(encoding="utf-8").splitlines()
    entries = [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]
    assert len(entries) == len(set(entries))


@pytest.mark.parametrize(
    "word",
    ["god", "kill", "organ", "pawn", "hell", "breast", "murder", "heaven", "gay", "weed"],
)
def test_ordinary_words_survive_the_blocklist(lex, word) -> None:
    assert word in lex
    assert lex.lookup(word).status == "ok"


@pytest.mark.parametrize(
    "word",
    ["peacock", "cocktail", "scrap", "therapist", "raccoon", "class", "snigger", "titmouse"],
)
def test_blocklist_is_not_a_substring_filter(lex, word) -> None:
    assert word in lex


@pytest.mark.parametrize("word", ["bitch", "tits", "coon", "bitches", "coons", "tit"])
def test_offensive_words_are_blocked(lex, word) -> None:
    assert word not in lex
    assert lex.get(word) is None
    assert lex.zipf(word) == 0.0
    assert lex.is_blocked(word)
    found = lex.lookup(word)
    assert found.status == "blocked"
    assert found.entry is None


def test_lookup_lowercases_blocked_words(lex) -> None:
    assert lex.lookup("  Bitch ").status == "blocked"


def test_every_word_is_lowercase_ascii(lex, raw) -> None:
    standard, common, broad, capitalised, _ = raw
    for words in (standard, common, broad, capitalised):
        bad = [w for w in words if not WORD.fullmatch(w)]
        assert bad == []
    assert all(WORD.fullmatch(w) for w in lex.words("broad"))


def test_tiers_are_nested(lex) -> None:
    common = set(lex.words("common"))
    standard = set(lex.words("standard"))
    broad = set(lex.words("broad"))
    assert common < standard < broad
    counts = lex.counts()
    assert len(common) == counts["common"]
    assert len(standard) == counts["common"] + counts["standard"]
    assert len(broad) == sum(counts.values()) == len(lex)


def test_tier_of_each_word_matches_membership(lex) -> None:
    for word in lex.words("broad")[::97]:
        tier = lex.tier(word)
        entry = lex.get(word)
        assert entry is not None and entry.tier == tier and entry.word == word
        assert (word in lex) == (tier != "broad")
        assert lex.in_tier(word, "broad")
        assert lex.in_tier(word, "standard") == (tier in ("common", "standard"))
        assert lex.in_tier(word, "common") == (tier == "common")


def test_common_is_standard_with_zipf_at_least_three(lex) -> None:
    for word in lex.words("common"):
        assert lex.zipf(word) >= lexicon.COMMON_ZIPF
    standard_only = set(lex.words("standard")) - set(lex.words("common"))
    for word in standard_only:
        assert lex.zipf(word) < lexicon.COMMON_ZIPF


def test_tiers_have_plausible_sizes(lex) -> None:
    counts = lex.counts()
    assert counts["common"] > 15_000
    assert counts["standard"] > 30_000
    assert counts["broad"] > 30_000


def test_broad_words_are_not_in_the_default_tier(lex) -> None:
    broad_only = set(lex.words("broad")) - set(lex.words("standard"))
    sample = sorted(broad_only)[:50]
    assert sample
    for word in sample:
        assert word not in lex
        assert lex.get(word).tier == "broad"


def test_words_by_length_are_sorted_and_filtered(lex) -> None:
    fives = lex.words("common", length=5)
    assert fives == sorted(fives)
    assert fives and all(len(w) == 5 for w in fives)
    assert "house" in fives
    fives.append("zzzzz")  # callers get a copy
    assert "zzzzz" not in lex.words("common", length=5)


def test_unknown_tier_is_an_error(lex) -> None:
    with pytest.raises(ValueError, match="unknown tier"):
        lex.words("huge")


def test_capitalised_only_word(lex) -> None:
    found = lex.lookup("paris")
    assert found.status == "capitalised"
    assert found.entry is None
    assert lex.lookup("London").status == "capitalised"


def test_ok_lookup_has_entry_and_no_suggestions(lex) -> None:
    found = lex.lookup("House")
    assert found.word == "house"
    assert found.status == "ok"
    assert found.entry == Entry("house", "common", lex.zipf("house"))
    assert found.suggestions == []


def test_suggestions_for_a_typo(lex) -> None:
    found = lex.lookup("recieve")
    assert found.status == "unknown"
    assert found.suggestions[0] == "receive"
    assert len(found.suggestions) <= lexicon.MAX_SUGGESTIONS


def test_suggestions_are_standard_words_most_frequent_first(lex) -> None:
    found = lex.lookup("wrod")
    assert "word" in found.suggestions
    assert all(w in lex for w in found.suggestions)
    zipfs = [lex.zipf(w) for w in found.suggestions]
    assert zipfs == sorted(zipfs, reverse=True)
    assert len(found.suggestions) == lexicon.MAX_SUGGESTIONS


def test_short_words_get_distance_two_suggestions(lex) -> None:
    found = lex.lookup("xyzzy")
    assert found.status == "unknown"
    assert found.suggestions  # nothing one edit away, something two away


def test_nonsense_long_word_has_no_suggestions(lex) -> None:
    assert lex.lookup("qqqqqqqqqqqq").suggestions == []
    assert lex.lookup("").suggestions == []


def test_load_is_cached() -> None:
    assert lexicon.load() is lexicon.load()


def test_header_names_sources_and_licences() -> None:
    header = "\n".join(lexicon.data_header())
    for needle in (
        "SCOWL",
        "Kevin Atkinson",
        "wordfreq",
        "Robyn Speer",
        "CC-BY-SA 4.0",
        "Apache-2.0",
        "blocklist.txt",
        "sizes 10, 20, 35, 40, 50",
        "55, 60, 70",
    ):
        assert needle in header
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", header), "no build date in the data"


# --- from_entries and the pure helpers ---------------------------------------------------


def small() -> Lexicon:
    return Lexicon.from_entries(
        [
            Entry("cat", "common", 4.5),
            Entry("cot", "common", 3.9),
            Entry("cog", "standard", 2.5),
            Entry("dog", "common", 4.6),
            Entry("cit", "broad", 1.0),
            Entry("rude", "common", 4.0),
        ],
        blocked=["rude"],
        capitalised=["rome"],
    )


def test_from_entries() -> None:
    lex = small()
    assert "cat" in lex and "cog" in lex
    assert "cit" not in lex and lex.get("cit") == Entry("cit", "broad", 1.0)
    assert "rude" not in lex and lex.lookup("rude").status == "blocked"
    assert lex.zipf("cat") == 4.5 and lex.zipf("nope") == 0.0
    assert lex.words() == ["cat", "cog", "cot", "dog"]
    assert lex.words("common") == ["cat", "cot", "dog"]
    assert lex.words("broad", length=3) == ["cat", "cit", "cog", "cot", "dog"]
    assert lex.counts() == {"common": 3, "standard": 1, "broad": 1}
    assert lex.lookup("Rome").status == "capitalised"
    assert lex.lookup("zzz").status == "unknown"
    assert lex.lookup("cxt").suggestions == ["cat", "cot"]  # "cit" is broad: never suggested


def test_from_entries_rejects_unknown_tier() -> None:
    with pytest.raises(ValueError):
        Lexicon.from_entries([Entry("cat", "huge", 1.0)])


def test_parse_blocklist_ignores_comments_and_case() -> None:
    text = "# policy\nFoo\n  bar  # why\n\n#baz\n"
    assert lexicon.parse_blocklist(text) == {"foo", "bar"}


def _dl_distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (Lowrance-Wagner): the oracle for suggestions.

    The fewest insertions, deletions, substitutions and swaps of neighbours turning a into b.
    """
    inf = len(a) + len(b)
    last_row: dict[str, int] = {}
    d = [[inf] * (len(b) + 2) for _ in range(len(a) + 2)]
    for i in range(len(a) + 1):
        d[i + 1][0], d[i + 1][1] = inf, i
    for j in range(len(b) + 1):
        d[0][j + 1], d[1][j + 1] = inf, j
    for i in range(1, len(a) + 1):
        last_col = 0
        for j in range(1, len(b) + 1):
            k, m = last_row.get(b[j - 1], 0), last_col
            cost = 1
            if a[i - 1] == b[j - 1]:
                cost, last_col = 0, j
            d[i + 1][j + 1] = min(
                d[i][j] + cost,
                d[i + 1][j] + 1,
                d[i][j + 1] + 1,
                d[k][m] + (i - k - 1) + 1 + (j - m - 1),
            )
        last_row[a[i - 1]] = i
    return d[len(a) + 1][len(b) + 1]


def test_oracle_distance_examples() -> None:
    assert _dl_distance("cat", "cat") == 0
    assert _dl_distance("cat", "act") == 1
    assert _dl_distance("cat", "cart") == 1
    assert _dl_distance("bac", "cb") == 2
    assert _dl_distance("kitten", "sitting") == 3


words_st = st.text(alphabet="abcd", min_size=1, max_size=5)


@given(st.lists(words_st, min_size=1, max_size=30, unique=True), words_st)
def test_suggestions_match_a_brute_force_oracle(words, query) -> None:
    entries = [Entry(w, "standard", float(i % 7)) for i, w in enumerate(words)]
    lex = Lexicon.from_entries(entries)
    got = lex.suggest(query, limit=1000)
    near = {w for w in words if w != query and _dl_distance(w, query) == 1}
    if near:
        assert set(got) == near
    else:
        assert set(got) == {w for w in words if w != query and _dl_distance(w, query) == 2}
    assert got == sorted(got, key=lambda w: (-lex.zipf(w), w))


@given(
    st.dictionaries(
        st.text(alphabet="abcxyz", min_size=1, max_size=6),
        st.tuples(st.sampled_from(TIERS), st.integers(0, 800)),
        max_size=40,
    ),
    st.sets(st.text(alphabet="pqr", min_size=1, max_size=4), max_size=5),
)
def test_format_and_parse_round_trip(table, caps) -> None:
    zipf = {w: z / 100 for w, (_, z) in table.items()}
    tiers = {t: [w for w, (tt, _) in table.items() if tt == t] for t in TIERS}
    text = lexicon.format_data(["a header", "", "line"], tiers, zipf, caps)
    standard, common, broad, capitalised, header = lexicon.parse_data(text)
    assert header == ["a header", "", "line"]
    assert set(common) == set(tiers["common"])
    assert set(standard) == set(tiers["common"]) | set(tiers["standard"])
    assert set(broad) == set(tiers["broad"])
    assert set(capitalised) == caps
    for w, z in {**standard, **broad}.items():
        assert z == zipf[w]


# --- the builder ----------------------------------------------------------------------------


def _built_with_installed_wordfreq() -> bool:
    header = "\n".join(lexicon.data_header())
    return f"wordfreq {importlib.metadata.version('wordfreq')} " in header


@pytest.mark.skipif(not Path("/usr/share/dict/scowl").is_dir(), reason="needs Debian's scowl package")
@pytest.mark.skipif(not _built_with_installed_wordfreq(), reason="data built with another wordfreq version")
def test_rebuild_gives_identical_bytes(tmp_path) -> None:
    out = tmp_path / "lexicon.txt"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_lexicon.py"), "--output", str(out)],
        check=True,
        capture_output=True,
    )
    assert out.read_bytes() == (DATA / "lexicon.txt").read_bytes()


def test_is_capitalised_answers_without_suggestions():
    from generator.words.lexicon import load

    lex = load()
    assert lex.is_capitalised("paris") and lex.is_capitalised("Paris")
    assert not lex.is_capitalised("house")
