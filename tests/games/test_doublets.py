"""Tests for generator.games.doublets: difficulty, sheets, Jewels and their key, scorepads."""

from __future__ import annotations

import datetime as dt
import itertools
import json
from collections import Counter

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.games import doublets as D
from generator.games.doublets import (
    DoubletsError,
    chain_score,
    difficulty_of,
    make_jewels,
    make_scorepad,
    make_sheet,
    score_items,
    seed_for_date,
    solve_jewels,
)
from generator.words.ladder import ladders_for
from generator.words.lexicon import Entry, Lexicon, load
from tests.wordsets import (
    assert_valid_chain,
    lexicon_from,
    naive_graph,
    one_apart,
    real_naive_graph,
    real_wide_naive_graph,
    toy_words,
    toy_zipf,
)


@pytest.fixture(scope="module")
def real():
    return load()


@pytest.fixture(scope="module")
def toy():
    words = (
        toy_words("abcdefgh", 4, 0.12, 1) + toy_words("abcdef", 3, 0.5, 2) + toy_words("abcdefg", 5, 0.04, 3)
    )
    return lexicon_from(words, zipf=toy_zipf)


# --- difficulty -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "par,count,band",
    [
        (1, 5, None),  # too short for any band
        (2, 2, "easy"),
        (2, 1, "medium"),  # one way only
        (3, 4, "easy"),
        (3, 3, "medium"),
        (4, 9, "medium"),
        (4, 1, "hard"),
        (5, 2, "hard"),
        (6, 50, "hard"),
        (6, 1, "fiendish"),
        (8, 1, "fiendish"),
        (9, 1, None),  # score 11: beyond fiendish
        (10, 4, "fiendish"),
        (11, 99, None),  # par above MAX_PAR
    ],
)
def test_difficulty_bands(par, count, band):
    assert difficulty_of(par, count) == band


def test_bands_are_contiguous_and_ordered():
    bands = list(D.DIFFICULTY_BANDS.values())
    assert bands[0][0] == D.MIN_PAR
    for (_, hi), (lo, _) in itertools.pairwise(bands):
        assert lo == hi + 1


# --- sheets -----------------------------------------------------------------------------------


def check_sheet(sheet, lexicon, oracle=None, wide=None):
    ends = [w for p in sheet.puzzles for w in (p.start, p.end)]
    assert len(ends) == len(set(ends)), "an end word appears twice on the sheet"
    g = ladders_for(lexicon).graph(sheet.length)
    for p in sheet.puzzles:
        assert p.start == p.start.lower() and len(p.start) == sheet.length
        assert lexicon.in_tier(p.start, "common") and lexicon.in_tier(p.end, "common")
        assert p.start not in D.not_puzzle_ends() and p.end not in D.not_puzzle_ends()
        assert not one_apart(p.start, p.end)
        assert_valid_chain(list(p.chain), lexicon, p.start, p.end, p.par)
        assert g.par(p.start, p.end) == p.par
        dag = g.shortest(p.start, p.end)
        assert dag.count == p.shortest_chains
        # The key is the friendliest minimal chain, except that it steers round words already
        # in two other keys of the sheet: every friendlier chain holds such a word.
        others = Counter(w for q in sheet.puzzles if q is not p for w in set(q.chain))
        if list(p.chain) != dag.friendliest():
            cost = dag.chain_cost(p.chain)
            for c in dag.chains(limit=2000):
                if dag.chain_cost(c) < cost:
                    assert any(others[w] >= sheet.key_word_limit for w in c), (p, c)
        assert all(lexicon.zipf(w) >= D.LINK_ZIPF_FLOOR for w in p.links)
        # Every printed word is in the print vocabulary for the sheet's spelling, and one
        # chain never holds two spellings of one word.
        assert all(lexicon.printable(w) and lexicon.spelling_allowed(w, sheet.spelling) for w in p.chain)
        keys = [lexicon.spelling_key(w) for w in p.chain]
        assert len(set(keys)) == len(keys), p.chain
        assert not set(p.links) & D.not_puzzle_ends(), "the key needs an unwelcome word"
        if wide is not None:  # no frequent word outside the standard list makes a shortcut
            assert nx.shortest_path_length(wide, p.start, p.end) - 1 == p.par
        if oracle is not None:
            assert nx.shortest_path_length(oracle, p.start, p.end) - 1 == p.par
            if p.shortest_chains <= 200:
                assert len(list(nx.all_shortest_paths(oracle, p.start, p.end))) == (p.shortest_chains)
        if sheet.unique:
            assert p.shortest_chains == 1
        if sheet.links:
            assert sheet.links[0] <= p.par <= sheet.links[1]
        elif sheet.difficulty != D.MIXED:
            assert p.difficulty == sheet.difficulty
    # Graded, easiest first: pars never fall; no word is in more than two keys.
    pars = [p.par for p in sheet.puzzles]
    assert pars == sorted(pars), pars
    uses = Counter(w for p in sheet.puzzles for w in set(p.chain))
    assert max(uses.values()) <= sheet.key_word_limit, uses.most_common(3)


@pytest.mark.parametrize("difficulty", [*D.DIFFICULTIES, D.MIXED])
def test_real_sheets_meet_their_promises(real, difficulty):
    sheet = make_sheet(8, 4, difficulty, seed=42)
    assert len(sheet.puzzles) == 8 and sheet.key_word_limit == D.MAX_KEY_USES
    check_sheet(sheet, real, real_naive_graph(4), real_wide_naive_graph(4, D.SHORTCUT_ZIPF))
    if difficulty == D.MIXED:
        assert [p.difficulty for p in sheet.puzzles] == [b for b in D.DIFFICULTIES for _ in range(2)]


@pytest.mark.parametrize("length", [3, 5, 6])
def test_real_sheets_other_lengths(real, length):
    wide = real_wide_naive_graph(3, D.SHORTCUT_ZIPF) if length == 3 else None
    check_sheet(make_sheet(6, length, "medium", seed=length), real, wide=wide)


def test_no_shortcut_through_words_outside_the_standard_list(real):
    # woo -> poo -> pod and boss -> bots -> bets: "poo" and "bots" are broad-tier words frequent
    # enough that players use them, so such puzzles are never chosen.
    assert "poo" not in real and real.zipf("poo") >= D.SHORTCUT_ZIPF
    assert "bots" not in real and real.zipf("bots") >= D.SHORTCUT_ZIPF
    wide = real_wide_naive_graph(3, D.SHORTCUT_ZIPF)
    for seed in range(4):
        check_sheet(make_sheet(8, 3, "easy", seed=seed), real, wide=wide)
    ends = D._ends(ladders_for(real), 4)
    assert ends.wide is not None and "bots" in ends.wide and "bots" not in ladders_for(real).graph(4)


def test_sparse_bands_are_found_by_sweeping(real):
    # Eight 3-letter fiendish puzzles with distinct ends are rare enough that random draws can
    # miss them; the sweep finds them.  So few exist that keeping every word to two keys
    # cannot fill the sheet: the limit rises as little as needed, and the sheet says so.
    sheet = make_sheet(8, 3, "fiendish", seed=0)
    assert [p.difficulty for p in sheet.puzzles] == ["fiendish"] * 8
    assert sheet.key_word_limit > D.MAX_KEY_USES
    check_sheet(sheet, real)
    six = make_sheet(6, 3, "fiendish", seed=0)
    assert six.key_word_limit == D.MAX_KEY_USES
    check_sheet(six, real)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63),
    difficulty=st.sampled_from([*D.DIFFICULTIES, D.MIXED]),
    count=st.integers(1, 10),
)
def test_toy_sheets_for_any_seed(toy, seed, difficulty, count):
    sheet = make_sheet(count, 4, difficulty, seed=seed, lexicon=toy)
    assert len(sheet.puzzles) == count
    check_sheet(sheet, toy, naive_graph(toy.words(length=4)))


def test_links_range(real):
    sheet = make_sheet(5, 4, links=(6, 6), seed=3)
    assert sheet.difficulty is None and sheet.links == (6, 6)
    check_sheet(sheet, real)
    assert {p.par for p in sheet.puzzles} == {6}


def test_same_seed_same_sheet_and_json_shape(real):
    a = make_sheet(8, 4, "hard", seed=7)
    b = make_sheet(8, 4, "hard", seed=7)
    assert a == b
    assert make_sheet(8, 4, "hard", seed=8) != a
    data = json.loads(json.dumps(a.to_json()))
    assert [sorted(p) for p in data["puzzles"]] == [["chain", "end", "par", "shortest_chains", "start"]] * 8
    p = data["puzzles"][0]
    assert p["chain"][0] == p["start"] and p["chain"][-1] == p["end"]
    assert len(p["chain"]) == p["par"] + 2


def test_date_seed_is_stable():
    # Pinned: a change here silently changes every daily sheet ever printed.
    assert seed_for_date("2025-01-01") == seed_for_date(dt.date(2025, 1, 1))
    assert seed_for_date("2025-01-01") == 7422732100833078316
    assert seed_for_date("2025-01-02") != seed_for_date("2025-01-01")
    sheet = make_sheet(4, 4, "easy", date="2025-01-01")
    assert sheet.date == "2025-01-01" and sheet.seed == seed_for_date("2025-01-01")
    assert sheet == make_sheet(4, 4, "easy", date=dt.date(2025, 1, 1))
    assert "2025-01-01" in sheet.subtitle


def test_a_week_of_daily_sheets_differ(real):
    start = dt.date(2025, 3, 1)
    sheets = [make_sheet(8, 4, D.MIXED, date=start + dt.timedelta(days=i)) for i in range(7)]
    firsts = {s.puzzles[0].start for s in sheets}
    assert len(firsts) > 3
    for s in sheets:
        check_sheet(s, real)


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"count": 0}, "at least 1"),
        ({"length": 9}, "3 to 8"),
        ({"difficulty": "brutal"}, "not one of"),
        ({"links": (0, 3)}, "links range"),
        ({"links": (5, 3)}, "links range"),
        ({"seed": 1, "date": "2025-01-01"}, "not both"),
        ({"date": "01/02/2025"}, "YYYY-MM-DD"),
    ],
)
def test_sheet_errors(kwargs, match):
    with pytest.raises(DoubletsError, match=match):
        make_sheet(**kwargs)


def test_sheet_error_when_no_puzzle_fits():
    lex = lexicon_from(["cat", "cot", "cut", "dog", "dig"])  # every pair is one letter apart
    with pytest.raises(DoubletsError, match="could not find"):
        make_sheet(1, 3, "easy", lexicon=lex)
    with pytest.raises(DoubletsError, match="too few common"):
        make_sheet(1, 4, "easy", lexicon=lex)


def test_puzzle_for_given_ends(real):
    p = D.puzzle_for("HEAD", "tail")
    assert (p.start, p.end, p.par) == ("head", "tail", 4)
    assert_valid_chain(list(p.chain), real, "head", "tail", 4)


# --- which common words may be ends ----------------------------------------------------------


def test_not_puzzle_ends_list_is_curated(real):
    text = D.NOT_PUZZLE_ENDS_FILE.read_text(encoding="utf-8")
    sections: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("# --"):
            sections.append([])
        elif line.strip() and not line.startswith("#"):
            assert sections, f"{line!r} comes before the first section heading"
            sections[-1].append(line.strip())
    words = [w for sec in sections for w in sec]
    assert len(words) == len(set(words)), "a word is listed twice"
    assert set(words) == D.not_puzzle_ends()
    for sec in sections:
        assert sec == sorted(sec), "keep each section sorted"
    # Every entry is a lexicon word a sheet could otherwise have printed (else it is dead weight):
    # most are common words (possible ends); the rest are links the keys must not show.
    stray = [w for w in words if not (w.isalpha() and w.islower() and 3 <= len(w) <= 8)]
    assert not stray
    assert not [w for w in words if w not in real]
    assert sum(real.in_tier(w, "common") for w in words) > 0.8 * len(words)
    # The odd ends that prompted the list.
    for w in ("situ", "whit", "ins", "ifs", "ems", "ump", "fer", "emo", "orcs", "harry"):
        assert w in D.not_puzzle_ends() and not D.is_puzzle_end(w, real)
    assert D.is_puzzle_end("head", real) and not D.is_puzzle_end("qqqq", real)


@pytest.mark.parametrize("length", [3, 4, 5])
def test_sheets_and_jewels_never_use_excluded_ends(real, length):
    excluded = D.not_puzzle_ends()
    for seed in range(6):
        sheet = make_sheet(8, length, D.MIXED, seed=seed)
        assert not {w for p in sheet.puzzles for w in (p.start, p.end)} & excluded
    assert not set(make_jewels(2, length).words) & excluded


# --- Jewels: scoring --------------------------------------------------------------------------


def test_rules_worked_example_scores():
    # A chain with three four-letter Jewels and seven links scores 9; closed into a Necklace
    # with four more links it scores 13.
    jewels = ["head", "teal", "tail"]
    assert chain_score(jewels, 7, necklace=False) == 9
    assert chain_score(jewels, 11, necklace=True) == 13
    items = score_items(jewels, 7, necklace=False)
    assert [(i.label, i.marks) for i in items] == [
        ("head (end)", 4),
        ("teal (set)", 8),
        ("tail (end)", 4),
        ("7 links", -7),
    ]


# A ring of fourteen 4-letter words in which only neighbours are one letter apart.
RING = [
    "aaaa", "baaa", "bbaa", "bbba", "bbbb", "cbbb", "ccbb",
    "cccb", "cccc", "dccc", "ddcc", "ddac", "ddaa", "adaa",
]  # fmt: skip


def test_rules_worked_example_as_a_necklace():
    lex = lexicon_from(RING)
    graph = naive_graph(RING)
    assert graph.number_of_edges() == 14 and nx.cycle_basis(graph)  # one 14-cycle
    key = solve_jewels(["aaaa", "bbbb", "dccc"], lex)
    # The chain aaaa..bbbb..dccc has 7 links (9 marks); the Necklace has 11 (13 marks).
    assert key.score == 13
    (neck,) = key.chains
    assert neck.necklace and neck.links == 11 and len(neck.words) == 14
    assert [(i.label, i.marks) for i in neck.items][-1] == ("11 links", -11)


def brute_force_best(words, jewels):
    """Every simple path between Jewels and every cycle through 3+ Jewels, then every way
    of choosing such structures with no Jewel twice (independent of the solver)."""
    graph = naive_graph(words)
    jset = set(jewels)
    n = len(jewels[0])
    value: dict[frozenset, int] = {}

    def note(js, score):
        key = frozenset(js)
        value[key] = max(value.get(key, score), score)

    for a, b in itertools.combinations(jewels, 2):
        for path in nx.all_simple_paths(graph, a, b):
            js = [w for w in path if w in jset]
            note(js, n * 2 + 2 * n * (len(js) - 2) - (len(path) - len(js)))
    for cycle in nx.simple_cycles(graph):
        js = [w for w in cycle if w in jset]
        if len(js) >= 3:
            note(js, 2 * n * len(js) - (len(cycle) - len(js)))

    def best(rest: frozenset) -> int:
        out = 0
        for key, v in value.items():
            if key <= rest:
                out = max(out, v + best(rest - key))
        return out

    return best(frozenset(jewels))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_jewel_key_is_optimal_against_brute_force(data):
    alphabet, length = data.draw(st.sampled_from([("abc", 3), ("abcd", 3), ("ab", 4)]))
    pool = ["".join(p) for p in itertools.product(alphabet, repeat=length)]
    words = sorted(data.draw(st.sets(st.sampled_from(pool), min_size=4, max_size=16 if length == 3 else 11)))
    k = data.draw(st.integers(2, min(4, len(words))))
    jewels = data.draw(st.permutations(words))[:k]
    lex = lexicon_from(words)
    key = solve_jewels(jewels, lex)
    assert key.score == brute_force_best(words, jewels)
    check_key(key, jewels, lex)


def check_key(key, jewels, lexicon):
    seen: set[str] = set()
    for c in key.chains:
        ring = list(c.words) + ([c.words[0]] if c.necklace else [])
        assert len(set(c.words)) == len(c.words), "a word repeats within one chain"
        assert all(w in lexicon for w in c.words)
        for x, y in itertools.pairwise(ring):
            assert one_apart(x, y)
        on_chain = [w for w in c.words if w in jewels]
        assert list(c.jewels) == on_chain
        assert not seen & set(on_chain), "a Jewel is used twice"
        seen |= set(on_chain)
        assert len(c.jewels) >= (3 if c.necklace else 2)
        assert c.jewels[0] == c.words[0]
        if not c.necklace:
            assert c.jewels[-1] == c.words[-1]
        assert c.score == chain_score(c.jewels, c.links, c.necklace) == sum(i.marks for i in c.items)
    assert key.score == sum(c.score for c in key.chains)
    assert sorted(key.unused) == sorted(set(jewels) - seen)


# --- Jewels: dealing --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_real_jewels(real, seed):
    j = make_jewels(2, seed)
    assert len(j.words) == 12 and len(set(j.words)) == 12
    groups = j.by_length()
    assert {n: len(ws) for n, ws in groups.items()} == {3: 4, 4: 4, 5: 4}
    for ws in groups.values():
        assert all(D.is_puzzle_end(w, real) for w in ws)
        assert not any(one_apart(a, b) for a, b in itertools.combinations(ws, 2))
    assert any(c.necklace for c in j.key.chains)
    assert not {w for c in j.key.chains for w in c.words} & D.not_puzzle_ends()
    # Jewels keys have the same floor as sheets: every word printable and frequent enough.
    for c in j.key.chains:
        assert all(real.printable(w) and real.zipf(w) >= D.LINK_ZIPF_FLOOR for w in c.words), c.words
        assert len({real.spelling_key(w) for w in c.words}) == len(c.words)
    check_key(j.key, j.words, real)
    for n, ws in groups.items():  # chains are possible in every length
        assert any(c.jewels[0] in ws for c in j.key.chains), n
    # The key is the solver's exact optimum for these Jewels.
    assert solve_jewels(j.words).score == j.key.score
    assert make_jewels(2, seed) == j
    data = json.loads(json.dumps(j.to_json()))
    assert data["key"]["score"] == j.key.score


def test_jewels_are_dealt_as_the_rules_say(real):
    two = make_jewels(2, 5)
    assert len(two.picks) == 2
    for pick in two.picks:  # two each of three, four and five letters
        assert sorted(len(w) for w in pick) == [3, 3, 4, 4, 5, 5]
    three = make_jewels(3, 5)
    assert three.words == two.words and three.round_game
    # In turn, one word each of three, four and five letters, until twelve are chosen.
    assert [len(p) for p in three.picks] == [6, 3, 3]
    assert [len(w) for w in three.picks[1]] == [3, 4, 5]
    five = make_jewels(5, 5)
    assert [len(p) for p in five.picks] == [3, 3, 3, 3, 0]


def test_jewel_errors(real):
    with pytest.raises(DoubletsError, match="at least 2"):
        make_jewels(1)
    with pytest.raises(DoubletsError, match="not in the word list"):
        solve_jewels(["head", "qqqq"])
    with pytest.raises(DoubletsError, match="repeated"):
        solve_jewels(["head", "head"])


# --- scorepads --------------------------------------------------------------------------------


def test_two_player_scorepad():
    pad = make_scorepad(2)
    assert pad.rows == 2 and not pad.president and not pad.round_game
    assert pad.decision_marks == (2,) and pad.abandon_marks == (2,)
    assert pad.doublets == 4
    assert pad.columns[0] == "Name" and pad.columns[-2:] == ("Jewels", "Total")
    assert len(pad.columns) == 1 + 4 + 4 + 2
    assert [label for label, _ in pad.header] == [
        "Names",
        "Declarations",
        "Marks",
        "Jewels",
        "Total",
    ]


@pytest.mark.parametrize("players", [3, 5, 12])
def test_round_game_scorepad(players):
    pad = make_scorepad(players)
    assert pad.round_game and pad.president and pad.rows == players
    # one mark per possible correct chain: players, players - 1, ... down to 2, and 2 for the rest
    expected = {3: (3, 2, 2), 5: (5, 4, 3, 2, 2), 12: (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2)}
    assert pad.decision_marks == expected[players]
    assert min(pad.decision_marks) == 2 and pad.abandon_marks == (4, 2)
    notes = " ".join(pad.notes)
    places = ", ".join(f"{r} {m}" for r, m in zip(D.ROMAN, expected[players], strict=False))
    assert places in notes and "Correct chains only" in notes and "moves no one up" in notes
    assert json.loads(json.dumps(pad.to_json()))["players"] == players


@pytest.mark.parametrize("players", [0, 1, 13])
def test_scorepad_errors(players):
    with pytest.raises(DoubletsError):
        make_scorepad(players)


def test_doublets_errors_are_parlour_errors():
    from generator.errors import ParlourError

    assert issubclass(DoubletsError, ParlourError)


# --- unique, spelling, variety ----------------------------------------------------------------


@pytest.mark.parametrize("difficulty,length", [("medium", 4), ("hard", 5), ("fiendish", 4), (D.MIXED, 4)])
def test_unique_sheets_have_one_shortest_chain_each(real, difficulty, length):
    sheet = make_sheet(8, length, difficulty, seed=5, unique=True)
    assert sheet.unique and all(p.shortest_chains == 1 for p in sheet.puzzles)
    check_sheet(sheet, real, real_naive_graph(length))  # counts checked against networkx
    if difficulty == D.MIXED:  # easy puzzles have two ways at least, so unique grading skips easy
        assert [p.difficulty for p in sheet.puzzles] == ["medium"] * 3 + ["hard"] * 3 + ["fiendish"] * 2


def test_unique_easy_is_a_clear_error():
    with pytest.raises(DoubletsError, match="no easy puzzle has a single shortest chain"):
        make_sheet(8, 4, "easy", unique=True)


def spelling_lexicon():
    """head/tail-sized toy: tire and tyre (UK), gray and grey spellings of one word."""
    words = "pray gray grey prey tile tire tyre toll till tall tale tole".split()
    entries = [Entry(w, "common", 4.0) for w in words]
    return Lexicon.from_entries(
        entries,
        spelling={"tyre": "uk", "grey": "uk", "gray": "us"},
        variants=[("tire", "tyre"), ("gray", "grey")],
    )


def test_one_chain_never_holds_two_spellings():
    lex = spelling_lexicon()
    # toll -> tyre: under uk spelling tyre may be printed, but the chain through tire would
    # print both spellings, so the key must go round (or the puzzle is skipped).
    for spelling in ("us", "uk"):
        for seed in range(30):
            try:
                sheet = make_sheet(1, 4, links=(1, 4), seed=seed, lexicon=lex, spelling=spelling)
            except DoubletsError:
                continue
            for p in sheet.puzzles:
                assert all(lex.spelling_allowed(w, spelling) for w in p.chain), (spelling, p.chain)
                keys = [lex.spelling_key(w) for w in p.chain]
                assert len(set(keys)) == len(keys), p.chain
    rules = D._Rules(None, 1, 4, 2.5, set(), variant_key=lex.spelling_key)
    uk = ladders_for(lex, "uk")
    g = uk.graph(4)
    # Every shortest chain from toll to tyre runs through tire: printing it would mix spellings.
    assert all("tire" in c for c in g.shortest("toll", "tyre").chains())
    assert D._keyed(g, g.index["toll"], g.index["tyre"], rules) is None
    # pray -> grey (uk): pray-gray-grey mixes spellings, pray-prey-grey does not.
    got = D._keyed(g, g.index["pray"], g.index["grey"], rules)
    assert got is not None and got.chain == ("pray", "prey", "grey")
    # Under us spelling grey and tyre are never printed at all.
    us = ladders_for(lex, "us")
    assert not us.printable("grey") and not us.printable("tyre") and us.printable("gray")


def test_spelling_option_changes_what_may_be_printed(real):
    uk_only = [w for w in real.words("common", 4) if real.spelling_of(w) == "uk"]
    assert uk_only, "the lexicon marks some UK-only spellings"
    us = make_sheet(8, 4, D.MIXED, seed=2, spelling="us")
    uk = make_sheet(8, 4, D.MIXED, seed=2, spelling="uk")
    assert us.spelling == "us" and uk.spelling == "uk"
    check_sheet(us, real)
    check_sheet(uk, real)
    with pytest.raises(DoubletsError, match="spelling"):
        make_sheet(8, 4, spelling="au")


def test_eight_letter_medium_is_not_mostly_one_path_two_links(real):
    for seed in range(3):
        sheet = make_sheet(8, 8, "medium", seed=seed)
        check_sheet(sheet, real)
        shapes = Counter((p.par, p.shortest_chains == 1) for p in sheet.puzzles)
        assert shapes[(2, True)] <= 4, shapes
        assert max(shapes.values()) <= 4, shapes


def test_no_word_in_more_than_two_keys_over_many_sheets(real):
    for length in (4, 5, 8):
        for difficulty in D.DIFFICULTIES:
            sheet = make_sheet(8, length, difficulty, seed=11)
            uses = Counter(w for p in sheet.puzzles for w in set(p.chain))
            assert max(uses.values()) <= sheet.key_word_limit
            pars = [p.par for p in sheet.puzzles]
            assert pars == sorted(pars)


# --- the daily schedule -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def january():
    return list(D.daily_sheets("2026-01-01", 31))


def test_a_month_of_dailies_keeps_its_promises(real, january):
    assert [s.date for s in january] == [
        (dt.date(2026, 1, 1) + dt.timedelta(days=i)).isoformat() for i in range(31)
    ]
    pairs = [frozenset((p.start, p.end)) for s in january for p in s.puzzles]
    assert len(pairs) == len(set(pairs)), "a puzzle repeats"
    last: dict[str, int] = {}
    for i, s in enumerate(january):
        check_sheet(s, real)
        for p in s.puzzles:
            for w in (p.start, p.end):
                assert w not in last or i - last[w] > D.DAILY_GAP, (w, last.get(w), i)
                last[w] = i
            if not s.relaxed:
                assert D.daily_pair_allowed(p.start, p.end, 2026)
        if i < D.DAILY_GAP and not s.relaxed:  # the first stretch of a year: one half of the ends
            assert all(D.word_half(w) == 2026 % 2 for p in s.puzzles for w in (p.start, p.end))
    assert sum(s.relaxed for s in january) <= 6  # measured: 4 in January 2026


def test_a_daily_sheet_is_the_same_whatever_range_asks_for_it(january):
    assert D.daily_sheet("2026-01-20") == january[19]
    assert list(D.daily_sheets("2026-01-10", 3)) == january[9:12]
    assert D.daily_gap(8, 4) == D.DAILY_GAP


def test_the_pair_rule_never_allows_a_pair_twice_within_a_year(real):
    import random

    words = real.words("common", 4)
    rng = random.Random(3)
    for _ in range(3000):
        a, b = rng.sample(words, 2)
        years = [y for y in range(2020, 2032) if D.daily_pair_allowed(a, b, y)]
        assert years, (a, b)  # every pair has its years
        assert all(y2 - y1 >= 2 for y1, y2 in itertools.pairwise(years)), (a, b, years)
        # and within a year, a pair's two ends are in the half of the year's first and last
        # stretches only if the pair is allowed that year at all
        if D.word_half(a) == D.word_half(b):
            assert all(y % 2 == D.word_half(a) for y in years)


def test_daily_blocks_are_calendar_years():
    assert D.daily_block("2025-03-01") == (2025, dt.date(2025, 1, 1), 365)
    assert D.daily_block("2024-12-31") == (2024, dt.date(2024, 1, 1), 366)


def test_rule_text_is_in_our_own_words():
    from generator.games import doublets_draw
    from tests.seedtext import copied_runs

    texts = [D.SHEET_RULES, doublets_draw.JEWELS_RULES, doublets_draw.JEWELS_SCORING]
    for players in (2, 3, 5, 12):
        texts += make_scorepad(players).notes
    assert copied_runs("\n".join(texts)) == []
    # the check itself: a sentence lifted from the rules is caught
    assert copied_runs("a null chain is reckoned as being two links longer than a correct one")


# --- familiar key links and printable Jewels keys (issue 10) ----------------------------------


def _familiar_par(lexicon, start, end):
    """Oracle: par over familiar printable words only (zipf >= 3.0), by a plain BFS over
    wildcard buckets written here, or None if no chain of such words joins the ends."""
    n = len(start)
    ok = {w for w in lexicon.words("standard", n) if lexicon.printable(w) and lexicon.zipf(w) >= 3.0}
    ok |= {start, end}
    buckets: dict[str, list[str]] = {}
    for w in ok:
        for i in range(n):
            buckets.setdefault(w[:i] + "_" + w[i + 1 :], []).append(w)
    seen, frontier = {start: 0}, [start]
    while frontier and end not in seen:
        nxt = []
        for u in frontier:
            for i in range(n):
                for v in buckets[u[:i] + "_" + u[i + 1 :]]:
                    if v not in seen:
                        seen[v] = seen[u] + 1
                        nxt.append(v)
        frontier = nxt
    return None if end not in seen else seen[end] - 1


@pytest.mark.parametrize("length", [4, 5])
def test_sheet_keys_use_only_familiar_links(real, length):
    """A sheet skips a puzzle whose every minimal chain needs a link rarer than zipf 3.0, so
    each key here is a minimal chain of familiar words (checked against a BFS over them)."""
    for diff in (*D.DIFFICULTIES, D.MIXED):
        for p in D.make_sheet(8, length, diff, seed=2).puzzles:
            assert all(real.zipf(w) >= D.SHEET_LINK_ZIPF for w in p.links), p
            assert _familiar_par(real, p.start, p.end) == p.par, p


def test_a_puzzle_needing_a_rare_link_is_skipped_at_the_familiar_floor():
    zipf = {"cold": 4.5, "word": 4.6, "cord": 2.7, "wold": 2.6}
    g = D.WordGraph(list(zipf), zipf.get)
    s, t = g.index["cold"], g.index["word"]

    def rules(floor):
        return D._Rules(None, 1, 3, floor, set())

    assert D._keyed(g, s, t, rules(D.SHEET_LINK_ZIPF)) is None  # cord and wold are both rare
    low = D._keyed(g, s, t, rules(D.LINK_ZIPF_FLOOR))  # the fallback floor takes the friendlier
    assert low is not None and low.chain == ("cold", "cord", "word")
    zipf["wold"] = 3.4
    g = D.WordGraph(list(zipf), zipf.get)
    got = D._keyed(g, s, t, rules(D.SHEET_LINK_ZIPF))
    assert got is not None and got.chain == ("cold", "wold", "word")


def test_jewels_keys_are_searched_among_printable_words(real):
    lad = ladders_for(real)
    for n in D.JEWEL_LENGTHS:
        g = D._jewel_graph(lad, n)
        want = {w for w in real.words("standard", n) if lad.printable(w)}
        assert set(g.words) == want and all(real.zipf(w) >= D.LINK_ZIPF_FLOOR for w in g.words)
    # a user's own Jewels need not be printable: they join the graph for their search
    assert not real.printable("snot")
    key = solve_jewels(["snot", "slot", "spot", "shot"], real)
    assert key.score > 0 and "snot" in {w for c in key.chains for w in c.jewels}
