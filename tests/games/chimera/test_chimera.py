"""Tests for generator/games/chimera/model.py: cards, variants, the checker, the key and the pad."""

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import ParlourError
from generator.games.chimera import model as ch
from tests.lexicon_fixtures import make_lexicon, sample_lexicon

SIX_HEART = {
    "hear": ("common", 4.6),
    "heat": ("common", 4.4),
    "shirt": ("common", 4.0),
    "heart": ("common", 5.0),
    "hearts": ("common", 4.5),
    "earths": ("broad", 1.5),
    "hairs": ("standard", 2.9),
    "sheets": ("common", 3.5),
    "tax": ("common", 4.5),
    "heir": ("standard", 2.9),
}


@pytest.fixture(scope="module")
def small():
    return make_lexicon(SIX_HEART, blocked=["shite"], capitalised=["thea"])


@pytest.fixture(scope="module")
def lex():
    return sample_lexicon()


def oracle(face: str, suit: str, answer: str, variant: str, lexicon) -> bool:
    """Written apart from the module: Counter containment, Fraction share, plain plurals."""
    pool = Counter(face + suit)
    total = len(face) + len(suit)
    share = Fraction(len(answer), total)
    need = {
        "third": share >= Fraction(1, 3),
        "half": share >= Fraction(1, 2),
        "over-half": share > Fraction(1, 2),
        "two-thirds": share >= Fraction(2, 3),
        "three-quarters": share >= Fraction(3, 4),
    }[variant]
    banned = {face, suit, face + "s", suit + "s", face + "es", suit + "es"}
    return not (Counter(answer) - pool) and need and answer not in banned and lexicon.get(answer) is not None


def test_rules_example_six_heart(small) -> None:
    for word in ["HEAR", "heat", "Shirt"]:
        r = ch.check("SIX", "HEART", word, lexicon=small)
        assert r.valid, r.reason
        assert r.penalty == 0
    for word in ["HEART", "hearts"]:
        r = ch.check("six", "heart", word, lexicon=small)
        assert not r.valid and r.code == "card_word"
        assert r.penalty == 8


def test_reasons(small) -> None:
    r = ch.check("six", "heart", "shirz", lexicon=small)
    assert r.code == "missing_letter" and " Z" in r.reason
    r = ch.check("six", "heart", "sheets", lexicon=small)
    assert r.code == "letter_too_often" and "S 2 times" in r.reason and "once" in r.reason
    r = ch.check("six", "heart", "tax", lexicon=small)
    assert r.code == "too_few_letters" and "at least 4" in r.reason and r.min_letters == 4
    r = ch.check("six", "heart", "hearts", lexicon=small)
    assert "plural of HEART" in r.reason
    r = ch.check("six", "heart", "heart", lexicon=small)
    assert "own words" in r.reason
    r = ch.check("six", "heart", "stair", lexicon=small)
    assert r.code == "not_in_dictionary" and r.status == "unknown"
    r = ch.check("six", "heart", "thea", lexicon=small)
    assert r.code == "not_in_dictionary" and r.status == "capitalised"
    r = ch.check("six", "heart", "shite", lexicon=small)
    assert r.code == "not_in_dictionary" and r.status == "blocked"
    r = ch.check("six", "heart", "ain't", lexicon=small)
    assert r.code == "contraction" and not r.valid


def test_broad_tier_accepted(small) -> None:
    assert ch.check("six", "heart", "earths", lexicon=small).valid


def test_variant_changes_minimum(small) -> None:
    assert ch.check("six", "heart", "heat", "half", lexicon=small).valid
    r = ch.check("six", "heart", "heat", "over-half", lexicon=small)
    assert r.code == "too_few_letters" and r.min_letters == 5
    assert ch.check("six", "heart", "hairs", "two-thirds", lexicon=small).code == "too_few_letters"
    assert ch.check("six", "heart", "earths", "three-quarters", lexicon=small).valid


@pytest.mark.parametrize("name", list(ch.VARIANTS))
def test_min_letters_exact(name: str) -> None:
    v = ch.VARIANTS[name]
    for total in range(1, 40):
        need = ch.min_letters(total, name)
        frac = Fraction(v.num, v.den)

        def ok(n: int, total: int = total, frac: Fraction = frac) -> bool:
            return Fraction(n, total) > frac if v.strict else Fraction(n, total) >= frac

        assert ok(need) and not ok(need - 1), (name, total, need)


def test_min_letters_named_cases() -> None:
    assert ch.min_letters(8, "half") == 4
    assert ch.min_letters(8, "over-half") == 5
    assert ch.min_letters(7, "third") == 3
    assert ch.min_letters(12, "two-thirds") == 8
    assert ch.min_letters(9, "three-quarters") == 7


def test_bad_input() -> None:
    with pytest.raises(ParlourError, match="HEART"):
        ch.card("six", "hearts")
    with pytest.raises(ParlourError, match="unknown face"):
        ch.card("sevn", "heart")
    with pytest.raises(ParlourError, match="unknown suit"):
        ch.card("six", "stars")
    with pytest.raises(ParlourError, match="face first"):
        ch.card("heart", "six")
    with pytest.raises(ParlourError, match="SIX"):
        ch.card("sixes", "heart")
    with pytest.raises(ParlourError, match="unknown variant"):
        ch.variant("most")
    with pytest.raises(ParlourError):
        ch.check("six", "heart", "sh1rt", lexicon=make_lexicon({}))
    with pytest.raises(ParlourError):
        ch.check("six", "heart", "", lexicon=make_lexicon({}))


def test_card_aliases() -> None:
    assert ch.card("6", "Heart") == ch.Card("six", "heart")
    assert ch.card("K", "SPADE") == ch.Card("king", "spade")
    assert ch.card("10", "club").penalty == 7


def test_deck_order_and_roles() -> None:
    cards = ch.deck()
    assert len(cards) == 52 and len(set(cards)) == 52
    assert cards[0] == ch.Card("ace", "spade") and cards[0].role == "chimera"
    assert [c.suit for c in cards[::13]] == ["spade", "heart", "diamond", "club"]
    assert [c.face for c in cards[:13]] == list(ch.FACES)
    keys = {(c.face, c.suit) for c in cards if c.role == "key"}
    assert keys == {("ace", "heart"), ("ace", "club"), ("ace", "diamond")}
    assert ch.Card("six", "heart").penalty == 8
    assert ch.Card("queen", "diamond").letters == "queendiamond"


_SHAPES: dict[int, tuple[object, dict[frozenset[str], list[str]]]] = {}


def brute_force_answers(lexicon, card, variant: str) -> set[str]:
    """Scan every broad word whose letters all occur on the card through the oracle."""
    if id(lexicon) not in _SHAPES:
        shapes: dict[frozenset[str], list[str]] = {}
        for w in lexicon.words(tier="broad"):
            if len(w) <= 12:
                shapes.setdefault(frozenset(w), []).append(w)
        _SHAPES[id(lexicon)] = (lexicon, shapes)
    letters = set(card.letters)
    return {
        w
        for shape, words in _SHAPES[id(lexicon)][1].items()
        if shape <= letters
        for w in words
        if oracle(card.face, card.suit, w, variant, lexicon)
    }


@pytest.mark.parametrize("variant", list(ch.VARIANTS))
def test_key_against_brute_force(lex, variant: str) -> None:
    key = ch.answer_key(variant, lexicon=lex)
    assert key.variant.name == variant and len(key.cards) == 52
    for row in key.cards:
        c = row.card
        assert row.min_letters == ch.min_letters(c.penalty, variant)
        for word in row.answers:  # every answer passes the separate oracle ...
            assert oracle(c.face, c.suit, word, variant, lex), (c, word)
        # ... and the oracle finds nothing the key missed
        assert set(row.answers) == brute_force_answers(lex, c, variant), c
        assert len(row.answers) == len(set(row.answers))
        assert row.answers == sorted(row.answers, key=lambda w: (not lex.printable(w), -lex.zipf(w), w))


def test_key_answers_pass_check(lex) -> None:
    key = ch.answer_key("half", lexicon=lex)
    for row in key.cards[::5]:
        for word in row.answers[:20]:
            assert ch.check(row.card.face, row.card.suit, word, lexicon=lex).valid


def test_key_json_shape(lex) -> None:
    data = ch.answer_key("half", lexicon=lex).to_json()
    assert data["variant"] == "half"
    six = next(r for r in data["cards"] if r["words"] == ["six", "heart"])
    assert six["letters"] == "sixheart" and six["penalty"] == 8 and six["min_letters"] == 4
    assert {"hear", "heat", "shirt"} <= set(six["answers"])
    assert not {"heart", "hearts"} & set(six["answers"])
    assert six["count"] == len(six["answers"])
    assert data["cards"][0]["role"] == "chimera"


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(ch.deck()),
    st.sampled_from(list(ch.VARIANTS)),
    st.text(alphabet="sixheartqundmolcbpkgvw", min_size=1, max_size=9),
)
def test_check_agrees_with_oracle(lex, card, variant, answer) -> None:
    r = ch.check(card.face, card.suit, answer, variant, lexicon=lex)
    assert r.valid == bool(oracle(card.face, card.suit, answer, variant, lex))


def test_pad() -> None:
    p = ch.pad(4, "two-thirds")
    data = p.to_json()
    assert data["players"] == 4 and data["life_points"] == 50
    assert data["variant"] == "two-thirds"
    assert data["keys"] == ["ace of hearts", "ace of clubs", "ace of diamonds"]
    assert data["deduction_rows"] == 8  # 7 letters is the smallest penalty: ceil(50 / 7)
    assert p.player_labels == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert data["reminder"] == list(p.reminder)
    for bad in (0, 7):
        with pytest.raises(ParlourError, match="1 to 6"):
            ch.pad(bad)
    solo = ch.pad(1)  # the rules give a solo game: one hero collecting the keys
    assert solo.player_labels == ["Player 1"]


@pytest.mark.parametrize("name", list(ch.VARIANTS))
def test_pad_rules_in_brief_state_the_core_rules(name: str) -> None:
    # the core requirement in this variant's share, the dictionary, and the end with no winner
    text = " ".join(ch.pad(3, name).reminder)
    assert f"uses {ch.variant(name).label} on the card" in text
    assert "The dictionary decides" in text and "a word it lacks is wrong" in text
    assert "If every player is out, the game ends with no winner" in text
    assert "Hold all three keys to win" in text and "0 life or less" in text
    assert "at random" in text  # the order of turns


def test_rules_example_on_the_packaged_lexicon() -> None:
    for word in ["hear", "heat", "shirt"]:
        assert ch.check("six", "heart", word).valid, word
    for word in ["heart", "hearts"]:
        assert ch.check("six", "heart", word).code == "card_word"
    r = ch.check("six", "heart", "shrit")
    assert r.code == "not_in_dictionary" and "shirt" in r.suggestions


def test_packaged_key_against_brute_force() -> None:
    from generator.words.lexicon import load

    lex = load()
    for row in ch.answer_key("half").cards:
        c = row.card
        for word in row.answers:
            assert oracle(c.face, c.suit, word, "half", lex), (c, word)
        assert set(row.answers) == brute_force_answers(lex, c, "half"), c


# --- the key shows the print vocabulary first -----------------------------------------------


def _print_split_lexicon():
    """The sample lexicon with a print vocabulary that cuts across frequency: every third
    standard word (alphabetically) is left out of print, whatever its zipf."""
    from generator.words.lexicon import Entry, Lexicon

    base = sample_lexicon()
    entries = [Entry(w, base.tier(w), base.zipf(w)) for w in base.words("broad")]
    standard = base.words("standard")
    printable = [w for i, w in enumerate(standard) if i % 3]
    return Lexicon.from_entries(entries, printable=printable), set(printable)


def test_key_shows_print_vocabulary_first_oracle() -> None:
    lex, printable = _print_split_lexicon()
    for variant in ("half", "three-quarters"):
        key = ch.answer_key(variant, lexicon=lex)
        for row in key.cards:
            found = brute_force_answers(lex, row.card, variant)
            want = sorted(found, key=lambda w: (w not in printable, -lex.zipf(w), w))
            assert row.answers == want, row.card
            assert set(row.rare) == found - printable
            assert row.printable == [w for w in want if w in printable]
            assert row.only_rare == (bool(found) and not (found & printable))
            assert ch.answers(row.card.face, row.card.suit, variant, lexicon=lex) == want


def test_card_with_only_unmarkable_answers_says_so() -> None:
    """A card whose every answer is kept off paper for more than rarity (here: crude) shows none,
    not even marked, and says only rare words fit."""
    from generator.games.chimera import draw
    from generator.press.paper import get_paper
    from generator.words.lexicon import Entry, Lexicon

    words = {w: (t, z) for w, (t, z) in SIX_HEART.items()}
    entries = [Entry(w, t, z) for w, (t, z) in words.items()]
    noprint = {w: "vulgar" for w, (t, _) in words.items() if t != "broad"}
    lex = Lexicon.from_entries(entries, printable=[], noprint=noprint)
    lex_all = Lexicon.from_entries(entries, printable=[], noprint={w: "vulgar" for w in words})
    assert lex_all.print_reason("earths") == "not standard"  # broad words are markable ...
    key = ch.answer_key(
        "half",
        lexicon=Lexicon.from_entries(
            [e for e in entries if e.tier != "broad"], printable=[], noprint=noprint
        ),
    )
    six = next(k for k in key.cards if k.card.words == ("six", "heart"))
    assert six.answers and six.only_rare and six.printable == [] and six.marked == ()
    assert draw.ONLY_RARE in draw.only_rare_text(six)
    entries_ = draw.layout_key(key, get_paper("a4"))
    shown = next(e for e in entries_ if e.row is six)
    assert shown.shown == 0 and shown.lines == [] and shown.words == []
    assert draw.RARE_LEGEND not in draw.key_notes(key)
    data = draw.key_model(key, get_paper("a4"))
    card = next(c for c in data["cards"] if c["words"] == ["six", "heart"])
    assert card["rare"] == card["answers"] and card["shown"] == 0 and card["marked"] == []
    # ... so with them in, the card shows the broad word, marked, and the legend says what * is
    key = ch.answer_key("half", lexicon=lex)
    six = next(k for k in key.cards if k.card.words == ("six", "heart"))
    assert six.marked == ("earths",) and six.shown == ["earths"]
    shown = next(e for e in draw.layout_key(key, get_paper("a4")) if e.row is six)
    assert shown.lines == ["earths" + draw.RARE_MARK] and shown.words == ["earths"]
    assert draw.RARE_LEGEND in draw.key_notes(key)


def test_rare_answer_is_marked_only_where_no_everyday_one_fits() -> None:
    """A card with a printable answer shows no marked word; one with only rare answers shows the
    most frequent merely-rare one (standard tier before broad), marked."""
    from generator.games.chimera import draw
    from generator.press.paper import get_paper
    from generator.words.lexicon import Entry, Lexicon

    entries = [Entry(w, t, z) for w, (t, z) in SIX_HEART.items()]
    lex = Lexicon.from_entries(entries, printable=["shirt"])
    key = ch.answer_key("half", lexicon=lex)
    six = next(k for k in key.cards if k.card.words == ("six", "heart"))
    assert six.printable == ["shirt"] and six.marked == () and six.shown == ["shirt"]
    lex = Lexicon.from_entries(entries, printable=[], noprint={"hear": "sexual", "heat": "drugs"})
    key = ch.answer_key("half", lexicon=lex)
    six = next(k for k in key.cards if k.card.words == ("six", "heart"))
    # hear and heat are kept off paper for cause; shirt (4.0) is the most frequent merely rare one
    assert six.marked == ("shirt",)
    assert next(e for e in draw.layout_key(key, get_paper("letter")) if e.row is six).lines[0] == "shirt*"


@pytest.mark.parametrize("variant", list(ch.VARIANTS))
def test_packaged_keys_mark_every_shown_rare_answer(variant: str) -> None:
    """On every variant and both spellings: every answer the printed key shows that is not print
    vocabulary is marked (and only rare, never crude, dated or clipped), and no marked answer is
    shown on a card an everyday answer fits."""
    from generator.games.chimera import draw
    from generator.press.paper import get_paper
    from generator.words.lexicon import load

    lex = load()
    for spelling in ("us", "uk"):
        key = ch.answer_key(variant, spelling=spelling)
        for e in draw.layout_key(key, get_paper("letter")):
            row = e.row
            text = " ".join(e.lines)
            for w in e.words:
                if lex.printable(w) and lex.spelling_allowed(w, spelling):
                    assert w + draw.RARE_MARK not in text, (row.card, w)
                else:
                    assert w + draw.RARE_MARK in text, (row.card, w)
                    assert not row.printable, (row.card, w)
                    assert lex.print_reason(w) in ch.MARKABLE, (row.card, w)
            if row.marked:
                assert not row.printable and e.words == list(row.marked)
            if row.printable:
                assert draw.RARE_MARK not in text


def _packaged_print_set(spelling: str = "us") -> set[str]:
    """The '@print' line of the packaged data less the other side's '@spelling' line (what a key
    under `spelling` may show), read without the Lexicon class."""
    from pathlib import Path

    text = (Path(ch.__file__).resolve().parents[2] / "data" / "lexicon.txt").read_text()
    lines = text.split("\n")
    other = "uk" if spelling == "us" else "us"
    return set(lines[lines.index("@print") + 1].split()) - set(
        lines[lines.index(f"@spelling {other}") + 1].split()
    )


@pytest.mark.parametrize("variant", list(ch.VARIANTS))
def test_packaged_key_never_shows_a_word_outside_print_unmarked(variant) -> None:
    from generator.games.chimera import draw
    from generator.press.paper import get_paper

    allowed = _packaged_print_set()
    key = ch.answer_key(variant)
    assert key.spelling == "us"
    for e in draw.layout_key(key, get_paper("a4")):
        row = e.row
        shown = set(e.words) - set(row.marked)
        assert shown <= allowed, (row.card, shown - allowed)
        assert not (set(row.marked) & allowed), row.card
        flags = [w in allowed for w in row.answers]
        assert flags == sorted(flags, reverse=True), row.card  # print words all come first
        assert set(row.rare) == {w for w in row.answers if w not in allowed}


def test_pad_rules_in_brief_are_in_our_own_words() -> None:
    from tests.seedtext import copied_runs

    for name in ch.VARIANTS:
        assert copied_runs("\n".join(ch.reminder(ch.variant(name)))) == []


# --- the packaged key's answers come from parlour's cache after the first build ----------------


def test_packaged_key_is_the_same_from_the_cache(monkeypatch, tmp_path) -> None:
    from generator.words.lexicon import load

    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    v = "three-quarters"
    computed = ch.answer_key(v, lexicon=load())  # an explicit lexicon: never cached
    assert not list(tmp_path.iterdir())
    cold = ch.answer_key(v)  # builds the index, saves the answers
    assert [p.name.rsplit("-", 1)[0] for p in tmp_path.iterdir()] == ["chimera-answers"]

    def no_index(_lex):
        raise AssertionError("the anagram index was built although the cache holds the key")

    monkeypatch.setattr(ch, "_index", no_index)
    warm = ch.answer_key(v)
    assert computed == cold == warm
    assert sum(len(row.answers) for row in warm.cards) > 100


@pytest.mark.parametrize("v", ["half", "three-quarters"])
def test_a_cached_key_never_loads_the_lexicon(monkeypatch, tmp_path, v) -> None:
    """Each spelling's split of the answers (shown, then not printed) is saved with them: a key
    from the cache equals one computed over an explicit lexicon, and loads no lexicon."""
    import generator.words.lexicon as lexicon_module

    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    lex = lexicon_module.load()
    want = {sp: ch.answer_key(v, lexicon=lex, spelling=sp) for sp in ("us", "uk")}
    assert ch.answer_key(v, spelling="uk") == want["uk"]  # built and saved

    def no_lexicon():
        raise AssertionError("the lexicon was loaded although the cache holds the key")

    monkeypatch.setattr(lexicon_module, "load", no_lexicon)
    for sp in ("us", "uk"):
        assert ch.answer_key(v, spelling=sp) == want[sp]
    assert want["us"] != want["uk"] or v != "three-quarters"
    assert any(row.rare for row in want["us"].cards)  # the split is not empty


def test_a_damaged_key_cache_is_rebuilt(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path))
    good = ch.answer_key("half")
    (path,) = tmp_path.glob("chimera-answers-*.bin")
    for junk in (b"", b"\x00garbage", path.read_bytes()[:40]):
        path.write_bytes(junk)
        assert ch.answer_key("half") == good
        assert path.read_bytes() != junk  # saved again


def test_key_shows_the_spelling_asked_for() -> None:
    """theatre/theater: a US key shows theater and keeps theatre among the unshown answers; a UK
    key the other way round; both stay valid answers."""
    allowed = {sp: _packaged_print_set(sp) for sp in ("us", "uk")}
    assert "theater" in allowed["us"] - allowed["uk"] and "theatre" in allowed["uk"] - allowed["us"]
    for sp, shown, hidden in (("us", "theater", "theatre"), ("uk", "theatre", "theater")):
        key = ch.answer_key("half", spelling=sp)
        row = next(r for r in key.cards if r.card.face == "three" and r.card.suit == "heart")
        assert shown in row.printable and hidden in row.rare and hidden in row.answers
        for r in key.cards:
            assert set(r.printable) <= allowed[sp], (sp, r.card)
        assert key.to_json()["spelling"] == sp
    with pytest.raises(ParlourError, match="spelling"):
        ch.answer_key("half", spelling="au")
