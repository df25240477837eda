"""How to play, per game: each game's rules as content (headings, paragraphs, lists, tables, diagrams) read from templates/rules/<game>.toml."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator import templates
from generator.errors import ParlourError
from generator.press import fields
from generator.words.spelling import DEFAULT_SPELLING, respell

__all__ = [
    "GAMES",
    "Heading",
    "Para",
    "Bullets",
    "Table",
    "Diagram",
    "Block",
    "Rules",
    "load_rules",
    "load_all",
    "plain",
]

#: The five games, in pack order, by the name `parlour rules GAME` takes.
GAMES: tuple[str, ...] = ("doublets", "chimera", "fighting-words", "riddle-craft", "sorcerer")

#: Diagram kinds a rules file may ask for, and the data fields each needs.
DIAGRAM_FIELDS: dict[str, tuple[str, ...]] = {
    "chain": ("words", "jewels"),
    "necklace": ("words", "jewels"),
    "chimera_card": ("face", "suit", "symbol", "good", "bad"),
    "when_riddle": ("cards", "modifies", "when", "condition", "answer"),
    "round_game": ("rows",),
    "letter_turns": ("steps",),
    "zap_exchange": ("caster", "target", "zap", "deflect", "shield"),
}

#: Fixed words the diagrams print beside their data.
CARD_GOOD = "Good answers"
CARD_BAD = "Not allowed"
RIDDLE_ASK = "What am I?"
ROUND_HEAD = ("Player", "Order · links", "Chain", "Decision", "Brevity", "Marks")
NULL_MARK = "null"
SUIT_GLYPHS = {"suns": "❂", "moons": "◐", "crowns": "♛", "arms": "⚜"}
ZAP_WORDS = {
    "zap": "zap orb",
    "deflect": "deflect orb",
    "shield": "shield orb",
    "deflected": "same suit: the zap turns back",
    "deflect_failed": "suits differ: the zap comes on",
    "shield_failed": "same suit: the shield fails",
    "shield_held": "suits differ: the shield holds",
}


def round_row(row: list[str]) -> tuple[str, str, str, list[str], int, int]:
    """One row of a round-game example: (name, place, links declared, chain words, decision, brevity)."""
    name, place, declared, chain, decision, brevity = row
    return name, place, declared, chain.split(), int(decision), int(brevity)


def zap_outcome(zap: str, deflect: str, shield: str) -> tuple[str, str]:
    """The two verdicts of a zap met by a Deflect and then a Shield (keys of ZAP_WORDS), as the
    rules read: a Deflect works on the same suit; a Shield fails on the same suit."""
    return (
        "deflected" if deflect == zap else "deflect_failed",
        "shield_failed" if shield == zap else "shield_held",
    )


def card_sum(face: str, suit: str) -> str:
    """The worked line under a Chimera card: letters, the fewest a word needs (half, rounded up), the cost."""
    n = len(face) + len(suit)
    return f"{n} letters · a word needs at least {-(-n // 2)} · a miss costs {n} life points"


_MARKUP = re.compile(r"\*\*(.+?)\*\*|`(.+?)`")


def plain(text: str) -> str:
    """The printed text with parlour's light markup (**bold**, `command`) removed."""
    return _MARKUP.sub(lambda m: m.group(1) or m.group(2), text)


@dataclass(frozen=True)
class Heading:
    """A heading: level 1 opens a part of the rules, level 2 a smaller step inside it."""

    text: str
    level: int = 1


@dataclass(frozen=True)
class Para:
    """A paragraph; `note` paragraphs are set smaller (asides, parlour's own readings)."""

    text: str
    note: bool = False


@dataclass(frozen=True)
class Bullets:
    """A list of points, numbered when the order matters."""

    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class Table:
    """A small table; the first row is the header."""

    rows: tuple[tuple[str, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Diagram:
    """A worked example drawn as a picture; `data` holds every word it prints."""

    kind: str
    caption: str
    data: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)

    def printed(self) -> list[str]:
        """Every string the drawing prints (the drawing may print nothing else but numbers)."""
        d = self.data
        out: list[str] = [self.caption]
        if self.kind in ("chain", "necklace"):
            out += [w.upper() for w in d["words"]]
        elif self.kind == "chimera_card":
            out += [f"{d['face'].upper()} + {d['suit'].upper()}", card_sum(d["face"], d["suit"])]
            out += [CARD_GOOD, " ".join(w.upper() for w in d["good"]), CARD_BAD]
            out += [f"{w.upper()}: {why}" for w, why in d["bad"]]
        elif self.kind == "when_riddle":
            out += list(d["cards"]) + [d["when"], d["condition"], RIDDLE_ASK]
        elif self.kind == "round_game":
            out += list(ROUND_HEAD) + [NULL_MARK]
            for row in d["rows"]:
                name, place, declared, words, decision, brevity = round_row(row)
                out += [name, f"{place} · {declared}", *(w.upper() for w in words)]
                out += [str(decision), str(brevity), str(decision + brevity)]
        elif self.kind == "letter_turns":
            for label, letters, _at, said in d["steps"]:
                out += [label, *letters.upper(), said]
        elif self.kind == "zap_exchange":
            glyph = SUIT_GLYPHS
            out += [glyph[d["caster"]], glyph[d["target"]]]
            out += [ZAP_WORDS[k] for k in ("zap", "deflect", "shield")]
            out += [ZAP_WORDS[k] for k in zap_outcome(d["zap"], d["deflect"], d["shield"])]
        return out


Block = Heading | Para | Bullets | Table | Diagram


@dataclass(frozen=True)
class Rules:
    """One game's "How to play" section: what is printed, in order."""

    game: str
    title: str
    facts: str  # players, time, what you need in one line
    blocks: tuple[Block, ...]
    source: str

    def text(self) -> str:
        """All printed words, markup removed, one block a line (for tests and search)."""
        lines = [f"{self.title}: how to play", self.facts]
        for b in self.blocks:
            if isinstance(b, Heading | Para):
                lines.append(b.text)
            elif isinstance(b, Bullets):
                lines += list(b.items)
            elif isinstance(b, Table):
                lines += [" ".join(r) for r in b.rows] + ([b.caption] if b.caption else [])
            else:
                lines += b.printed()
        return "\n".join(plain(x) for x in lines)

    def headings(self) -> list[str]:
        return [b.text for b in self.blocks if isinstance(b, Heading) and b.level == 1]

    def to_json(self) -> dict[str, Any]:
        blocks: list[dict[str, Any]] = []
        for b in self.blocks:
            if isinstance(b, Heading):
                blocks.append({"kind": "heading", "level": b.level, "text": plain(b.text)})
            elif isinstance(b, Para):
                blocks.append({"kind": "note" if b.note else "para", "text": plain(b.text)})
            elif isinstance(b, Bullets):
                blocks.append(
                    {"kind": "numbered" if b.numbered else "bullets", "items": [plain(i) for i in b.items]}
                )
            elif isinstance(b, Table):
                blocks.append(
                    {
                        "kind": "table",
                        "rows": [[plain(c) for c in r] for r in b.rows],
                        "caption": plain(b.caption),
                    }
                )
            else:
                blocks.append({"kind": "diagram", "diagram": b.kind, "caption": plain(b.caption), **b.data})
        return {
            "game": self.game,
            "title": self.title,
            "facts": self.facts,
            "source": self.source,
            "blocks": blocks,
        }


def read_template(name: str) -> tuple[str, str]:
    """(text, where) of a template through parlour's one templates loader (honours --templates DIR)."""
    return templates.read_text(name)


PARA_LIMIT = 2000  # characters of one paragraph of the rules (the longest is about 1,100)
MAX_BLOCKS = 400  # of one rules file (the longest has about 60)


def _text(raw: dict[str, Any], key: str, where: str, limit: int = fields.MAX_TEXT) -> str:
    if key not in raw:
        raise ParlourError(f"{where}: '{key}' must be non-empty text, and it is missing")
    return fields.text(raw[key], f"{where}: {key}", limit=limit)


def _diagram_data(name: str, raw: dict[str, Any], where: str) -> dict[str, Any]:
    """The checked data of a diagram block: every word and text the drawing prints, bounded so
    the drawing always fits its column (see draw.diagram)."""
    at = f"{where}: diagram {name}"
    if name in ("chain", "necklace"):
        ring = name == "necklace"
        words = fields.words(raw["words"], f"{at}: words", fewest=3 if ring else 2, most=12, longest=8)
        if len({len(w) for w in words}) != 1:
            raise ParlourError(
                f"{at}: words must all have the same number of letters, as a ladder's do ({', '.join(words)})"
            )
        jewels = fields.words(raw["jewels"], f"{at}: jewels", fewest=0, most=len(words), longest=8)
        stray = [j for j in jewels if j not in words]
        if stray:
            raise ParlourError(f"{at}: jewels {', '.join(stray)} are not among its words")
        return {"words": list(words), "jewels": list(jewels)}
    if name == "chimera_card":
        face = fields.word(raw["face"], f"{at}: face", longest=10)
        suit = fields.word(raw["suit"], f"{at}: suit", longest=10)
        symbol = fields.text(raw["symbol"], f"{at}: symbol", limit=2)
        good = fields.words(raw["good"], f"{at}: good", fewest=1, most=8, longest=12)

        def bad_pair(value: object, w: str) -> list[str]:
            if not isinstance(value, list) or len(value) != 2:
                raise ParlourError(f'{w}: must be ["word", "why it is not allowed"], not {value!r:.40}')
            return [
                fields.word(value[0], f"{w}: word", longest=12),
                fields.text(value[1], f"{w}: why", limit=40),
            ]

        bad = fields.items(raw["bad"], f"{at}: bad", bad_pair, fewest=0, most=8)
        return {"face": face, "suit": suit, "symbol": symbol, "good": list(good), "bad": list(bad)}
    if name == "round_game":

        def round_line(value: object, w: str) -> list[str]:
            cells = fields.items(value, w, lambda c, cw: fields.text(c, cw, limit=40), fewest=6, most=6)
            player, place, declared, chain, decision, brevity = cells
            for label, number in (("links declared", declared), ("decision", decision), ("brevity", brevity)):
                if not number.isdigit() or len(number) > 2:
                    raise ParlourError(f"{w}: {label} must be a whole number from 0 to 99, not {number!r}")
            fields.words(chain.split(), f"{w}: chain", fewest=2, most=8, longest=8)
            return [player, place, declared, chain.lower(), decision, brevity]

        return {"rows": list(fields.items(raw["rows"], f"{at}: rows", round_line, fewest=1, most=6))}
    if name == "letter_turns":

        def turn(value: object, w: str) -> list[str]:
            cells = fields.items(value, w, lambda c, cw: fields.text(c, cw, limit=200), fewest=4, most=4)
            label, letters, at_card, said = cells
            fields.word(letters, f"{w}: letters", longest=8)
            if not at_card.isdigit() or int(at_card) >= len(letters):
                raise ParlourError(f"{w}: the card just laid must be a place in {letters!r}, from 0")
            return [fields.text(label, f"{w}: label", limit=40), letters, at_card, said]

        return {"steps": list(fields.items(raw["steps"], f"{at}: steps", turn, fewest=1, most=6))}
    if name == "zap_exchange":
        suits: dict[str, Any] = {}
        for key in DIAGRAM_FIELDS[name]:
            suit = fields.word(raw[key], f"{at}: {key}", longest=10)
            if suit not in SUIT_GLYPHS:
                raise ParlourError(
                    f"{at}: {key} must be one of the suits {', '.join(SUIT_GLYPHS)}, not {suit!r}"
                )
            suits[key] = suit
        return suits
    # when_riddle
    cards = fields.texts(raw["cards"], f"{at}: cards", fewest=1, most=5, limit=40)
    out: dict[str, Any] = {"cards": list(cards)}
    for key in ("modifies", "when", "condition", "answer"):
        out[key] = fields.text(raw[key], f"{at}: {key}", limit=40)
    if out["modifies"] not in cards:
        raise ParlourError(f"{at}: modifies {out['modifies']!r} must be one of its cards")
    return out


def _block(raw: dict[str, Any], where: str) -> Block:
    raw = fields.table(raw, where)
    kind = raw.get("kind")
    if kind in ("heading", "subheading"):
        return Heading(_text(raw, "text", where), 1 if kind == "heading" else 2)
    if kind in ("para", "note"):
        return Para(_text(raw, "text", where, limit=PARA_LIMIT), note=kind == "note")
    if kind in ("bullets", "numbered"):
        items = fields.texts(raw.get("items"), f"{where}: items")
        return Bullets(items, numbered=kind == "numbered")
    if kind == "table":
        rows = raw.get("rows")
        if not isinstance(rows, list) or len(rows) < 2:
            raise ParlourError(f"{where}: a table needs a header row and at least one more row")

        def row(value: object, w: str) -> tuple[str, ...]:
            return fields.items(value, w, lambda c, cw: fields.text(c, cw, limit=200, empty=True), most=16)

        cells = fields.items(rows, f"{where}: rows", row, fewest=2, most=60)
        if len({len(r) for r in cells}) != 1:
            raise ParlourError(f"{where}: every row of a table needs the same number of cells")
        caption = fields.text(raw.get("caption", ""), f"{where}: caption", empty=True)
        return Table(cells, caption)
    if kind == "diagram":
        name = raw.get("diagram")
        if name not in DIAGRAM_FIELDS:
            raise ParlourError(f"{where}: unknown diagram {name!r}: use one of {', '.join(DIAGRAM_FIELDS)}")
        missing = [f for f in DIAGRAM_FIELDS[name] if f not in raw]
        if missing:
            raise ParlourError(f"{where}: diagram {name} needs {', '.join(missing)}")
        return Diagram(name, _text(raw, "caption", where), _diagram_data(name, raw, where))
    raise ParlourError(
        f"{where}: unknown kind {kind!r}: use heading, subheading, para, note, bullets, numbered, table or diagram"
    )


def load_rules(game: str, spelling: str = DEFAULT_SPELLING) -> Rules:
    """The "How to play" section of one game (one of GAMES), from templates/rules/<game>.toml,
    its prose spelled for `spelling` (us or uk)."""
    if game not in GAMES:
        raise ParlourError(f"unknown game {game!r}: use one of {', '.join(GAMES)}")
    text, where = read_template(f"rules/{game}.toml")
    raw = templates.parse_toml(respell(text, spelling), where)
    blocks = raw.get("block")
    if not isinstance(blocks, list) or not blocks:
        raise ParlourError(f"{where}: no [[block]] entries")
    if len(blocks) > MAX_BLOCKS:
        raise ParlourError(f"{where}: {len(blocks):,} [[block]] entries; keep it to {MAX_BLOCKS}")
    return Rules(
        game=game,
        title=_text(raw, "title", where),
        facts=_text(raw, "facts", where),
        blocks=tuple(_block(b, f"{where}: block {i + 1}") for i, b in enumerate(blocks)),
        source=where,
    )


def load_all(spelling: str = DEFAULT_SPELLING) -> list[Rules]:
    """All five games' rules, in pack order."""
    return [load_rules(g, spelling) for g in GAMES]
