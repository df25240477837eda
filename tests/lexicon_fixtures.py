"""Small lexicons for word-game tests, built with the real Lexicon.from_entries."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from generator.words.lexicon import Entry, Lexicon


def make_lexicon(
    words: dict[str, tuple[str, float]],
    blocked: Iterable[str] = (),
    capitalised: Iterable[str] = (),
) -> Lexicon:
    """A lexicon from {word: (tier, zipf)}."""
    entries = [Entry(w, tier, zipf) for w, (tier, zipf) in words.items()]
    return Lexicon.from_entries(entries, blocked=blocked, capitalised=capitalised)


@cache
def sample_lexicon() -> Lexicon:
    """About 29,000 real words from wordfreq's top list, tiered by rank: independent of the
    packaged data, so the algorithms are tested on a word set the build did not shape."""
    from wordfreq import top_n_list, zipf_frequency

    words: dict[str, tuple[str, float]] = {}
    for rank, w in enumerate(top_n_list("en", 30000)):
        if not (w.isascii() and w.isalpha() and w.islower()):
            continue
        z = zipf_frequency(w, "en")
        tier = "common" if z >= 3.0 else ("standard" if rank < 25000 else "broad")
        words[w] = (tier, z)
    return make_lexicon(words, blocked=["damn"], capitalised=["paris"])
