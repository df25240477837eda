"""The Doublets scoring paper: the two-player paper and the round game's, with its notes."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from generator.games.doublets.model import MAX_PLAYERS, DoubletsError

DOUBLETS_PER_GAME = 4
NULL_NOTE = (
    "A chain counts as the links declared even with fewer. It is null with more links than "
    "declared, or if not written out once everyone has declared."
)
JEWELS_NOTE = (
    "No word twice in one chain. Jewels: an end Jewel scores its letters, a set Jewel double; less 1 a link."
)


@dataclass(frozen=True)
class Scorepad:
    """The scoring paper: rows of players, Declarations and Marks per Doublet, Jewels, Total."""

    players: int
    rows: int  # player lines (two for the two-player paper)
    doublets: int = DOUBLETS_PER_GAME
    president: bool = False  # round game: a line for the President's name
    decision_marks: tuple[int, ...] = (2,)  # by place in Declarations (paid to correct chains only)
    abandon_marks: tuple[int, ...] = (2,)  # by order of abandoning, if no chain is correct
    brevity_per_link: int = 3
    null_extra_links: int = 2
    columns: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())
    any_count: bool = False  # a round-game paper for 3 up to `rows` players: marks said as a rule

    @property
    def who(self) -> str:
        """Who the paper is ruled for, as its header says it."""
        if not self.round_game:
            return "two players"
        if self.any_count:
            return f"round game, 3 to {self.rows} players"
        return f"round game, {self.players} players"

    @property
    def round_game(self) -> bool:
        """True for three or more players."""
        return self.players > 2

    @property
    def header(self) -> tuple[tuple[str, int], ...]:
        """Column groups as (label, span): Names, Declarations, Marks, Jewels, Total."""
        return (
            ("Names", 1),
            ("Declarations", self.doublets),
            ("Marks", self.doublets),
            ("Jewels", 1),
            ("Total", 1),
        )

    def to_json(self) -> dict[str, object]:
        """Plain data."""
        return {
            "players": self.players,
            "rows": self.rows,
            "doublets": self.doublets,
            "president": self.president,
            "columns": list(self.columns),
            "decision_marks": list(self.decision_marks),
            "abandon_marks": list(self.abandon_marks),
            "brevity_per_link": self.brevity_per_link,
            "null_extra_links": self.null_extra_links,
            "notes": list(self.notes),
            "any_count": self.any_count,
        }


def make_scorepad(players: int = 2) -> Scorepad:
    """The two-player scoring paper, or the round-game paper for `players` (3..12) players."""
    if not 2 <= players <= MAX_PLAYERS:
        raise DoubletsError(f"players must be 2 to {MAX_PLAYERS} (got {players})")
    d = DOUBLETS_PER_GAME
    columns = (
        ("Name",)
        + tuple(f"Declared {i}" for i in range(1, d + 1))
        + tuple(f"Marks {i}" for i in range(1, d + 1))
        + ("Jewels", "Total")
    )
    if players == 2:
        return Scorepad(
            players=2,
            rows=2,
            columns=columns,
            notes=(
                "Declarations: I or II for who spoke first, then the links promised, or a for abandoned.",
                NULL_NOTE,
                "Correct chains only: decision 2 to the first to declare links (I, or II when I "
                "abandoned); brevity 3 for each link the shorter saves. A null chain is measured as "
                "the correct one plus two links.",
                "Neither chain correct: decision 2 to the first to abandon.",
                JEWELS_NOTE,
            ),
        )
    decision = decision_marks(players)
    return Scorepad(
        players=players,
        rows=players,
        president=True,
        decision_marks=decision,
        abandon_marks=(4, 2),
        columns=columns,
        notes=(
            "Declarations: I, II, III ... in the order players spoke, then the links promised, or a "
            "for abandoned.",
            NULL_NOTE,
            "Correct chains only: decision by place in Declarations, "
            + ", ".join(f"{ROMAN[k]} {m}" for k, m in enumerate(decision))
            + " (never under 2; a wrong chain moves no one up); brevity 3 for each link a chain is "
            "shorter than the longest. A null chain is measured as the longest correct one plus two links.",
            "No correct chain: decision 4 to the first to abandon, 2 to the next.",
            JEWELS_NOTE,
        ),
    )


ANY_COUNT_MARKS = "decision: players, then 1 fewer, at least 2  ·  abandon 4 2"


def make_round_scorepad(rows: int = 6) -> Scorepad:
    """The round game's paper for any count from three players up to `rows`: the decision marks
    are given as the rule (the first to declare gets one mark per player, one fewer each place
    after, never under 2), with a worked count of four."""
    if not 3 <= rows <= MAX_PLAYERS:
        raise DoubletsError(f"rows must be 3 to {MAX_PLAYERS} (got {rows})")
    base = make_scorepad(rows)
    four = decision_marks(4)
    notes = list(base.notes)
    notes[2] = (
        "Correct chains only: decision by place in Declarations: I gets as many marks as there are "
        "players, each place after one fewer, never under 2 (four players: "
        + ", ".join(f"{ROMAN[k]} {m}" for k, m in enumerate(four))
        + "; a wrong chain moves no one up); brevity 3 for each link a chain is shorter than the "
        "longest. A null chain is measured as the longest correct one plus two links."
    )
    return replace(base, notes=tuple(notes), any_count=True)


ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


def decision_marks(players: int) -> tuple[int, ...]:
    """Decision marks of a round game by place in the Declarations column (I, II, ...), paid
    only to a correct chain: as many as there are players for I, one less for each place after,
    never under 2."""
    return tuple(max(players - k, 2) for k in range(players))
