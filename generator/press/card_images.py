"""One PNG per card face and per distinct back, at a chosen DPI and with the bleed, plus cards.csv.

For print-on-demand shops and screen tables (Tabletop Simulator): each card is drawn alone on a
page the size of the card (plus bleed) by the same drawing function the sheets use, and that page
is rasterised with pypdfium2 to exactly round(size x dpi / 72) pixels. Identical faces are written
once and counted (nine E letter cards are one file, count 9); each front row names its back.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import ParlourError
from generator.press.print_defaults import MANIFEST

if TYPE_CHECKING:
    from generator.press.cards import DeckPrint, Drawer
    from generator.press.document import Document
    from generator.press.style import Style

DPI_RANGE = (72, 1200)
COLUMNS = ("file", "side", "deck", "position", "count", "back", "name")


@dataclass(frozen=True)
class Row:
    """One line of cards.csv: a PNG, which side it shows, its deck, the deck position (1-based) of
    the first card showing it, how many cards show it, the back file of a front, and a card name."""

    file: str
    side: str
    deck: str
    position: int
    count: int
    back: str
    name: str


def check_dpi(dpi: int) -> int:
    """`dpi` if it is one parlour renders; else a one-line error."""
    lo, hi = DPI_RANGE
    if not lo <= dpi <= hi:
        raise ParlourError(f"--dpi {dpi} is out of range: give {lo} to {hi} (print shops ask for 300)")
    return dpi


def pixels(points: float, dpi: int) -> int:
    """How many pixels `points` make at `dpi`, to the nearest pixel."""
    return max(1, round(points * dpi / 72 + 1e-9))


def slug(text: str) -> str:
    """A file-name stem from a deck label: lower case, letters and digits joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "deck"


def decks_in(doc: Document) -> list[DeckPrint]:
    """Every deck the document prints, in page order, each once (a page's `deck` may be one
    DeckPrint or a tuple of them, for a sheet that mixes pieces of two sizes)."""
    seen: dict[int, DeckPrint] = {}
    for section in doc.sections:
        for page in section.pages:
            deck = getattr(page, "deck", None)  # a sheet of tiles and coins prints two decks
            for d in deck if isinstance(deck, tuple) else (deck,):
                if d is not None and id(d) not in seen:
                    seen[id(d)] = d
    return list(seen.values())


def _card_pdf(drawers: Sequence[Drawer], deck: DeckPrint, style: Style) -> bytes:
    """A PDF with one page per drawer, each the size of the card plus its bleed."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.press.cards import CardBox
    from generator.press.fonts import register_fonts

    register_fonts()
    w, h, b = deck.card.width, deck.card.height, deck.bleed
    out = io.BytesIO()
    c = Canvas(out, pagesize=(w + 2 * b, h + 2 * b), invariant=1, pageCompression=1, initialFontName="Sans")
    for draw in drawers:
        c.saveState()
        c.translate(b, b)
        p = c.beginPath()
        p.rect(-b, -b, w + 2 * b, h + 2 * b)
        c.clipPath(p, stroke=0, fill=0)
        draw(c, CardBox(w, h, b, style=style))
        c.restoreState()
        c.showPage()
    c.save()
    return out.getvalue()


def _page_keys(pdf: bytes) -> list[str]:
    """A digest per page of what it draws (its content stream and the names it uses): pages drawn
    alike (nine E cards) get one key, so each is rasterised once."""
    from pypdf import PdfReader

    keys = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
        names = repr(sorted((k, sorted(v.get_object())) for k, v in (page.get("/Resources") or {}).items()))
        keys.append(hashlib.sha256(data + names.encode()).hexdigest())
    return keys


def _rasters(pdf: bytes, size: tuple[int, int], dpi: int) -> list[bytes]:
    """Each page of `pdf` as PNG bytes of exactly `size` pixels, tagged with `dpi`."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    done: dict[str, bytes] = {}
    out = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for i, key in enumerate(_page_keys(pdf)):
            if key not in done:
                page = doc[i]
                bitmap = pdfium.PdfBitmap.new_native(*size, format=raw.FPDFBitmap_BGR, rev_byteorder=False)
                bitmap.fill_rect((255, 255, 255, 255), 0, 0, *size)
                raw.FPDF_RenderPageBitmap(bitmap, page, 0, 0, *size, 0, raw.FPDF_ANNOT | raw.FPDF_PRINTING)
                buf = io.BytesIO()
                bitmap.to_pil().save(buf, format="PNG", dpi=(dpi, dpi))
                done[key] = buf.getvalue()
                bitmap.close()
                page.close()
            out.append(done[key])
    finally:
        doc.close()
    return out


def _back_drawers(deck: DeckPrint) -> tuple[list[Drawer], list[int | None]]:
    """Each back drawer once (the common back is one object), and each card's index into them."""
    drawers: list[Drawer] = []
    index: list[int | None] = []
    for card in deck.cards:
        draw = card.back or deck.back
        if draw is None:
            index.append(None)
            continue
        found = next((i for i, d in enumerate(drawers) if d is draw), None)
        if found is None:
            drawers.append(draw)
            found = len(drawers) - 1
        index.append(found)
    return drawers, index


def deck_images(deck: DeckPrint, dpi: int, style: Style) -> list[tuple[Row, bytes]]:
    """The rows and PNG bytes of one deck: its distinct backs, then its distinct fronts, in deck order."""
    name = slug(deck.label)
    size = (pixels(deck.card.width + 2 * deck.bleed, dpi), pixels(deck.card.height + 2 * deck.bleed, dpi))
    drawers, back_index = _back_drawers(deck)
    pngs = list(_rasters(_card_pdf([cd.front for cd in deck.cards] + drawers, deck, style), size, dpi))
    fronts, backs = pngs[: len(deck.cards)], pngs[len(deck.cards) :]

    # backs that look alike are one file, named after the first card showing it
    digests = [hashlib.sha256(png).hexdigest() for png in backs]
    distinct = len(set(digests))
    back_rows: dict[str, list] = {}  # digest -> [file, first position, count, png, card name]
    card_back: list[str] = []
    for pos, (card, b) in enumerate(zip(deck.cards, back_index, strict=True), start=1):
        if b is None:
            card_back.append("")
            continue
        entry = back_rows.get(digests[b])
        if entry is None:
            file = f"{name}-back-{pos:03d}.png" if distinct > 1 else f"{name}-back.png"
            entry = back_rows[digests[b]] = [file, pos, 0, backs[b], card.name]
        entry[2] += 1
        card_back.append(entry[0])
    out = [(Row(f, "back", deck.label, p, n, "", nm), png) for f, p, n, png, nm in back_rows.values()]

    # fronts that look alike (with the same back) are one file, counted
    front_rows: dict[tuple[str, str], list] = {}
    for pos, (card, png, back) in enumerate(zip(deck.cards, fronts, card_back, strict=True), start=1):
        key = (hashlib.sha256(png).hexdigest(), back)
        if key not in front_rows:
            front_rows[key] = [f"{name}-{pos:03d}.png", pos, 0, png, card.name, back]
        front_rows[key][2] += 1
    out += [(Row(f, "front", deck.label, p, n, bk, nm), png) for f, p, n, png, nm, bk in front_rows.values()]
    return out


def shop_size(decks: Sequence[DeckPrint], size: str) -> list[DeckPrint]:
    """The decks drawn at a print shop's size (print_defaults.CARD_SHOP_SIZES) with its bleed."""
    from dataclasses import replace

    from generator.press.impose import CardSize
    from generator.press.paper import mm
    from generator.press.print_defaults import CARD_SHOP_SIZES

    w, h, bleed = CARD_SHOP_SIZES[size]
    return [replace(d, card=CardSize(size, w * mm, h * mm), bleed=bleed * mm) for d in decks]


def write_card_images(
    decks: Sequence[DeckPrint], folder: Path, dpi: int, style: Style, size: str | None = None
) -> list[Row]:
    """Write every deck's PNGs and cards.csv into `folder` (a staged temporary); returns the rows.
    With `size` (a print shop's, see shop_size) the cards are drawn at it rather than as printed."""
    if not decks:
        raise ParlourError("--cards: this command prints no cards; leave --cards out")
    if size is not None:
        decks = shop_size(decks, size)
    rows: list[Row] = []
    taken: set[str] = set()
    for deck in decks:
        for row, png in deck_images(deck, dpi, style):
            if row.file in taken:  # two decks with the same label: keep both
                raise ParlourError(f"--cards: two decks would both write {row.file}")
            taken.add(row.file)
            (folder / row.file).write_bytes(png)
            rows.append(row)
    write_manifest(folder, rows)
    return rows


def write_manifest(folder: Path, rows: Sequence[Row]) -> None:
    """cards.csv in `folder`: a row per image written (COLUMNS)."""
    with open(folder / MANIFEST, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([getattr(row, col) for col in COLUMNS])


def write_cricut_images(decks: Sequence[DeckPrint], folder: Path, dpi: int, style: Style) -> list[Row]:
    """Every deck's cards as Design Space images (see cricut_png) and cards.csv in `folder`. A card
    that does not fit Design Space's print-then-cut area is refused with one line."""
    from generator.press.cutter import CORNER_RADIUS, CRICUT_AREA, cricut_png
    from generator.press.paper import mm

    rows = []
    taken: set[str] = set()
    aw, ah = CRICUT_AREA
    for deck in decks:
        cw, ch = deck.card.width, deck.card.height
        if not (cw <= aw and ch <= ah) and not (ch <= aw and cw <= ah):
            raise ParlourError(
                f"--cutter cricut: {cw / mm:g} x {ch / mm:g} mm cards are larger than Design Space's "
                f"{aw / mm:.0f} x {ah / mm:.0f} mm print-then-cut area: choose a smaller --card"
            )
        trim_px = (pixels(cw, dpi), pixels(ch, dpi))
        radius_px = (
            pixels(CORNER_RADIUS if deck.corner is None else deck.corner, dpi) if deck.corner != 0 else 0
        )
        for row, png in deck_images(deck, dpi, style):
            if row.file in taken:
                raise ParlourError(f"--cutter cricut: two decks would both write {row.file}")
            taken.add(row.file)
            (folder / row.file).write_bytes(cricut_png(png, trim_px, radius_px, dpi))
            rows.append(row)
    write_manifest(folder, rows)
    return rows
