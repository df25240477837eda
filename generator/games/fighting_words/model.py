"""Fighting Words content: the letter mix, event and reference cards (from a TOML template),
the deck loader, and the deck doctor's statistics (what is printed, never how)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import templates
from generator.errors import ParlourError
from generator.press.fonts import check_drawable
from generator.words.anagram import AnagramIndex
from generator.words.pattern import DEFAULT_TIER, MIN_WORD, points

if TYPE_CHECKING:
    from generator.words.lexicon import Lexicon

__all__ = [
    "TEMPLATE",
    "ALPHABET",
    "VOWELS",
    "RARE",
    "TIMINGS",
    "EVENT_NAMES",
    "HAND_SIZE",
    "DEFAULT_VOWEL_SHARE",
    "DEFAULT_LETTER_CARDS",
    "LETTERS_BEGIN",
    "LETTERS_END",
    "replace_letters",
    "deal_first_turn",
    "EventCard",
    "ReferenceCard",
    "Deck",
    "LetterStrand",
    "DeckStats",
    "apportion",
    "letter_weights",
    "derive_letter_mix",
    "letters_toml",
    "load_deck",
    "scale",
    "scoring_table",
    "stats",
]

TEMPLATE_NAME = "fighting_words.toml"
TEMPLATE = templates.packaged_path(TEMPLATE_NAME)  # the packaged copy; load_deck honours --templates
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
VOWELS = "aeiou"
RARE = "jkqxz"  # the deck always holds at least one of each
DEFAULT_VOWEL_SHARE = 0.42  # "about 40 %": 0.42 clears the deck doctor's 95 % with room
DEFAULT_LETTER_CARDS = 94  # + 14 events = 108 cards = 12 sheets of nine
HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MIN_DECK, MAX_DECK = 2 * HAND_SIZE + 1, 1000
TIMINGS = {
    "immediate": "Play at once when drawn",
    "keep": "Keep until you need it",
}
EVENT_NAMES = (
    "Backspace",
    "Reversal",
    "Tip of My Tongue",
    "How Do You Say\u2026?",
    "Trash Talk",
    "That'll Work",
    "Spelling Bee Sting",
    "Editor",
)
MAX_EVENT_TEXT = 200  # characters: what fits a poker card at a readable size
MAX_EVENT_NAME = 40
MAX_EVENTS = 40  # kinds of event card (the packaged deck has 6)
MAX_REFERENCE = 12  # reference cards (4)
MAX_REFERENCE_LINES = 40  # lines of one reference card (at most 6): more go over several cards


# --- content model ----------------------------------------------------------------------------


@dataclass(frozen=True)
class EventCard:
    """An event card: its name, how many are in the deck, when it is played, what it does."""

    name: str
    count: int
    timing: str  # "immediate" | "keep"
    text: str

    @property
    def timing_label(self) -> str:
        """The mark printed on the card: play at once, or keep until needed."""
        return TIMINGS[self.timing]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "count": self.count, "timing": self.timing, "text": self.text}


@dataclass(frozen=True)
class ReferenceCard:
    """A rules reminder card: a title, short lines, and an optional two-column table."""

    title: str
    lines: tuple[str, ...]
    table: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title, "lines": list(self.lines)}
        if self.table:
            out["table"] = [list(row) for row in self.table]
        return out


@dataclass(frozen=True)
class Deck:
    """A Fighting Words deck: letter counts, event cards and reference cards."""

    letters: dict[str, int]
    events: tuple[EventCard, ...]
    reference: tuple[ReferenceCard, ...] = ()
    source: str = "default"

    @property
    def letter_total(self) -> int:
        return sum(self.letters.values())

    @property
    def event_total(self) -> int:
        return sum(e.count for e in self.events)

    @property
    def size(self) -> int:
        """Cards that are shuffled together: letters and events (reference cards stay out)."""
        return self.letter_total + self.event_total

    @property
    def vowel_share(self) -> float:
        return sum(self.letters.get(v, 0) for v in VOWELS) / max(1, self.letter_total)

    def cards(self) -> list[str | EventCard]:
        """Every card of the draw deck, once per copy: letters a-z (as strings), then events."""
        out: list[str | EventCard] = [c for c in ALPHABET for _ in range(self.letters.get(c, 0))]
        for e in self.events:
            out.extend([e] * e.count)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "letters": {c: self.letters[c] for c in ALPHABET if c in self.letters},
            "events": [e.to_json() for e in self.events],
            "reference": [r.to_json() for r in self.reference],
            "size": self.size,
            "source": self.source,
        }


def scoring_table(longest: int = 12) -> list[tuple[int, int]]:
    """(word length, points) from 4 letters up to `longest`."""
    return [(n, points("x" * n)) for n in range(MIN_WORD, longest + 1)]


# --- deriving the letter mix ------------------------------------------------------------------


def letter_weights(words: list[str], vowel_share: float = DEFAULT_VOWEL_SHARE) -> dict[str, float]:
    """Each letter's share of all letters in `words` (each word counted once), then rescaled so
    the vowels a e i o u make up `vowel_share` and the consonants the rest, each group keeping
    its own internal proportions."""
    counts = Counter("".join(words))
    vowels = sum(counts[c] for c in VOWELS)
    consonants = sum(counts[c] for c in ALPHABET if c not in VOWELS)
    if not vowels or not consonants:
        raise ParlourError("the word list needs both vowels and consonants to derive a letter mix")
    out: dict[str, float] = {}
    for c in ALPHABET:
        if c in VOWELS:
            out[c] = vowel_share * counts[c] / vowels
        else:
            out[c] = (1 - vowel_share) * counts[c] / consonants
    return out


def apportion(weights: dict[str, float], total: int, minimum: int = 1) -> dict[str, int]:
    """Split `total` cards in proportion to `weights` (largest remainder), giving every key with
    a positive weight at least `minimum`; ties broken alphabetically, so the result is stable."""
    keys = sorted(k for k, w in weights.items() if w > 0)
    if not keys:
        return {}
    if total < minimum * len(keys):
        raise ParlourError(
            f"{total} cards cannot hold {minimum} of each of {len(keys)} kinds: use a bigger deck"
        )
    whole = sum(weights[k] for k in keys)
    quota = {k: total * weights[k] / whole for k in keys}
    counts = {k: max(minimum, int(quota[k])) for k in keys}
    while sum(counts.values()) < total:
        k = max(keys, key=lambda k: (quota[k] - counts[k], -keys.index(k)))
        counts[k] += 1
    while sum(counts.values()) > total:
        k = min((k for k in keys if counts[k] > minimum), key=lambda k: (quota[k] - counts[k], k))
        counts[k] -= 1
    return counts


def derive_letter_mix(
    letter_cards: int,
    lexicon: Lexicon | None = None,
    vowel_share: float = DEFAULT_VOWEL_SHARE,
    tier: str = DEFAULT_TIER,
) -> dict[str, int]:
    """The default letter mix: letter counts over the lexicon's 4+ letter words of `tier`,
    vowels lifted to `vowel_share`, apportioned to `letter_cards` cards, at least one of every
    letter (so J, K, Q, X and Z are always there)."""
    lex = _lexicon(lexicon)
    words = [w for w in lex.words(tier=tier) if len(w) >= MIN_WORD]
    return apportion(letter_weights(words, vowel_share), letter_cards, minimum=1)


LETTERS_BEGIN = "# --- letters: BEGIN"
LETTERS_END = "# --- letters: END ---"


def letters_toml(mix: dict[str, int]) -> str:
    """The [letters] table as TOML text, a to z, one letter a line."""
    body = "\n".join(f"{c} = {mix[c]}" for c in ALPHABET if c in mix)
    return f"[letters]\n{body}\n"


def replace_letters(toml_text: str, mix: dict[str, int]) -> str:
    """`toml_text` with the lines between the letters BEGIN/END markers replaced by `mix`."""
    lines = toml_text.splitlines(keepends=True)
    try:
        start = next(i for i, s in enumerate(lines) if s.startswith(LETTERS_BEGIN))
        end = next(i for i, s in enumerate(lines) if s.startswith(LETTERS_END))
    except StopIteration:
        raise ParlourError(f"the template lacks the {LETTERS_BEGIN!r} / END markers") from None
    return "".join(lines[: start + 1]) + letters_toml(mix) + "".join(lines[end:])


# --- loading and scaling ----------------------------------------------------------------------


def _fail(where: str, what: str) -> ParlourError:
    return ParlourError(f"{where}: {what}")


def _count(where: str, value: Any) -> int:
    from generator.press import fields

    return fields.count(value, f"{where}: count", 0, MAX_DECK)


def _parse_letters(where: str, table: Any) -> dict[str, int]:
    if not isinstance(table, dict):
        raise _fail(where, "[letters] must be a table of letter = count")
    out: dict[str, int] = {}
    for key, value in table.items():
        c = str(key).strip().lower()
        if len(c) != 1 or c not in ALPHABET:
            raise _fail(where, f"[letters] key {key!r} is not a single letter a-z")
        if c in out:
            raise _fail(where, f"[letters] gives {c.upper()} twice")
        out[c] = _count(f"{where}: letter {c.upper()}", value)
    if sum(out.values()) == 0:
        raise _fail(where, "[letters] has no cards")
    if not any(out.get(v) for v in VOWELS):
        raise _fail(where, "[letters] has no vowels (A E I O U): no word could be made")
    return {c: out[c] for c in ALPHABET if c in out}


_EVENT_KEYS = {"name", "count", "timing", "text"}


def _parse_events(where: str, items: Any) -> tuple[EventCard, ...]:
    from generator.press import fields

    if not isinstance(items, list):
        raise _fail(where, "events must be [[events]] tables")
    if len(items) > MAX_EVENTS:
        raise _fail(where, f"{len(items):,} [[events]]; keep it to {MAX_EVENTS}")
    seen: set[str] = set()
    out = []
    for n, item in enumerate(items, 1):
        at = f"{where}: event {n}"
        if not isinstance(item, dict):
            raise _fail(at, "must be a table with name, count, timing and text")
        extra = set(item) - _EVENT_KEYS
        missing = _EVENT_KEYS - set(item)
        if extra:
            raise _fail(at, f"unknown key(s) {', '.join(sorted(extra))}")
        if missing:
            raise _fail(at, f"missing {', '.join(sorted(missing))}")
        name, timing, text = item["name"], item["timing"], item["text"]
        if not isinstance(name, str) or not name.strip():
            raise _fail(at, "name must be non-empty text")
        if name.strip().lower() in seen:
            raise _fail(at, f"{name!r} appears twice")
        seen.add(name.strip().lower())
        timing = fields.one_of(timing, f"{at} ({name.strip()}): timing", tuple(TIMINGS))
        fields.text(name, f"{at}: name", limit=MAX_EVENT_NAME)
        if not isinstance(text, str) or not text.strip():
            raise _fail(at, f"{name}: text must be non-empty")
        check_drawable(name + " " + text, f"{at} ({name.strip()})")
        text = " ".join(text.split())
        if len(text) > MAX_EVENT_TEXT:
            raise _fail(at, f"{name}: text is {len(text)} characters; keep it to {MAX_EVENT_TEXT}")
        out.append(EventCard(name.strip(), _count(f"{at} ({name})", item["count"]), timing, text))
    return tuple(out)


def _parse_reference(where: str, items: Any) -> tuple[ReferenceCard, ...]:
    from generator.press import fields

    if not isinstance(items, list):
        raise _fail(where, "reference cards must be [[reference]] tables")

    def card(item: object, at: str) -> ReferenceCard:
        if not isinstance(item, dict) or not isinstance(item.get("title"), str):
            raise _fail(at, "needs a title")
        extra = set(item) - {"title", "lines", "table"}
        if extra:
            raise _fail(at, f"unknown key(s) {', '.join(sorted(extra))}")
        at = f"{at} ({item['title'].strip()[:30]})"
        title = fields.text(item["title"], f"{at}: title", limit=80)
        lines = fields.texts(
            item.get("lines", []), f"{at}: lines", fewest=0, most=MAX_REFERENCE_LINES, limit=MAX_EVENT_TEXT
        )
        table = fields.items(
            item.get("table", []),
            f"{at}: table ([left, right] text pairs)",
            lambda v, w: fields.pair(v, w, lambda x, xw: fields.text(x, xw, limit=80)),
            fewest=0,
            most=MAX_REFERENCE_LINES,
        )
        return ReferenceCard(title, lines, table)

    return fields.items(
        items, f"{where}: [[reference]]", lambda v, w: card(v, w), fewest=0, most=MAX_REFERENCE
    )


def _parse(where: str, data: dict[str, Any], base: Deck | None) -> Deck:
    extra = set(data) - {"letters", "events", "reference"}
    if extra:
        raise _fail(where, f"unknown table(s) {', '.join(sorted(extra))}")
    if "letters" not in data:
        raise _fail(where, "no [letters] table (letter = count, one a line)")
    letters = _parse_letters(where, data["letters"])
    if "events" in data:
        events = _parse_events(where, data["events"])
    elif base is not None:
        events = base.events
    else:
        raise _fail(where, "no [[events]] tables")
    if "reference" in data:
        reference = _parse_reference(where, data["reference"])
    else:
        reference = base.reference if base is not None else ()
    deck = Deck(letters, events, reference, source=where)
    if deck.size > MAX_DECK:
        raise _fail(
            where, f"{deck.size:,} cards is too many: a deck holds at most {MAX_DECK} (as --deck-size)"
        )
    if deck.size < MIN_DECK:
        raise _fail(where, f"{deck.size} cards is too few: two hands of 7 need at least {MIN_DECK}")
    return deck


def load_deck(path: str | Path | None = None, deck_size: int | None = None) -> Deck:
    """The deck from templates/fighting_words.toml, or from a user's TOML file (its [letters] are
    required; [[events]] and [[reference]] it leaves out come from the template), optionally
    scaled to `deck_size` cards."""
    data, where = templates.read_toml(TEMPLATE_NAME)  # parlour's one reader of TOML files
    default = _parse(where, data, None)
    deck = default
    if path is not None:
        p = Path(path)
        deck = _parse(str(p), templates.read_toml_file(p, "--letters file"), default)
    if deck_size is not None:
        deck = scale(deck, deck_size)
    return deck


def scale(deck: Deck, size: int) -> Deck:
    """The same deck at `size` cards: letters and events keep their proportions (largest
    remainder); every letter and event present keeps at least one copy."""
    if isinstance(size, bool) or not isinstance(size, int):
        raise ParlourError(f"deck size must be a whole number, got {size!r}")
    kinds = sum(1 for n in deck.letters.values() if n) + sum(1 for e in deck.events if e.count)
    low = max(MIN_DECK, kinds)
    if not low <= size <= MAX_DECK:
        raise ParlourError(f"deck size must be between {low} and {MAX_DECK} cards, got {size}")
    event_weight = {e.name: float(e.count) for e in deck.events}
    events_now = deck.event_total
    event_kinds = sum(1 for e in deck.events if e.count)
    n_events = round(size * events_now / deck.size) if deck.size else 0
    n_events = max(event_kinds, n_events) if events_now else 0
    n_letters = size - n_events
    letters = apportion({c: float(n) for c, n in deck.letters.items()}, n_letters)
    ev = apportion(event_weight, n_events) if n_events else {}
    events = tuple(EventCard(e.name, ev.get(e.name, 0), e.timing, e.text) for e in deck.events)
    return Deck(letters, events, deck.reference, source=f"{deck.source} scaled to {size}")


# --- the deck doctor --------------------------------------------------------------------------


@dataclass(frozen=True)
class LetterStrand:
    """How often a letter card was dealt and how often no word in its hand could use it."""

    letter: str
    dealt: int
    stranded: int

    @property
    def rate(self) -> float:
        return self.stranded / self.dealt if self.dealt else 0.0


@dataclass(frozen=True)
class DeckStats:
    """What simulated deals say about a deck (see `stats` for the definitions)."""

    deals: int
    seed: int
    playable: int  # first turns (7 dealt + the draw) that can play a 4+ letter word
    mean_points: float
    mean_best_points: float
    letters: list[LetterStrand] = field(default_factory=list)
    dealt_playable: int = 0  # hands of the 7 dealt cards alone that can spell a 4+ letter word

    @property
    def playable_share(self) -> float:
        """Share of first turns (the 7 dealt cards plus the draw) able to play: the deck's target."""
        return self.playable / self.deals if self.deals else 0.0

    @property
    def dealt_share(self) -> float:
        """Share of 7-card hands, as dealt and before any draw, that can spell a word on their own."""
        return self.dealt_playable / self.deals if self.deals else 0.0

    def stranding(self, top: int = 5) -> list[LetterStrand]:
        """The letters that most often strand a player, worst first."""
        seen = [s for s in self.letters if s.dealt]
        return sorted(seen, key=lambda s: (-s.rate, s.letter))[:top]

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            "seed": self.seed,
            "playable_share": round(self.playable_share, 4),
            "dealt_playable_share": round(self.dealt_share, 4),
            "mean_points": round(self.mean_points, 4),
            "mean_best_points": round(self.mean_best_points, 4),
            "stranding": [
                {"letter": s.letter, "dealt": s.dealt, "stranded": s.stranded, "rate": s.rate}
                for s in self.stranding(len(self.letters))
            ],
        }


_STATS_INDEXES: dict[int, tuple[Any, AnagramIndex]] = {}


def _word_index(lexicon: Lexicon) -> AnagramIndex:
    hit = _STATS_INDEXES.get(id(lexicon))
    if hit is None or hit[0] is not lexicon:
        words = [w for w in lexicon.words(tier=DEFAULT_TIER) if len(w) >= MIN_WORD]
        hit = (lexicon, AnagramIndex(words, lexicon.zipf))
        _STATS_INDEXES[id(lexicon)] = hit
    return hit[1]


def deal_first_turn(deck: Deck, rng: random.Random) -> tuple[list[str | EventCard], str]:
    """One player's first turn: seven cards dealt (an immediate event dealt goes back into the
    pile and is replaced, as the rules say), then the card every turn starts by drawing.
    Returns (the seven dealt cards, the letters held after the draw)."""
    pile = deck.cards()
    rng.shuffle(pile)
    hand: list[str | EventCard] = []
    returned: list[str | EventCard] = []
    while len(hand) < HAND_SIZE and pile:
        card = pile.pop()
        if isinstance(card, EventCard) and card.timing == "immediate":
            returned.append(card)
        else:
            hand.append(card)
    pile.extend(returned)
    drawn = pile[rng.randrange(len(pile))] if pile else None
    held = [c for c in hand if isinstance(c, str)]
    if isinstance(drawn, str):
        held.append(drawn)
    return hand, "".join(held)


def stats(
    deck: Deck,
    deals: int = 2000,
    seed: int = 0,
    lexicon: Lexicon | None = None,
    progress: Callable[[int], None] | None = None,
) -> DeckStats:
    """Simulate `deals` first turns and measure the deck.

    - A 7-card hand *can spell a word on its own* when the letters among the seven dealt cards
      alone do the same (no draw yet). Reported beside the first-turn figure, which is the
      deck's target: pure 7-card hands top out near 92 % even with Scrabble's letter mix.
    - A hand *can play* when the letters a player holds on their first turn (the seven cards
      dealt plus the card drawn to start the turn; event cards hold no letter) include every
      letter of at least one word of 4+ letters in the default lexicon, each letter used no
      more often than held: the player could start that word and grow it to a scoring word
      on their own. Other players' letters only make it easier.
    - Mean points: for each playable hand, the mean points of all the words it can make; then
      the mean over hands. Best points: the same with each hand's highest-scoring word.
    - A letter card *strands* its player when no word the hand can make uses it (for a
      repeated letter, copies beyond the most any such word uses are stranded).
    """
    if deals <= 0:
        raise ParlourError(f"deals must be at least 1, got {deals}")
    lex = _lexicon(lexicon)
    index = _word_index(lex)
    rng = random.Random(seed)
    playable = dealt_playable = 0
    mean_sum = best_sum = 0.0
    dealt: Counter[str] = Counter()
    stranded: Counter[str] = Counter()
    step = max(1, deals // 200)
    for i in range(deals):
        if progress is not None and i and i % step == 0:
            progress(step)  # `progress(n)`: n more deals done (a progress bar's update)
        hand, held = deal_first_turn(deck, rng)
        have = Counter(held)
        dealt.update(have)
        words = index.sub_anagrams(held, min_len=MIN_WORD) if len(held) >= MIN_WORD else []
        if not words:
            stranded.update(have)
            continue
        playable += 1
        seven = Counter(c for c in hand if isinstance(c, str))
        if any(Counter(w) <= seven for w in words):  # the draw was not needed
            dealt_playable += 1
        scores = [points(w) for w in words]
        mean_sum += sum(scores) / len(scores)
        best_sum += max(scores)
        used: Counter[str] = Counter()
        for w in words:
            used |= Counter(w)
        for c, n in have.items():
            stranded[c] += max(0, n - used[c])
    if progress is not None:
        progress(deals - (deals - 1) // step * step)
    letters = [LetterStrand(c, dealt[c], stranded[c]) for c in ALPHABET if dealt[c]]
    return DeckStats(
        deals=deals,
        seed=seed,
        playable=playable,
        mean_points=mean_sum / playable if playable else 0.0,
        mean_best_points=best_sum / playable if playable else 0.0,
        letters=letters,
        dealt_playable=dealt_playable,
    )


def _lexicon(lexicon: Lexicon | None) -> Lexicon:
    if lexicon is not None:
        return lexicon
    from generator.words.lexicon import load

    return load()
