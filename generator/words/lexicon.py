"""The packaged word list: word -> (tier, zipf), the blocklist, and why-not lookups."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from generator.words.spelling import DEFAULT_SPELLING as DEFAULT_SPELLING
from generator.words.spelling import SPELLINGS as SPELLINGS

TIERS = ("common", "standard", "broad")  # narrowest first
DEFAULT_TIER = "standard"
PRINT_TIER = "print"  # not a rung of TIERS: the vetted words parlour may print (see printable)
EXTRA_SECTIONS = ("print", "noprint", "spelling", "variants", "familiar")
COMMON_ZIPF = 3.0
# A word of everyday use, for keys: familiar to children (the '@familiar' mark) or at least this
# frequent (five a million words: slots, coil, foil; not moot 3.23, ions 3.52, rouge 3.66).
EVERYDAY_ZIPF = 3.7
MAX_SUGGESTIONS = 5
DISTANCE2_MAX_LEN = 6  # distance-2 suggestions are tried for words up to this long

DATA_FILE = "lexicon.txt"
BLOCKLIST_FILE = "blocklist.txt"
NOEXAMPLE_FILE = "noexample.txt"  # never shown as an example (scripts/build_noexample.py)

_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
_RANK = {tier: i for i, tier in enumerate(TIERS)}


@dataclass(frozen=True)
class Entry:
    """One lexicon word: its narrowest tier and its wordfreq zipf frequency."""

    word: str
    tier: str
    zipf: float


@dataclass(frozen=True)
class Lookup:
    """Why a word is or isn't in the lexicon, with close matches when it isn't."""

    word: str
    status: str  # "ok" | "blocked" | "capitalised" | "unknown"
    entry: Entry | None
    suggestions: list[str]


class Vocabulary:
    """The print vocabulary and spelling data that ride along with the tiers."""

    def __init__(
        self,
        printable: frozenset[str] | None,
        noprint: dict[str, str],
        spelling: dict[str, str],
        variants: list[tuple[str, ...]],
        familiar: frozenset[str] | None = None,
    ) -> None:
        self.printable = printable  # None: every standard-tier word
        self.familiar = familiar  # None: no familiar mark (no word is marked familiar)
        self.noprint = noprint  # word -> category, for standard words the vetting removed
        self.spelling = spelling  # word -> "us" | "uk" (absent: "both")
        self.groups = {g[0]: g for g in variants if g}
        self.canonical = {w: g[0] for g in variants for w in g}


def _check_tier(tier: str) -> int:
    try:
        return _RANK[tier]
    except KeyError:
        raise ValueError(f"unknown tier {tier!r}: use one of {', '.join(TIERS)}") from None


def _drop(table: dict[str, float], blocked: frozenset[str]) -> None:
    for word in [w for w in blocked if w in table]:
        del table[word]


class Lexicon:
    """Words in three nested tiers (common within standard within broad), with zipf scores.

    Methods other than ``lookup`` and ``suggest`` expect lowercase words, as stored.
    """

    def __init__(
        self,
        standard: dict[str, float],
        common: Iterable[str],
        broad: dict[str, float],
        blocked: Iterable[str] = (),
        capitalised: Iterable[str] = (),
        *,
        deferred: str | None = None,
        vocabulary: Vocabulary | None = None,
        deferred_vocabulary: str | None = None,
    ) -> None:
        """Wrap the parsed tiers; prefer ``from_entries`` or ``load``.

        ``standard`` maps every standard-tier word (common ones included) to its zipf,
        ``common`` names the common ones, ``broad`` maps the broad-only words to theirs.
        ``deferred`` is data-file text holding only broad and capitalised sections, parsed
        the first time something needs them. Blocked words are dropped from every tier
        whatever the data says. The dicts passed in are kept and may be changed.
        ``vocabulary`` holds the print vocabulary and spelling data; without it every
        standard-tier word is printable and every spelling is "both".
        """
        self._vocab_data = vocabulary
        self._vocab_text = deferred_vocabulary  # the extra sections, parsed on first use
        self._blocked = frozenset(blocked)
        _drop(standard, self._blocked)
        _drop(broad, self._blocked)
        self._std = standard
        self._broad_table = broad
        self._common = frozenset(common) - self._blocked
        self._capitalised_set = frozenset(capitalised) - self._blocked
        self._deferred = deferred
        self._words_cache: dict[tuple[str, int | None], tuple[str, ...]] = {}
        self._by_length: dict[str, dict[int, list[str]]] = {}  # tier -> length -> words, unsorted

    @property
    def _vocab(self) -> Vocabulary | None:
        if self._vocab_text is not None:
            extras: dict[str, list[str]] = {}
            parse_data(self._vocab_text, extras)
            self._vocab_text = None
            self._vocab_data = vocabulary_from(extras)
        return self._vocab_data

    def _undefer(self) -> None:
        """Parse the deferred broad and capitalised sections, once."""
        text, self._deferred = self._deferred, None
        if text is None:
            return
        standard, common, broad, capitalised, _ = parse_data(text)
        if standard or common:
            raise ValueError("lexicon data: standard sections must come before broad ones")
        _drop(broad, self._blocked)
        self._broad_table.update(broad)
        self._capitalised_set |= frozenset(capitalised) - self._blocked

    @property
    def _broad(self) -> dict[str, float]:
        if self._deferred is not None:
            self._undefer()
        return self._broad_table

    @property
    def _capitalised(self) -> frozenset[str]:
        if self._deferred is not None:
            self._undefer()
        return self._capitalised_set

    @classmethod
    def from_entries(
        cls,
        entries: Iterable[Entry],
        blocked: Iterable[str] = (),
        capitalised: Iterable[str] = (),
        *,
        printable: Iterable[str] | None = None,
        noprint: Mapping[str, str] | None = None,
        spelling: Mapping[str, str] | None = None,
        variants: Iterable[Iterable[str]] = (),
        familiar: Iterable[str] | None = None,
    ) -> Lexicon:
        """Build a lexicon from entries (for tests and small fixtures).

        ``printable`` names the print vocabulary (None: every standard-tier word);
        ``noprint`` maps unprintable words to a reason; ``spelling`` maps words to "us" or
        "uk" (others are "both"); ``variants`` are groups of spellings of one word, the
        canonical spelling first; ``familiar`` names the words a child knows (None: no mark)."""
        entries = list(entries)
        vocab = None
        if printable is not None or noprint or spelling or variants or familiar is not None:
            vocab = Vocabulary(
                None if printable is None else frozenset(printable),
                dict(noprint or {}),
                dict(spelling or {}),
                [tuple(g) for g in variants],
                None if familiar is None else frozenset(familiar),
            )
        standard: dict[str, float] = {}
        broad: dict[str, float] = {}
        common: set[str] = set()
        for e in entries:
            _check_tier(e.tier)
            (broad if e.tier == "broad" else standard)[e.word] = float(e.zipf)
            if e.tier == "common":
                common.add(e.word)
        return cls(standard, common, broad, blocked, capitalised, vocabulary=vocab)

    def __contains__(self, word: object) -> bool:
        """True if the word is in the default ("standard") tier or narrower."""
        return word in self._std

    def __len__(self) -> int:
        """Number of words in all tiers, broad included."""
        return len(self._std) + len(self._broad)

    def get(self, word: str) -> Entry | None:
        """Return the word's entry from any tier, broad included, or None."""
        tier = self.tier(word)
        if tier is None:
            return None
        return Entry(word, tier, self.zipf(word))

    def zipf(self, word: str) -> float:
        """Return the word's zipf frequency, or 0.0 if it is not in any tier."""
        found = self._std.get(word)
        if found is None:
            found = self._broad.get(word, 0.0)
        return found

    def tier(self, word: str) -> str | None:
        """Return the word's narrowest tier, or None."""
        if word in self._std:
            return "common" if word in self._common else "standard"
        if word in self._broad:
            return "broad"
        return None

    def in_tier(self, word: str, tier: str = DEFAULT_TIER) -> bool:
        """True if the word is in the given tier or a narrower one ("print": printable)."""
        if tier == PRINT_TIER:
            return self.printable(word)
        rank = _check_tier(tier)
        if rank == 0:
            return word in self._common
        return word in self._std or (rank == 2 and word in self._broad)

    def is_blocked(self, word: str) -> bool:
        """True if the word is on the blocklist."""
        return word in self._blocked

    def is_capitalised(self, word: str) -> bool:
        """True if the word exists only with a capital (a name), so it is not a word here."""
        return word.lower() in self._capitalised

    def words(self, tier: str = DEFAULT_TIER, length: int | None = None) -> list[str]:
        """Return the sorted words of the tier and narrower tiers, optionally of one length."""
        key = (tier, length)
        cached = self._words_cache.get(key)
        if cached is None:
            if length is None:
                cached = tuple(sorted(self._pool(tier)))
            else:  # one pass over the tier sorts its words by length for every later call
                buckets = self._by_length.get(tier)
                if buckets is None:
                    buckets = self._by_length[tier] = {}
                    for w in self._pool(tier):
                        buckets.setdefault(len(w), []).append(w)
                cached = tuple(sorted(buckets.get(length, ())))
            self._words_cache[key] = cached
        return list(cached)

    def _pool(self, tier: str) -> Iterable[str]:
        """The words of the tier and narrower tiers, in no order."""
        rank = -1 if tier == PRINT_TIER else _check_tier(tier)
        if rank == -1:
            return [w for w in self._std if self.printable(w)]
        if rank == 0:
            return self._common
        if rank == 1:
            return self._std
        return [*self._std, *self._broad]

    # -- the print vocabulary and spellings ------------------------------------------------

    def printable(self, word: str) -> bool:
        """True if parlour may print the word: a standard-tier word the build's vetting kept
        (see the policy at the top of data/lexicon.txt)."""
        if word not in self._std:
            return False
        vocab = self._vocab
        return vocab is None or vocab.printable is None or word in vocab.printable

    def familiar(self, word: str) -> bool:
        """True if a child knows the word: a standard-tier word on the Dale-Chall list or
        parlour's familiar supplement, or a regular form of one (the '@familiar' section; a
        lexicon without that section marks no word familiar, so nothing changes for it)."""
        if word not in self._std:
            return False
        vocab = self._vocab
        return vocab is not None and vocab.familiar is not None and word in vocab.familiar

    def everyday(self, word: str) -> bool:
        """True if the word is in everyday use, so a key may hold it where a child follows the
        chain: familiar (see familiar) or at least EVERYDAY_ZIPF frequent (moot, ions, fells,
        leach, rouge and sine are neither)."""
        return self.familiar(word) or (word in self._std and self._std[word] >= EVERYDAY_ZIPF)

    def print_reason(self, word: str) -> str | None:
        """None if the word is printable, else why not: a vetting category ("sexual",
        "violence", "rare", ...), "not standard" for broad-tier words, or the lookup status
        ("blocked", "capitalised", "unknown")."""
        word = word.strip().lower()
        if self.printable(word):
            return None
        if word not in self._std:
            if word in self._broad:
                return "not standard"
            return self.lookup(word).status
        vocab = self._vocab
        assert vocab is not None
        return vocab.noprint.get(word, "rare")

    def example_ok(self, word: str) -> bool:
        """False for a word parlour never shows as an example though referees accept it: a drug
        or a likely misspelling of the broad list (data/noexample.txt)."""
        return word not in noexample()

    def spelling_of(self, word: str) -> str:
        """Return "us" or "uk" if only that side uses this spelling, else "both"."""
        vocab = self._vocab
        return "both" if vocab is None else vocab.spelling.get(word, "both")

    def spelling_allowed(self, word: str, spelling: str = DEFAULT_SPELLING) -> bool:
        """True if the word may be printed under the spelling "us" or "uk"."""
        if spelling not in SPELLINGS:
            raise ValueError(f"unknown spelling {spelling!r}: use one of {', '.join(SPELLINGS)}")
        return self.spelling_of(word) in ("both", spelling)

    def spelling_key(self, word: str) -> str:
        """The canonical spelling of the word's group (the word itself if it has no variant
        spellings): two words with the same key are spellings of one word, so one printed
        chain must not hold both (tire/tyre, gray/grey, colour/color)."""
        vocab = self._vocab
        return word if vocab is None else vocab.canonical.get(word, word)

    def variants_of(self, word: str) -> tuple[str, ...]:
        """Every spelling of the word's group, canonical first ((word,) if none)."""
        vocab = self._vocab
        if vocab is None:
            return (word,)
        return vocab.groups.get(vocab.canonical.get(word, word), (word,))

    def print_counts(self) -> dict[str, int]:
        """Standard-tier words NOT printable, per reason (the build's vetting categories)."""
        out: dict[str, int] = {}
        for w in self._std:
            reason = self.print_reason(w)
            if reason is not None:
                out[reason] = out.get(reason, 0) + 1
        return out

    def counts(self) -> dict[str, int]:
        """Return the number of words whose narrowest tier is each tier."""
        return {
            "common": len(self._common),
            "standard": len(self._std) - len(self._common),
            "broad": len(self._broad),
        }

    def lookup(self, word: str) -> Lookup:
        """Say whether the (lowercased) word is here, and if not why not and what is close."""
        word = word.strip().lower()
        entry = self.get(word)
        if entry is not None:
            return Lookup(word, "ok", entry, [])
        if word in self._blocked:
            status = "blocked"
        elif word in self._capitalised:
            status = "capitalised"
        else:
            status = "unknown"
        return Lookup(word, status, None, self.suggest(word))

    def suggest(self, word: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
        """Return up to ``limit`` standard-tier words one edit away (two for short words).

        An edit is a substitution, insertion, deletion or swap of neighbours; the most
        frequent words come first.
        """
        word = word.strip().lower()
        if not word:
            return []
        std = self._std
        near = _edits1(word)
        found = {w for w in near if w in std}
        found.discard(word)
        if not found and len(word) <= DISTANCE2_MAX_LEN:
            found = {w2 for w1 in near for w2 in _edits1(w1) if w2 in std}
            found.discard(word)
        return sorted(found, key=lambda w: (-std[w], w))[:limit]


def _edits1(word: str) -> set[str]:
    """All strings one substitution, insertion, deletion or transposition from ``word``."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = [a + b[1:] for a, b in splits if b]
    swaps = [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
    subs = [a + c + b[1:] for a, b in splits if b for c in _ALPHABET]
    inserts = [a + c + b for a, b in splits for c in _ALPHABET]
    return set(deletes + swaps + subs + inserts)


def parse_blocklist(text: str) -> set[str]:
    """Return the words of a blocklist: one per line, '#' starts a comment, lowercased."""
    words = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip().lower()
        if line:
            words.add(line)
    return words


def format_data(
    header: Iterable[str],
    tiers: Mapping[str, Iterable[str]],
    zipf: Mapping[str, float],
    capitalised: Iterable[str],
    extras: Mapping[str, Iterable[str]] | None = None,
) -> str:
    """Render the data file: '#' header, '@tier zipf' sections, then '@capitalised'.

    ``extras`` (section line without '@' -> words, e.g. "print", "noprint sexual",
    "spelling uk", "variants") are written, in the order given, after the standard
    sections and before the broad ones, so that load() reads them with the standard tier."""
    out = [("# " + line).rstrip() for line in header]
    for tier in TIERS:
        if tier == "broad":
            for section, words in (extras or {}).items():
                out.append(f"@{section}")
                out.append(" ".join(words))
        groups: dict[str, list[str]] = {}
        for w in tiers.get(tier, ()):
            groups.setdefault(f"{zipf[w]:.2f}", []).append(w)
        for z in sorted(groups, key=float, reverse=True):
            out.append(f"@{tier} {z}")
            out.append(" ".join(sorted(groups[z])))
    out.append("@capitalised")
    out.append(" ".join(sorted(capitalised)))
    return "\n".join(out) + "\n"


def parse_data(
    text: str,
    extras: dict[str, list[str]] | None = None,
) -> tuple[dict[str, float], list[str], dict[str, float], list[str], list[str]]:
    """Parse the data file into (standard word -> zipf, common words, broad word -> zipf,
    capitalised words, header lines). The print-vocabulary and spelling sections ('@print',
    '@noprint CATEGORY', '@spelling SIDE', '@variants') go into ``extras`` if given, keyed
    by the section line without its '@'."""
    standard: dict[str, float] = {}
    broad: dict[str, float] = {}
    common: list[str] = []
    capitalised: list[str] = []
    header: list[str] = []
    lines = text.split("\n")
    n = len(lines)
    i = 0
    while i < n:
        line = lines[i]
        if line.startswith("@"):
            words = lines[i + 1].split() if i + 1 < n else []
            i += 2
            name, _, value = line[1:].partition(" ")
            if name == "common":
                common += words
                standard.update(dict.fromkeys(words, float(value)))
            elif name == "standard":
                standard.update(dict.fromkeys(words, float(value)))
            elif name == "broad":
                broad.update(dict.fromkeys(words, float(value)))
            elif name == "capitalised":
                capitalised += words
            elif name in EXTRA_SECTIONS:
                if extras is not None:
                    extras.setdefault(line[1:], []).extend(words)
            else:
                raise ValueError(f"lexicon data: unknown section {line!r}")
            continue
        if line.startswith("#"):
            header.append(line[2:] if line.startswith("# ") else line[1:])
        i += 1
    return standard, common, broad, capitalised, header


def _data_path(name: str) -> str:
    return os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", name)


def noexample_path() -> str:
    """Where the never-an-example list lives."""
    return _data_path(NOEXAMPLE_FILE)


@functools.cache
def data_files() -> tuple[str, ...]:
    """Every packaged data file (the lexicon, the blocklist, the curated lists, the relations):
    what data derived from the packaged lexicon is keyed on in parlour's cache (cache.derived's
    inputs). All of them, not a list kept by hand of the ones a builder happens to read."""
    folder = _data_path("")
    return tuple(sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".txt")))


_T = TypeVar("_T")


def kept(
    kind: str,
    build: Callable[[], _T],
    *,
    params: object = None,
    encode: Callable[[_T], bytes] | None = None,
    decode: Callable[[memoryview], _T] | None = None,
) -> _T:
    """`build()`, a value derived from the packaged data (`data_files`) and parlour's code, kept in
    parlour's cache: cache.derived with every data file as its inputs (see it for `params`,
    `encode` and `decode`). What is derived from the packaged lexicon goes through here."""
    from generator import cache

    return cache.derived(kind, data_files(), build, params=params, encode=encode, decode=decode)


def _read_data(name: str) -> str:
    path = _data_path(name)
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def data_header() -> list[str]:
    """Return the header lines of the packaged data file (sources, licences, format)."""
    return parse_data(_read_data(DATA_FILE))[4]


def blocklist() -> frozenset[str]:
    """Return the packaged blocklist."""
    return frozenset(parse_blocklist(_read_data(BLOCKLIST_FILE)))


@functools.cache
def noexample() -> dict[str, str]:
    """Words never shown as an example, each with its class ("drug" or "misspelling")."""
    out: dict[str, str] = {}
    section = ""
    for line in _read_data(NOEXAMPLE_FILE).splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("@"):
            section = line[1:].strip()
        else:
            out.update(dict.fromkeys(line.split(), section))
    return out


@functools.cache
def load() -> Lexicon:
    """Return the packaged lexicon, read once per process.

    Only the standard sections are parsed here; the print-vocabulary and spelling sections,
    the broad tier and the capitalised forms are parsed the first time a call needs them.
    """
    text = _read_data(DATA_FILE)
    cut = text.find("\n@broad ")
    if cut < 0:
        cut = text.find("\n@capitalised")
    head, rest = (text, None) if cut < 0 else (text[: cut + 1], text[cut + 1 :])
    vcut = head.find("\n@print\n")
    head, vocab = (head, None) if vcut < 0 else (head[: vcut + 1], head[vcut + 1 :])
    standard, common, broad, capitalised, _ = parse_data(head)
    return Lexicon(
        standard, common, broad, blocklist(), capitalised, deferred=rest, deferred_vocabulary=vocab
    )


def vocabulary_from(extras: Mapping[str, list[str]]) -> Vocabulary | None:
    """Build the Vocabulary from parsed extra sections (None if the data has none)."""
    if not extras:
        return None
    noprint: dict[str, str] = {}
    spelling: dict[str, str] = {}
    for section, words in extras.items():
        name, _, value = section.partition(" ")
        if name == "noprint":
            noprint.update(dict.fromkeys(words, value))
        elif name == "spelling":
            spelling.update(dict.fromkeys(words, value))
    printable = extras.get("print")
    groups = [tuple(g.split("/")) for g in extras.get("variants", ())]
    familiar = extras.get("familiar")
    return Vocabulary(
        None if printable is None else frozenset(printable),
        noprint,
        spelling,
        groups,
        None if familiar is None else frozenset(familiar),
    )
