"""Tests for generator/words/pattern.py: the subsequence index against a brute-force scan."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ParlourError
from generator.words.pattern import SubsequenceIndex, can_grow, complete, points
from tests.lexicon_fixtures import make_lexicon, sample_lexicon


def scan(letters: str, words: list[str]) -> list[str]:
    """Brute force: every word holding the letters in order (two pointers, no index)."""
    out = []
    for w in words:
        i = 0
        for ch in w:
            if i < len(letters) and ch == letters[i]:
                i += 1
        if i == len(letters):
            out.append(w)
    return out


@pytest.fixture(scope="module")
def lex():
    return sample_lexicon()


@pytest.fixture(scope="module")
def index(lex):
    return SubsequenceIndex.from_lexicon(lex)


@pytest.fixture(scope="module")
def ranked(lex):
    words = [w for w in lex.words(tier="standard") if len(w) >= 4]
    return sorted(words, key=lambda w: (-lex.zipf(w), w))


def test_index_holds_standard_words_of_four_or_more(index, lex) -> None:
    assert len(index) == sum(1 for w in lex.words(tier="standard") if len(w) >= 4)
    assert all(len(w) >= 4 for w in index.words)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="etaoinshrdlucmfwypvbgkjqxz", min_size=1, max_size=7))
def test_random_probes_agree_with_scan(index, ranked, probe: str) -> None:
    assert index.find(probe, limit=3) == scan(probe, ranked)[:3]


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8))
def test_pieces_of_real_words_agree_with_scan(index, ranked, rnd: random.Random, k: int) -> None:
    word = rnd.choice(ranked)
    keep = sorted(rnd.sample(range(len(word)), min(k, len(word))))
    probe = "".join(word[i] for i in keep)
    found = index.find(probe, limit=3)
    assert found and found == scan(probe, ranked)[:3]


@pytest.mark.parametrize("probe", ["eeeeee", "ssss", "aaaa", "zzz", "qqq", "iiiiii"])
def test_repeated_letters(index, ranked, probe: str) -> None:
    assert index.find(probe, limit=5) == scan(probe, ranked)[:5]


def test_can_grow_examples_common_first() -> None:
    lex = make_lexicon(
        {
            "train": ("common", 4.5),
            "strain": ("standard", 2.5),
            "trained": ("common", 3.5),
            "tin": ("common", 5.0),  # too short to count
            "rant": ("broad", 3.0),  # broad tier: the referee accepts it, after narrower words
        }
    )
    g = can_grow("TRN", lexicon=lex)
    assert g.can_grow and g.letters == "trn" and g.tier == "common"
    assert g.examples == ["train", "trained", "strain"]
    broad = can_grow("RNT", lexicon=lex)  # only the broad list has a word holding R-N-T
    assert (broad.can_grow, broad.tier, broad.examples) == (True, "broad", ["rant"])
    assert can_grow("tn", lexicon=lex).can_grow  # "train" holds t..n
    assert not can_grow("nt", lexicon=lex, tier="standard").can_grow  # only the broad "rant" holds n..t
    assert can_grow("nt", lexicon=lex).examples == ["rant"]
    assert not can_grow("ntr", lexicon=lex).can_grow
    assert can_grow("trn", lexicon=lex, examples=1).examples == ["train"]


def test_can_grow_bad_input() -> None:
    lex = make_lexicon({"train": ("common", 4.5)})
    for bad in ["", "tr n", "tr4", "é"]:
        with pytest.raises(ParlourError):
            can_grow(bad, lexicon=lex)


def test_points() -> None:
    assert [points("x" * n) for n in range(4, 11)] == [1, 1, 1, 2, 3, 4, 5]
    assert points("famished") == 3  # the rules' example: 1 + 2 for eight letters


def test_complete() -> None:
    lex = make_lexicon(
        {
            "ball": ("common", 4.0),
            "twitch": ("standard", 2.5),
            "federal": ("common", 4.5),
            "famished": ("standard", 2.0),
            "cat": ("common", 5.0),
            "zymurgy": ("broad", 1.0),
        }
    )
    assert (complete("BALL", lex).complete, complete("ball", lex).points) == (True, 1)
    assert complete("twitch", lex).points == 1
    assert complete("federal", lex).points == 2
    assert complete("famished", lex).points == 3
    short = complete("cat", lex)
    assert not short.complete and short.points == 0 and "4 letters" in short.reason
    zym = complete("zymurgy", lex)  # broad only: the referee checks the broadest list
    assert zym.complete and zym.tier == "broad" and "broad list" in zym.reason
    assert complete("ball", lex).tier == "common" and complete("famished", lex).tier == "standard"
    assert not complete("ballx", lex).complete


def test_empty_index() -> None:
    index = SubsequenceIndex([], lambda w: 0.0)
    assert len(index) == 0 and index.find("abc") == []


# --- the saved index (parlour's cache) --------------------------------------------------------


def test_saved_index_answers_exactly_like_the_built_one(tmp_path, lex) -> None:
    from generator.words.pattern import SubsequenceIndex as Index

    built = Index.from_lexicon(lex, tier="broad")
    path = tmp_path / "x.idx"
    path.write_bytes(built.to_bytes())
    saved = Index.from_file(str(path))
    assert len(saved) == len(built) and list(saved.words) == list(built.words)
    rng = random.Random(3)
    probes = ["", "q", "zz", "aeiou", "qoph"] + [
        "".join(rng.choice("etaoinshrdlucmfwypvbgkjqxz") for _ in range(rng.randint(1, 6)))
        for _ in range(300)
    ]
    for p in probes:
        assert saved.find(p, 4) == built.find(p, 4), p
        assert saved.find_narrowest(p, 3) == built.find_narrowest(p, 3), p
    for w in list(built.words)[::7] + ["nosuchword", "", "a"]:
        assert (saved.rank(w), saved.tier_of(w)) == (built.rank(w), built.tier_of(w)), w
    assert saved.tier_of(built.words[0]) == lex.tier(built.words[0])


def test_saved_index_refuses_a_damaged_file(tmp_path, lex) -> None:
    from generator.words.pattern import SubsequenceIndex as Index

    blob = Index.from_lexicon(lex, tier="broad").to_bytes()
    for bad in (b"not an index", blob[:-5]):
        path = tmp_path / "bad.idx"
        path.write_bytes(bad)
        with pytest.raises(ValueError):
            Index.from_file(str(path))


def test_packaged_index_is_built_once_then_read_from_the_cache(tmp_path, monkeypatch) -> None:
    from generator.words import pattern

    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(pattern, "_INDEXES", {})
    first = pattern.default_index()
    (path,) = (tmp_path / "cache").iterdir()
    assert path.name.startswith("fighting-words-") and first._file is None  # built in memory, then saved
    monkeypatch.setattr(pattern, "_INDEXES", {})
    second = pattern.default_index()
    assert second._file is not None  # read back from the cache file
    assert second.find_narrowest("qoph") == first.find_narrowest("qoph") == ("broad", ["qoph", "qophs"])
    path.write_bytes(b"damaged")  # a damaged cache is rebuilt, not trusted
    monkeypatch.setattr(pattern, "_INDEXES", {})
    assert pattern.default_index().find("trn", 2) == first.find("trn", 2)
    assert path.read_bytes() != b"damaged"


def test_an_unwritable_cache_still_answers(tmp_path, monkeypatch) -> None:
    from generator.words import pattern

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(blocker / "sub"))  # cannot be made: a file is in the way
    monkeypatch.setattr(pattern, "_INDEXES", {})
    assert can_grow("qoph").tier == "broad"
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_quick_lexicon_agrees_with_the_full_one(tmp_path, monkeypatch) -> None:
    from generator.words import pattern
    from generator.words.lexicon import load

    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pattern, "_INDEXES", {})
    full = load()
    quick = pattern.QuickLexicon()
    rng = random.Random(5)
    sample = rng.sample(full.words("broad"), 400) + ["qoph", "zymurgy", "cat", "a", "xqzv", "shirt", "héllo"]
    for w in sample:
        assert quick.tier(w) == full.tier(w), w
    assert quick.zipf("shirt") == full.zipf("shirt")  # anything else is the full lexicon's answer


def test_examples_come_from_the_print_vocabulary_first() -> None:
    """Where a printable word fits, the examples are printable words only (most common
    first); the list named is still the narrowest holding any fitting word."""
    from generator.words.lexicon import Entry
    from generator.words.lexicon import Lexicon as Lex

    words = {"train": 5.0, "strain": 4.0, "trainee": 3.5, "trains": 4.5}
    lex = Lex.from_entries(
        [Entry(w, "common", z) for w, z in words.items()],
        printable=["strain", "trainee"],
        noprint={"train": "curated", "trains": "curated"},
    )
    g = can_grow("trn", lexicon=lex, examples=3)
    assert g.tier == "common"
    assert g.examples == ["strain", "trainee"]
    assert can_grow("trn", lexicon=lex, examples=1).examples == ["strain"]


def test_packaged_examples_are_printable_where_a_printable_word_fits() -> None:
    """Every letter pair: the examples are printable, and spelled alike in the US and the UK,
    whenever such a word holds the letters, else the referee's words (oracle: a scan of the
    print vocabulary less each side's own spellings)."""
    from generator.words.lexicon import PRINT_TIER, load
    from generator.words.pattern import is_subsequence

    lex = load()
    printed = [w for w in lex.words(PRINT_TIER) if len(w) >= 4 and lex.spelling_of(w) == "both"]
    ours = set(printed)
    for a in "abcdefghijklmnopqrstuvwxyz":
        for b in "abcdefghijklmnopqrstuvwxyz":
            g = can_grow(a + b)
            fits = sum(is_subsequence(a + b, w) for w in printed)
            marks = [w in ours for w in g.examples]
            assert g.can_grow == bool(g.examples)
            if fits:
                assert all(marks) and len(marks) == min(fits, 3), (a + b, g.examples)
            else:
                assert not any(marks), (a + b, g.examples)


# --- examples never show a drug or a likely misspelling (data/noexample.txt) ------------------


def test_noexample_list_holds_the_issue_words_by_class() -> None:
    from generator.words.lexicon import load, noexample

    kept = noexample()
    assert kept["methotrexate"] == "drug" and kept["azidothymidine"] == "drug"
    lex = load()
    # misspellings are gone from the lexicon itself (build_lexicon drops them from the broad tier
    # SCOWL's english-words.70 let them into), so no referee accepts them and none is left here
    assert lex.tier("overcompetetive") is None and lex.tier("canteloupe") is None
    assert lex.tier("competitive") and lex.tier("cantaloupe") and lex.tier("dependency")
    assert not lex.example_ok("methotrexate") and lex.example_ok("turn")
    assert all(lex.tier(w) is not None for w in kept)  # still valid answers: only not shown
    assert not any(lex.printable(w) for w in kept)  # the print vocabulary is shown as ever


def test_check_examples_never_show_a_noexample_word() -> None:
    """For every word kept from examples, and every pair of letters, the check's examples hold
    no such word, though the check still says the letters can grow."""
    from generator.words.lexicon import noexample
    from generator.words.pattern import can_grow

    kept = noexample()
    abc = "abcdefghijklmnopqrstuvwxyz"
    for letters in [*kept, *(a + b for a in abc for b in abc)]:
        g = can_grow(letters)
        assert not set(g.examples) & set(kept), (letters, g.examples)
        if letters in kept:
            assert g.can_grow and g.tier is not None, letters


def test_check_says_when_every_fitting_word_is_kept_from_examples(run) -> None:
    got = run("fighting-words", "check", "methotr")
    assert got.exit_code == 0, got.output
    assert "yes" in got.output and "METHOTREXATE" not in got.output and "drug" in got.output


def test_noexample_rebuild_gives_identical_bytes(tmp_path) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "noexample.txt"
    subprocess.run(
        [sys.executable, str(root / "scripts" / "build_noexample.py"), "--output", str(out)],
        check=True,
        capture_output=True,
        cwd=root,
    )
    assert out.read_bytes() == (root / "generator" / "data" / "noexample.txt").read_bytes()
