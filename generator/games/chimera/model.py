"""Chimera's Lair content: the 52 cards as words, variants, the answer checker, the referee's key
and the scoring pad (what is printed, never how)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from generator.errors import ParlourError
from generator.words.anagram import AnagramIndex, letter_problem, plural_forms
from generator.words.spelling import DEFAULT_SPELLING, SPELLINGS

if TYPE_CHECKING:
    from generator.words.lexicon import Lexicon

__all__ = [
    "FACES",
    "SUITS",
    "DECK_SUITS",
    "VARIANTS",
    "DEFAULT_VARIANT",
    "LIFE_POINTS",
    "Variant",
    "Card",
    "CheckResult",
    "KeyCard",
    "AnswerKey",
    "Pad",
    "card",
    "deck",
    "min_letters",
    "variant",
    "check",
    "answers",
    "answer_key",
    "pad",
]

FACES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
SUITS = ("heart", "club", "diamond", "spade")
# Deck order used by the key: spades first (so the Chimera opens the key), then hearts,
# diamonds, clubs; ace to king within a suit.
DECK_SUITS = ("spade", "heart", "diamond", "club")
KEY_SUITS = ("heart", "club", "diamond")
CHIMERA_SUIT = "spade"
LIFE_POINTS = 50
REFEREE_TIER = "broad"  # the rules ask for the broadest dictionary to hand

_FACE_ALIASES = {
    "a": "ace",
    "1": "ace",
    "j": "jack",
    "q": "queen",
    "k": "king",
    **{str(n): FACES[n - 1] for n in range(2, 11)},
}


@dataclass(frozen=True)
class Variant:
    """How many of a card's letters an answer must use: num/den of them, or more than that."""

    name: str
    num: int
    den: int
    strict: bool
    label: str

    def min_letters(self, total: int) -> int:
        """The fewest letters an answer may have for a card of `total` letters (integer maths)."""
        if self.strict:
            return total * self.num // self.den + 1
        return -(-total * self.num // self.den)


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("third", 1, 3, False, "at least a third of the letters"),
        Variant("half", 1, 2, False, "at least half of the letters"),
        Variant("over-half", 1, 2, True, "more than half of the letters"),
        Variant("two-thirds", 2, 3, False, "at least two thirds of the letters"),
        Variant("three-quarters", 3, 4, False, "at least three quarters of the letters"),
    )
}
DEFAULT_VARIANT = "half"


def variant(name: str) -> Variant:
    """The variant called `name` (case-insensitive); ParlourError naming the choices otherwise."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key in VARIANTS:
        return VARIANTS[key]
    raise ParlourError(f"unknown variant {name!r}: use one of {', '.join(VARIANTS)}")


def min_letters(total: int, variant_name: str = DEFAULT_VARIANT) -> int:
    """The fewest letters an answer needs for a card of `total` letters under a variant."""
    return variant(variant_name).min_letters(total)


@dataclass(frozen=True)
class Card:
    """One playing card read as two words: its face value and its (singular) suit."""

    face: str
    suit: str

    @property
    def words(self) -> tuple[str, str]:
        return (self.face, self.suit)

    @property
    def letters(self) -> str:
        """The card's letter pool, face then suit, e.g. 'sixheart'."""
        return self.face + self.suit

    @property
    def penalty(self) -> int:
        """Life points lost for a wrong answer: the number of letters in the two words."""
        return len(self.letters)

    @property
    def role(self) -> str:
        """'chimera' (ace of spades), 'key' (the other aces) or 'plain'."""
        if self.face != "ace":
            return "plain"
        return "chimera" if self.suit == CHIMERA_SUIT else "key"

    @property
    def label(self) -> str:
        """The card in capitals, as players say it: 'SIX + HEART'."""
        return f"{self.face.upper()} + {self.suit.upper()}"

    def forbidden(self) -> dict[str, str]:
        """Words the card rules out, each mapped to why: its own two words and their plurals."""
        out: dict[str, str] = {}
        for word in self.words:
            for plural in plural_forms(word):
                out[plural] = f"a plural of {word.upper()}, one of the card's own words"
        for word in self.words:
            out[word] = "one of the card's own words"
        return out


def _face(word: str) -> str:
    w = word.strip().lower()
    if w in FACES:
        return w
    if w in _FACE_ALIASES:
        return _FACE_ALIASES[w]
    if w in SUITS or w.rstrip("s") in SUITS:
        raise ParlourError(f"{word!r} is a suit, not a face value: give the face first, e.g. SIX HEART")
    for f in FACES:
        if w in plural_forms(f):
            raise ParlourError(f"face values are singular: use {f.upper()}, not {word.upper()}")
    raise ParlourError(f"unknown face value {word!r}: use one of {', '.join(FACES).upper()}")


def _suit(word: str) -> str:
    w = word.strip().lower()
    if w in SUITS:
        return w
    for s in SUITS:
        if w in plural_forms(s):
            raise ParlourError(f"the suit is never plural: use {s.upper()}, not {word.upper()}")
    if w in FACES or w in _FACE_ALIASES:
        raise ParlourError(f"{word!r} is a face value, not a suit: give the suit second, e.g. SIX HEART")
    raise ParlourError(f"unknown suit {word!r}: use one of {', '.join(SUITS).upper()}")


def card(face: str, suit: str) -> Card:
    """The card for a face value and suit given in any case ('six', 'SIX' or '6'; 'heart')."""
    return Card(_face(face), _suit(suit))


def deck() -> list[Card]:
    """All 52 cards in key order: spades, hearts, diamonds, clubs; ace to king in each suit."""
    return [Card(f, s) for s in DECK_SUITS for f in FACES]


# --- the lexicon and the anagram index (built once per lexicon) -----------------------------

_INDEXES: dict[int, tuple[Any, AnagramIndex]] = {}


def _lexicon(lexicon: Lexicon | None) -> Lexicon:
    if lexicon is not None:
        return lexicon
    from generator.words.lexicon import load

    return load()


def _index(lexicon: Lexicon) -> AnagramIndex:
    hit = _INDEXES.get(id(lexicon))
    if hit is None or hit[0] is not lexicon:
        hit = (lexicon, AnagramIndex.from_lexicon(lexicon, tier=REFEREE_TIER))
        _INDEXES[id(lexicon)] = hit
        for key in [k for k in _ANSWERS if k[0] not in {id(i) for _, i in _INDEXES.values()}]:
            del _ANSWERS[key]
    return hit[1]


# --- the checker ------------------------------------------------------------------------------

_ANSWER_RE = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one answer for one card, with the reason in a sentence."""

    card: Card
    answer: str
    variant: str
    valid: bool
    code: str  # ok | contraction | missing_letter | letter_too_often | too_few_letters
    #            | card_word | not_in_dictionary
    reason: str
    min_letters: int
    status: str = "ok"  # why not in the lexicon: blocked | capitalised | unknown ("ok" otherwise)
    suggestions: list[str] = field(default_factory=list)  # valid answers one edit away

    @property
    def penalty(self) -> int:
        """Life points the player loses if the answer stands as wrong."""
        return 0 if self.valid else self.card.penalty

    def to_json(self) -> dict[str, Any]:
        return {
            "card": list(self.card.words),
            "answer": self.answer,
            "variant": self.variant,
            "valid": self.valid,
            "code": self.code,
            "reason": self.reason,
            "min_letters": self.min_letters,
            "penalty": self.penalty,
            "status": self.status,
            "suggestions": list(self.suggestions),
        }


def check(
    face: str,
    suit: str,
    answer: str,
    variant_name: str = DEFAULT_VARIANT,
    lexicon: Lexicon | None = None,
) -> CheckResult:
    """Is `answer` a valid Chimera's Lair answer for the card face+suit under the variant?

    Bad input (unknown card word, plural suit, unknown variant, an answer that is not a word
    shape) raises ParlourError; a well-formed answer that breaks a rule returns valid=False."""
    c = card(face, suit)
    v = variant(variant_name)
    need = v.min_letters(c.penalty)
    raw = answer.strip()
    word = raw.lower().replace("\u2019", "'")

    def verdict(code: str, reason: str, **kw: Any) -> CheckResult:
        return CheckResult(c, word, v.name, code == "ok", code, reason, need, **kw)

    shown = word.upper()
    if "'" in word and _ANSWER_RE.fullmatch(word.replace("'", "")):
        return verdict("contraction", f"{shown} is a contraction; contractions are not allowed.")
    if not _ANSWER_RE.fullmatch(word):
        raise ParlourError(f"the answer must be one word of letters A-Z, got {raw!r}")

    problem = letter_problem(c.letters, word)
    if problem is not None:
        L = problem.letter.upper()
        if problem.kind == "missing":
            why = f"{shown} uses {L}, which {c.label} does not have."
            return verdict("missing_letter", why)
        times = "once" if problem.available == 1 else f"{problem.available} times"
        why = f"{shown} uses {L} {problem.used} times, but {c.label} has it only {times}."
        return verdict("letter_too_often", why)
    if len(word) < need:
        why = (
            f"{shown} has {len(word)} letters; the {v.name} variant needs at least {need} "
            f"of the {c.penalty} letters in {c.label}."
        )
        return verdict("too_few_letters", why)
    forbidden = c.forbidden().get(word)
    if forbidden:
        return verdict("card_word", f"{shown} is {forbidden}.")

    lex = _lexicon(lexicon)
    if lex.tier(word) is not None:  # any tier, broad included
        why = f"{shown} is valid for {c.label}: {len(word)} of {c.penalty} letters (at least {need} needed)."
        return verdict("ok", why)
    status = _status(lex, word)
    detail = {
        "blocked": f"{shown} is not accepted: it is on parlour's blocklist.",
        "capitalised": f"{shown} is only written with a capital (a name), which is not allowed.",
    }.get(status, f"{shown} is not in the dictionary.")
    close = _close_answers(word, _card_answers(c, v, _index(lex)))
    return verdict("not_in_dictionary", detail, status=status, suggestions=close)


def _status(lex: Lexicon, word: str) -> str:
    """Why a word is not in the lexicon: blocked, capitalised or unknown.

    Prefers the lexicon's cheap predicates; Lexicon.lookup also computes close matches
    (slow for an unknown word), so it is only the fallback."""
    is_blocked = getattr(lex, "is_blocked", None)
    is_capitalised = getattr(lex, "is_capitalised", None)
    if callable(is_blocked) and callable(is_capitalised):
        if is_blocked(word):
            return "blocked"
        return "capitalised" if is_capitalised(word) else "unknown"
    status = lex.lookup(word).status
    return status if status != "ok" else "unknown"


def _one_edit(a: str, b: str) -> bool:
    """True if b is one substitution, insertion, deletion or neighbour swap from a."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


def _close_answers(word: str, answers: list[str], limit: int = 3) -> list[str]:
    """Valid answers for the card one edit from `word` (a likely misspelling), common first."""
    return [a for a in answers if _one_edit(word, a)][:limit]


# --- the referee's key ------------------------------------------------------------------------


def answers(
    face: str, suit: str, variant_name: str = DEFAULT_VARIANT, lexicon: Lexicon | None = None
) -> list[str]:
    """Every valid answer for a card under a variant: words of the print vocabulary first, then
    the rare or unprintable rest; each part common first (zipf desc, then a-z)."""
    c = card(face, suit)
    lex = _lexicon(lexicon)
    printed, rare = split_for_print(_card_answers(c, variant(variant_name), _index(lex)), lex)
    return printed + rare


def split_for_print(
    words: list[str], lexicon: Lexicon, spelling: str = DEFAULT_SPELLING
) -> tuple[list[str], list[str]]:
    """(the words parlour may print under `spelling`, the rest), each keeping the order given: a
    variant spelling the other side uses (theatre in a US key, theater in a UK one) is not shown."""
    allowed = getattr(lexicon, "spelling_allowed", None)
    printed = [w for w in words if lexicon.printable(w) and (allowed is None or allowed(w, spelling))]
    if len(printed) == len(words):
        return printed, []
    keep = set(printed)
    return printed, [w for w in words if w not in keep]


_ANSWERS: dict[tuple[int, Card, str], list[str]] = {}


def _card_answers(c: Card, v: Variant, index: AnagramIndex) -> list[str]:
    """A card's answers under a variant, cached per index (52 cards x 5 variants at most)."""
    key = (id(index), c, v.name)
    hit = _ANSWERS.get(key)
    if hit is None:
        forbidden = c.forbidden()
        found = index.sub_anagrams(c.letters, min_len=v.min_letters(c.penalty))
        hit = _ANSWERS[key] = [w for w in found if w not in forbidden]
    return list(hit)


@dataclass(frozen=True)
class KeyCard:
    """One row of the referee's key: a card, its numbers and its answers, the print vocabulary's
    words first (common first), then the `rare` ones (rare or unprintable: counted on paper,
    never shown; listed, marked, in JSON)."""

    card: Card
    min_letters: int
    answers: list[str]
    rare: tuple[str, ...] = ()
    marked: tuple[str, ...] = ()  # rare answers the key shows, marked, when no everyday one fits

    @property
    def printable(self) -> list[str]:
        """The answers the printed key may show, most common first."""
        return self.answers[: len(self.answers) - len(self.rare)]

    @property
    def shown(self) -> list[str]:
        """What the key may show, in order: the everyday answers, or, when none fits, the marked
        rare one (the mark is the drawing's business)."""
        return self.printable or list(self.marked)

    @property
    def only_rare(self) -> bool:
        """True if the card has answers but none the key may print ("only rare words fit")."""
        return bool(self.answers) and not self.printable

    def to_json(self) -> dict[str, Any]:
        return {
            "words": list(self.card.words),
            "letters": self.card.letters,
            "penalty": self.card.penalty,
            "min_letters": self.min_letters,
            "role": self.card.role,
            "count": len(self.answers),
            "answers": list(self.answers),
            "rare": list(self.rare),
            "marked": list(self.marked),
        }


@dataclass(frozen=True)
class AnswerKey:
    """The referee's key for all 52 cards under one variant, in deck order."""

    variant: Variant
    cards: list[KeyCard]
    spelling: str = DEFAULT_SPELLING  # which variant spellings the key may show (us or uk)

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.name,
            "spelling": self.spelling,
            "rule": self.variant.label,
            "cards": [k.to_json() for k in self.cards],
        }


# Why a rare answer may still be shown (marked) on a card no everyday word fits: it is only
# uncommon (or only in the broad dictionary), never crude, violent, a drug, dated or clipped.
MARKABLE = ("rare", "not standard")
MARK_COUNT = 1  # rare answers shown, marked, on such a card


def pick_marked(
    rare: list[str], lexicon: Lexicon, spelling: str = DEFAULT_SPELLING, count: int = MARK_COUNT
) -> list[str]:
    """The rare answers a key may show, marked, for a card with no everyday answer: words left out
    of print only for rarity (MARKABLE), under `spelling`, never a word kept from examples (a
    misspelling or a drug: `Lexicon.example_ok`); standard-tier words first, then the frequent."""
    allowed = getattr(lexicon, "spelling_allowed", None)
    ok = getattr(lexicon, "example_ok", None)
    fits = [
        w
        for w in rare
        if lexicon.print_reason(w) in MARKABLE
        and (allowed is None or allowed(w, spelling))
        and (ok is None or ok(w))
    ]
    fits.sort(key=lambda w: (lexicon.tier(w) == "broad", -lexicon.zipf(w), w))
    return fits[:count]


_Answers = tuple[list[str], dict[str, list[str]], dict[str, list[str]]]


def _all_answers(v: Variant, lexicon: Lexicon | None) -> list[_Answers]:
    """Every card's answers under `v`, in deck order (see _find_answers). For the packaged lexicon
    they are kept in parlour's cache (building the anagram index, even loading the lexicon, costs
    more than the rest of a key)."""
    if lexicon is not None:
        return _find_answers(v, lexicon)
    from generator.words.lexicon import kept

    return kept(
        "chimera-answers",
        lambda: _find_answers(v, None),
        params=(v.name, REFEREE_TIER),
        encode=_encode_answers,
        decode=_decode_answers,
    )


def _find_answers(v: Variant, lexicon: Lexicon | None) -> list[_Answers]:
    """Every card's answers under `v`, in deck order, with those split_for_print leaves unprinted
    under each spelling and, where none is printed, the rare ones to show marked:
    (answers, {spelling: not printed}, {spelling: marked})."""
    lex = _lexicon(lexicon)
    index = _index(lex)
    got: list[_Answers] = []
    for c in deck():
        answers = _card_answers(c, v, index)
        rare, marked = {}, {}
        for sp in SPELLINGS:
            printed, rare[sp] = split_for_print(answers, lex, sp)
            marked[sp] = [] if printed else pick_marked(rare[sp], lex, sp)
        got.append((answers, rare, marked))
    return got


def _encode_answers(got: list[_Answers]) -> bytes:
    import marshal

    return marshal.dumps(
        [
            (" ".join(a), {sp: " ".join(w) for sp, w in r.items()}, {sp: " ".join(w) for sp, w in m.items()})
            for a, r, m in got
        ]
    )


def _decode_answers(view: memoryview) -> list[_Answers]:
    import marshal

    cards = marshal.loads(view)
    if len(cards) != 52 or not all(set(r) == set(SPELLINGS) == set(m) for _, r, m in cards):
        raise ValueError("not a deck's answers")
    return [
        (a.split(), {sp: w.split() for sp, w in rare.items()}, {sp: w.split() for sp, w in m.items()})
        for a, rare, m in cards
    ]


def answer_key(
    variant_name: str = DEFAULT_VARIANT, lexicon: Lexicon | None = None, spelling: str = DEFAULT_SPELLING
) -> AnswerKey:
    """Answers for all 52 cards under a variant (one anagram index, one lookup pass per card); the
    key shows the print vocabulary's words under `spelling` (us or uk)."""
    if spelling not in SPELLINGS:
        raise ParlourError(f"spelling {spelling!r} is not one of {', '.join(SPELLINGS)}")
    v = variant(variant_name)
    rows = []
    for c, (answers, unprinted, marked) in zip(deck(), _all_answers(v, lexicon), strict=True):
        rare = unprinted[spelling]
        if rare:  # split_for_print's split: the printed words, then the rest, each in order
            keep = set(rare)
            answers = [w for w in answers if w not in keep] + rare
        rows.append(KeyCard(c, v.min_letters(c.penalty), answers, tuple(rare), tuple(marked[spelling])))
    return AnswerKey(v, rows, spelling)


# --- the scoring pad --------------------------------------------------------------------------

MIN_PLAYERS, MAX_PLAYERS = 1, 6  # the rules give a solo game (collect the keys alone)


def reminder(v: Variant) -> tuple[str, ...]:
    """The pad's rules in brief, in parlour's words, with the share of letters `v` asks for."""
    return (
        "Before the first card, settle the order of turns at random (a die, or high card).",
        "Draw a card and say it as two words, face then suit: SIX HEART.",
        f"Within a minute, write one word that uses {v.label} on the card (see the table), "
        "each letter no more often than the card holds it.",
        "The dictionary decides: a word it lacks is wrong. Also wrong: the card's own two words "
        "and their plurals, words that need a capital, contractions, anything already on the list.",
        "Wrong: lose as many life points as the card has letters, and the card goes under the deck.",
        "Right: the card is discarded. Answer an ace of hearts, clubs or diamonds right and keep it as a key.",
        "The ace of spades is the Chimera: answer it right to lose nothing, but it always goes back under the deck.",
        "At 0 life or less you are out and your keys are shuffled back in. Hold all three keys to "
        "win. If every player is out, the game ends with no winner: the Chimera has eaten well.",
    )


@dataclass(frozen=True)
class Pad:
    """One scoring sheet for a game of Chimera's Lair."""

    players: int
    variant: Variant
    life_points: int = LIFE_POINTS
    keys: tuple[str, ...] = tuple(f"ace of {s}s" for s in KEY_SUITS)
    chimera: str = "ace of spades"
    # the turn log's columns; the answers list is one numbered column (no answer may return)
    turn_columns: tuple[str, ...] = ("Turn", "Player", "Card", "Answer", "Right?", "Life lost")

    @property
    def deduction_rows(self) -> int:
        """Room for every deduction a player can survive plus the last: the smallest penalty
        is 7 (ACE/TWO/TEN + CLUB), so at most ceil(50 / 7) = 8 wrong answers end a life."""
        smallest = min(c.penalty for c in deck())
        return -(-self.life_points // smallest)

    @property
    def reminder(self) -> tuple[str, ...]:
        """The rules in brief for this pad's variant."""
        return reminder(self.variant)

    @property
    def player_labels(self) -> list[str]:
        return [f"Player {i}" for i in range(1, self.players + 1)]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["variant"] = self.variant.name
        data["rule"] = self.variant.label
        data["deduction_rows"] = self.deduction_rows
        data["keys"] = list(self.keys)
        data["reminder"] = list(self.reminder)
        data["turn_columns"] = list(self.turn_columns)
        data["player_labels"] = self.player_labels
        return data


def pad(players: int = 4, variant_name: str = DEFAULT_VARIANT) -> Pad:
    """The pad content for 1-6 players under a variant."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ParlourError(
            f"Chimera's Lair pads are for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}"
        )
    return Pad(players, variant(variant_name))
