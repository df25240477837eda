"""The referee's answers as JSON: the same functions `doublets solve`, `chimera check` and
`fighting-words check` call, and the rung check and puzzles of Today's Doublets."""

from __future__ import annotations

import datetime as dt
import re
import threading
from typing import Any

from generator.errors import ParlourError

#: What a day's puzzle says that gives its answer away: never sent with the puzzles.
ANSWERS = frozenset({"chain", "links", "key", "answer", "shortest_chains", "words"})
MAX_WORD = 40
FIRST_DAY, LAST_DAY = (
    dt.date(1900, 1, 1),
    dt.date(9000, 12, 31),
)  # days the page offers  # letters in any word a referee is asked about
_lock = threading.Lock()  # the word lists load once, on first use
_state: dict[str, Any] = {}


def _words() -> Any:
    """The Doublets word lists (parlour's cache), loaded once for the life of the server."""
    with _lock:
        if "ladder" not in _state:
            from generator.words.ladder import ladder_words

            _state["ladder"] = ladder_words()
        return _state["ladder"]


def _quick() -> Any:
    with _lock:
        if "quick" not in _state:
            from generator.words.pattern import quick_lexicon

            _state["quick"] = quick_lexicon()
        return _state["quick"]


def _word(name: str, raw: str | None) -> str:
    if raw is None or not raw.strip():
        raise ParlourError(f"{name}: give a word")
    w = raw.strip()
    if len(w) > MAX_WORD or not re.fullmatch(r"[A-Za-z]+", w):
        raise ParlourError(f"{name}: {raw[:MAX_WORD]!r} is not a word of letters A-Z")
    return w.lower()


def solve(head: str | None, tail: str | None) -> dict[str, Any]:
    """`parlour doublets solve HEAD TAIL` as JSON: the chain, its links and how many shortest
    chains, or {"chain": null, ...} with the reason when no chain joins them."""
    from generator.words.ladder import LadderError, NoChain
    from generator.words.ladder import solve as solve_doublet

    a, b = _word("head", head), _word("tail", tail)
    try:
        sol = solve_doublet(a, b, limit=0, lexicon=_words())
    except NoChain as e:
        return {"chain": None, "links": None, "shortest_chains": 0, "reason": str(e)}
    except LadderError as e:
        raise ParlourError(str(e)) from None
    return sol.to_json()


def step(previous: str | None, word: str | None) -> dict[str, Any]:
    """Is `word` a fair rung after `previous`: the same length, exactly one letter changed, and a
    word Doublets accepts? {"ok": bool, "reason": sentence}."""
    from generator.words.ladder import MAX_LENGTH, MIN_LENGTH, NotInLexicon

    a, b = _word("from", previous), _word("word", word)
    if not MIN_LENGTH <= len(a) <= MAX_LENGTH:
        raise ParlourError(f"from: Doublets uses words of {MIN_LENGTH} to {MAX_LENGTH} letters")
    shown = b.upper()
    if len(a) != len(b):
        return {"ok": False, "reason": f"{shown} has {len(b)} letters; each step keeps {len(a)}."}
    changed = sum(x != y for x, y in zip(a, b, strict=True))
    if changed != 1:
        why = "is the same word" if changed == 0 else f"changes {changed} letters"
        return {"ok": False, "reason": f"{shown} {why}; change exactly one letter of {a.upper()}."}
    lex = _words()
    if b not in lex:
        lookup = getattr(lex, "lookup", None)
        reason = str(NotInLexicon(b, lookup(b) if lookup else None))
        return {"ok": False, "reason": reason[0].upper() + reason[1:] + "."}
    return {"ok": True, "reason": f"{shown}: one letter changed, and a word."}


def daily(date: str | None, spelling: str | None) -> dict[str, Any]:
    """The puzzles of a day's sheet (what `doublets daily --from DATE --days 1` prints), without
    the key: each puzzle's ends and par."""
    day, puzzles = _daily(date, spelling)
    return {"date": day, "puzzles": [{k: v for k, v in p.items() if k not in ANSWERS} for p in puzzles]}


def daily_key(date: str | None, spelling: str | None, number: int) -> dict[str, Any]:
    """The key of one puzzle of a day's sheet (asked for, never sent with the puzzles)."""
    day, puzzles = _daily(date, spelling)
    if not 1 <= number <= len(puzzles):
        raise ParlourError(f"puzzle: give 1 to {len(puzzles)}")
    p = puzzles[number - 1]
    return {"puzzle": number, "chain": p["chain"], "par": p["par"], "shortest_chains": p["shortest_chains"]}


_daily_cache: dict[tuple[str, str], list[dict[str, Any]]] = {}
_daily_locks: dict[tuple[str, str], threading.Lock] = {}


def _daily(date: str | None, spelling: str | None) -> tuple[str, list[dict[str, Any]]]:
    """(ISO date, the day's puzzles as `doublets daily --json` gives them, keys included).

    The day's sheet is made by the very command that prints it, `parlour doublets daily --from
    DATE --days 1 --book --json`, in a child process: late in its year a day takes seconds (each
    day's sheet depends on the days before it), and there it holds neither this server's build
    lock nor its one interpreter, so pages keep printing meanwhile. Kept for the server's life."""
    from generator.words.spelling import DEFAULT_SPELLING, SPELLINGS

    try:
        day = dt.date.today() if not date else dt.date.fromisoformat(date.strip())
    except ValueError:
        raise ParlourError("Choose a date like 2025-03-01.") from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise ParlourError(f"Choose a day between {FIRST_DAY.year} and {LAST_DAY.year}.")
    sp = (spelling or DEFAULT_SPELLING).strip().lower()
    if sp not in SPELLINGS:
        raise ParlourError(f"spelling: {spelling!r} is not one of {', '.join(SPELLINGS)}")
    key = (day.isoformat(), sp)
    with _lock:
        one = _daily_locks.setdefault(key, threading.Lock())
    with one:  # two visitors at once: one child process
        with _lock:
            hit = _daily_cache.get(key)
        if hit is None:
            hit = _run_daily(day.isoformat(), sp)
            with _lock:
                if len(_daily_cache) > 32:
                    _daily_cache.clear()
                _daily_cache[key] = hit
    return key[0], hit


def _daily_job(day: str, spelling: str) -> Any:
    """The build of the day's puzzles by the very command that prints the day (`doublets daily`,
    one day, as a book), run in a build worker with its content written as JSON."""
    from generator.web.build import BUILDS

    values = {"start": day, "days": "1", "spelling": spelling}
    return BUILDS.submit(("daily-model", day, spelling), "doublets-daily", values, want_model=True)


def _run_daily(day: str, spelling: str) -> list[dict[str, Any]]:
    from generator.web.build import BUILDS

    built = BUILDS.wait(_daily_job(day, spelling), timeout=600)
    return list(built.model["days"][0]["puzzles"])


def warm() -> None:
    """Make today's Doublets (in the settings file's spelling) and load the referee's word lists,
    so that the first visitor does not wait; any failure waits for a real request to report it."""
    from generator import config
    from generator.web.build import BUILDS
    from generator.words.spelling import DEFAULT_SPELLING

    try:
        spelling = config.load().values.get("spelling")
        _daily_job(dt.date.today().isoformat(), (spelling or DEFAULT_SPELLING).lower())  # first in line
        BUILDS.prime()
        daily(None, spelling)
        _quick()
    except Exception:  # noqa: BLE001 - a real request says what is wrong, in one line
        pass


def chimera_check(
    face: str | None, suit: str | None, answer: str | None, variant: str | None
) -> dict[str, Any]:
    """`parlour chimera check FACE SUIT ANSWER --variant V` as JSON (its --json shape)."""
    from generator.games.chimera import model as ch
    from generator.words.anagram import plural_forms

    for name, value in (("face", face), ("suit", suit), ("answer", answer)):
        if value is None or not value.strip():
            raise ParlourError(f"{name}: give a word")
        if len(value) > MAX_WORD:
            raise ParlourError(f"{name}: too long")
    assert face is not None and suit is not None and answer is not None
    s = suit.strip().lower()
    for single in ch.SUITS:  # HEARTS is read as HEART, as on the command line
        if s in plural_forms(single):
            s = single
    result = ch.check(face, s, answer, (variant or ch.DEFAULT_VARIANT).lower(), lexicon=_quick())
    return result.to_json()


def fighting_words_check(letters: str | None, complete: str | None) -> dict[str, Any]:
    """`parlour fighting-words check LETTERS` (or `--complete WORD`) as JSON."""
    from generator.words.pattern import LIST_NAMES, can_grow
    from generator.words.pattern import complete as is_complete

    if complete is not None and letters is not None:
        raise ParlourError("give letters or complete, not both")
    if complete is not None:
        w = _word("complete", complete)
        done = is_complete(w)
        out: dict[str, Any] = {
            "word": done.word,
            "complete": done.complete,
            "points": done.points,
            "reason": done.reason,
            "tier": done.tier,
        }
        if not done.complete and len(w) >= 1:
            grow = can_grow(done.word)
            out["can_grow"] = grow.can_grow
            out["examples"] = list(grow.examples)
        return out
    w = _word("letters", letters)
    grow = can_grow(w)
    return {
        "letters": grow.letters,
        "can_grow": grow.can_grow,
        "examples": list(grow.examples),
        "list": LIST_NAMES[grow.tier] if grow.tier else None,
    }
