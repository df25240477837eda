"""The two spellings parlour prints for (us: gray, tire, theater; uk: grey, tyre, theatre): one
definition for the lexicon, the Doublets search, the Chimera's Lair key and the settings file."""

from __future__ import annotations

SPELLINGS = ("us", "uk")
DEFAULT_SPELLING = "us"
