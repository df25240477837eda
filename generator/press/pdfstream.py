"""Write a PDF page by page: each finished page goes into the file at once, so memory stays flat.

reportlab keeps every page (its dictionary, its content stream, its resources) in memory until
`save`, then numbers and formats the objects one after the other; for a ten-year daily book that
is tens of MiB of bookkeeping. Here, as soon as a page is finished, its dictionary and its content
stream are formatted by reportlab itself (the same code `save` would run) and written straight
into the output file; the page is then dropped, and only its object number and file offset stay.
What must wait for the end (fonts, whose subsets are known only when every page is drawn, the
page tree, the outline, the catalogue) is written by `finish`, followed by the cross-reference
table and the trailer. Same input, same bytes: nothing depends on time or memory addresses.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Any

from reportlab.pdfbase import pdfdoc

from generator.press.pdfformat import Formatter

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def _header(version: tuple[int, int]) -> bytes:
    """The first bytes of the file, as reportlab writes them (pdfdoc.PDFFile)."""
    return bytes(pdfdoc.PDFFile(version).strings[0])


def _ref(number: int) -> bytes:
    return b"%d 0 R" % number


class _Raw(pdfdoc.PDFObject):
    """An object whose formatted bytes are already known (or made by a function at save time)."""

    __RefOnly__ = 1

    def __init__(self, make: Callable[[], bytes]) -> None:
        self.make = make

    def format(self, document: Any) -> bytes:
        return self.make()


class PageStream:
    """Stream a canvas's pages into `out` as they are finished.

    Call `bookmark` while a page is drawn to give it an outline entry, `page_done` after every
    `showPage`, and `finish` instead of `canvas.save()`. The outline is written here, not by
    reportlab (whose outline keeps a destination object per bookmark until save).
    """

    def __init__(self, canvas: Canvas, out: IO[bytes]) -> None:
        self.canvas = canvas
        self.doc = canvas._doc
        self.out = out
        self.offset = 0
        self.offsets = array("q")  # file offset of object n at [n]; -1 while not yet written
        self.pages = array("q")  # object number of each page written, in page order
        # the outline, an entry at a time: title, depth, and index of the page it opens
        self.titles: list[str] = []
        self.levels = bytearray()
        self.opens = array("q")
        self.formatter = Formatter(self.doc)
        self._head = _header(self.doc._pdfVersion)
        self._write(self._head)

    def _write(self, data: bytes) -> int:
        at = self.offset
        self.out.write(data)
        self.offset += len(data)
        return at

    def _write_object(self, name: str) -> int:
        """Format the registered object `name` as reportlab would at save time and write it;
        returns its object number."""
        number, _ = self.doc.idToObjectNumberAndVersion[name]
        self._put(number, self.formatter.indirect(name))
        return number

    def _put(self, number: int, data: bytes) -> None:
        while len(self.offsets) <= number:
            self.offsets.append(-1)
        self.offsets[number] = self._write(data)

    def _forget(self, name: str) -> None:
        """Drop a written object from reportlab's tables: what refers to it later (the page tree,
        the outline) does so by the number kept here."""
        doc = self.doc
        number, _ = doc.idToObjectNumberAndVersion.pop(name)
        del doc.idToObject[name]
        del doc.numberToId[number]

    def bookmark(self, title: str, level: int = 0) -> None:
        """An outline entry opening the page being drawn; `level` at most one deeper than the last."""
        top = self.levels[-1] + 1 if self.levels else 0
        if not 0 <= level <= min(top, 255):
            raise ValueError(f"outline entry {title!r} at level {level}: the deepest allowed here is {top}")
        self.titles.append(title)
        self.levels.append(level)
        self.opens.append(len(self.pages))

    def page_done(self) -> None:
        """Write every page finished since the last call (its dictionary, then its content stream)
        and let it go: only its object number stays, for the page tree and the outline."""
        doc = self.doc
        pages = doc.Pages.pages
        for page in pages:
            name = page.__InternalName__
            self.pages.append(self._write_object(name))  # registers its stream (and the page tree, once)
            contents = page.Contents
            stream = getattr(contents, "__InternalName__", None)
            if stream is not None and isinstance(contents, pdfdoc.PDFStream):
                self._write_object(stream)
                self._forget(stream)
            self._forget(name)
        pages.clear()

    def finish(self) -> None:
        """Save: reportlab prepares fonts, outline and catalogue, then the objects not yet written go
        into the file in number order, then the cross-reference table and the trailer."""
        c = self.canvas
        if len(c._code):  # as canvas.save: an unfinished page is finished
            c.showPage()
        self.page_done()
        doc = self.doc
        tree = doc.Pages
        tree.check_format = self._page_tree  # its kids are the pages written, by number
        doc.format = self._format  # GetPDFData's last step: ours writes instead of returning bytes
        c.save()

    def _page_tree(self, document: Any) -> None:
        tree = self.doc.Pages
        tree.Kids = _Raw(lambda: pdfdoc.PDFArray([_ref(n) for n in self.pages]).format(self.doc))
        tree.Count = len(self.pages)

    def _link_outline(self) -> dict[str, array]:
        """Each entry's parent, neighbours and first and last children (entry indices, -1 for none;
        parent -1 is the root), and the count of entries below it. Index n stands for the root."""
        n = len(self.levels)
        links = {k: array("q", [-1]) * (n + 1) for k in ("parent", "prev", "next", "first", "last")}
        links["count"] = array("q", [0]) * (n + 1)
        parent, prev, nxt, first, last = (links[k] for k in ("parent", "prev", "next", "first", "last"))
        stack: list[int] = []  # the open ancestors of the next entry
        for i, level in enumerate(self.levels):
            del stack[level:]
            up = stack[-1] if stack else n
            parent[i] = -1 if up == n else up
            if last[up] >= 0:
                nxt[last[up]] = i
                prev[i] = last[up]
            if first[up] < 0:
                first[up] = i
            last[up] = i
            for a in stack:
                links["count"][a] += 1
            stack.append(i)
        return links

    def _write_outline(self) -> None:
        """Number and write the outline's entries; the catalogue refers to its root (written later)."""
        doc = self.doc
        n = len(self.levels)
        if not n:
            return
        links = self._link_outline()

        def root() -> bytes:
            d = {"Type": pdfdoc.PDFName("Outlines"), "Count": n}
            d["First"], d["Last"] = _ref(base + links["first"][n]), _ref(base + links["last"][n])
            return pdfdoc.PDFDictionary(d).format(doc)

        outlines = _Raw(root)
        doc.Reference(outlines, "Outline")
        doc.Catalog.Outlines = outlines
        top = doc.idToObjectNumberAndVersion["Outline"][0]
        base = doc.objectcounter + 1  # entry i is object base + i
        doc.objectcounter += n
        for i, title in enumerate(self.titles):
            up = links["parent"][i]
            d: dict[str, Any] = {
                "Title": pdfdoc.PDFString(title),
                "Parent": _ref(top if up < 0 else base + up),
                "Dest": pdfdoc.PDFArray([_ref(self.pages[self.opens[i]]), pdfdoc.PDFName("Fit")]),
            }
            for key, k in (("Prev", "prev"), ("Next", "next"), ("First", "first"), ("Last", "last")):
                if links[k][i] >= 0:
                    d[key] = _ref(base + links[k][i])
            if links["first"][i] >= 0:
                d["Count"] = links["count"][i]
            body = pdfdoc.PDFDictionary(d).format(doc)
            self._put(base + i, b"%d 0 obj\n" % (base + i) + body + b"\nendobj\n")
        self.titles = []

    def _format(self) -> bytes:
        doc = self.doc
        doc.encrypt.prepare(doc)
        cat, info = doc.Catalog, doc.info
        doc.Reference(cat)
        doc.Reference(info)
        encryptinfo = doc.encrypt.info()
        encryptref = doc.Reference(encryptinfo) if encryptinfo else None
        self._write_outline()
        number = 0
        while number < doc.objectcounter:  # formatting may register more objects: re-read each time
            number += 1
            if number < len(self.offsets) and self.offsets[number] >= 0:
                continue
            name = doc.numberToId.get(number)
            if name is None:
                raise ValueError(f"PDF object {number} was numbered but never registered")
            self._write_object(name)
        total = doc.objectcounter
        if len(self.offsets) < total + 1 or min(self.offsets[1 : total + 1]) < 0:
            raise ValueError("a PDF object was left unwritten")
        xref_at = self.offset
        for piece in self._xref(total):
            self._write(piece)
        trailer = pdfdoc.PDFTrailer(
            startxref=xref_at,
            Size=total + 1,
            Root=doc.Reference(cat),
            Info=doc.Reference(info),
            Encrypt=encryptref,
            ID=doc.ID(),
        )
        self._write(pdfdoc.pdfdocEnc(trailer.format(doc)))
        head = _header(doc._pdfVersion)
        if head != self._head:  # a feature drawn later raised the PDF version: mend the first line
            if len(head) != len(self._head) or not self.out.seekable():
                raise ValueError(f"PDF version changed to {doc._pdfVersion} after the header was written")
            self.out.seek(0)
            self.out.write(head)
            self.out.seek(0, 2)
        return b""

    def _xref(self, total: int, block: int = 1024) -> Iterator[bytes]:
        """The cross-reference table, as reportlab writes it (one section from object 0), a block of
        lines at a time."""
        yield f"xref\n0 {total + 1}\n0000000000 65535 f \n".encode("latin-1")
        for start in range(1, total + 1, block):
            stop = min(start + block, total + 1)
            yield "".join(f"{self.offsets[n]:010d} 00000 n \n" for n in range(start, stop)).encode("latin-1")
