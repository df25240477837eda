"""Doublets prompts in Carroll's manner ("Drive PIG into the STY"): one frame per relation of
the ends (see generator/data/relations.txt), the two ends written in capitals."""

from __future__ import annotations

UNRELATED = "unrelated"  # a puzzle whose ends the relation data does not pair

# relation -> frame; {start} is the top word of the ladder, {end} the bottom one.  Frames
# never put "a" or "an" before an end (the article would depend on the word), and "the"
# only before a noun the relation guarantees (a whole, a group, a home, a place, a creature).
FRAMES: dict[str, str] = {
    "opposite": "Turn {start} to {end}",  # Carroll's own wording (Turn WET to DRY), and "to" as in "Change X to Y"
    "scale": "Turn {start} to {end}",
    "like": "Shade {start} into {end}",
    "kinds": "Change {start} to {end}",
    "class": "Change {start} to {end}",
    "acts": "Change {start} to {end}",
    "join": "Join {start} to {end}",
    "sort": "Narrow {start} down to {end}",
    "same": "Swap {start} for {end}",
    "part": "Take the {end} from the {start}",
    "member": "Find the {end} in the {start}",
    "material": "Make {end} from {start}",
    "home": "Drive {start} into the {end}",
    "made": "Make {start} into {end}",
    "from": "Get {end} from the {start}",
    "grows": "Grow {start} into {end}",
    "evolve": "Evolve {end} from {start}",
    "dip": "Dip {start} into {end}",
    "stow": "Stow {start} in the {end}",
    "feed": "Feed {end} to the {start}",
    "on": "Put {end} on the {start}",
    "pair": "Pair {start} with {end}",
    "does": "Teach the {start} to {end}",
    "raise": "Raise {start} to {end}",
    UNRELATED: "Change {start} to {end}",
}

# Relations that read as well either way round: a sheet may turn such a pair over.
SYMMETRIC = frozenset({"opposite", "scale", "like", "kinds", "class", "acts", "pair", "same"})


def prompt(relation: str | None, start: str, end: str) -> str:
    """The prompt for a puzzle from `start` to `end` whose ends are related by `relation`
    (None or an unknown name: the plain frame)."""
    frame = FRAMES.get(relation or UNRELATED, FRAMES[UNRELATED])
    return frame.format(start=start.upper(), end=end.upper())
