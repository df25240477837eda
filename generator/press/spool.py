"""Keep a long PDF's memory flat: each page's content goes to a temp file as soon as the page is done,
and the finished PDF is written to disk object by object instead of being built in memory first.

reportlab keeps every page's drawing operators in memory until `save`, then builds the whole
file as one bytes object; for a ten-year daily book that is hundreds of MiB. Here a page's
content stream is formatted (compressed) the moment the page ends, exactly as reportlab would
format it at save time, and parked in a temporary spool file; at save time it is read back one
stream at a time, straight into the output file. The bytes of the PDF do not change.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class _SpooledStream(pdfdoc.PDFObject):
    """A page content stream already formatted, waiting in the spool file."""

    __RefOnly__ = 1
    __Comment__ = "page stream"

    def __init__(self, spool: IO[bytes], offset: int, length: int) -> None:
        self.spool, self.offset, self.length = spool, offset, length

    def format(self, document: Any) -> bytes:
        self.spool.seek(self.offset)
        return self.spool.read(self.length)


class Spool:
    """Park finished pages' content streams in a temp file (call `page_done` after each showPage)."""

    def __init__(self) -> None:
        self.file: IO[bytes] = tempfile.TemporaryFile(prefix="parlour-pages-")
        self._seen = 0

    def page_done(self, c: Canvas) -> None:
        """Format the content of every page added since the last call and move it to the spool."""
        doc = c._doc
        pages = doc.Pages.pages
        for page in pages[self._seen :]:
            # As PDFPage.check_format would build it at save time (reportlab 4-5), formatted now.
            if page.Contents or not page.stream or page.Override_default_compilation:
                continue
            stream = pdfdoc.PDFStream()
            if page.compression:
                stream.filters = (
                    [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress]
                    if rl_config.useA85
                    else [pdfdoc.PDFZCompress]
                )
            stream.content = page.stream
            data = stream.format(doc)
            self.file.seek(0, 2)
            offset = self.file.tell()
            self.file.write(data)
            page.Contents = _SpooledStream(self.file, offset, len(data))
            page.stream = None
        self._seen = len(pages)

    def close(self) -> None:
        self.file.close()


class _FileSink(pdfdoc.PDFFile):
    """reportlab's output collector, writing each piece to the file at once instead of keeping it."""

    target: IO[bytes]
    strings: list[bytes]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # the header lands in self.strings: move it out
        for piece in self.strings:
            self.target.write(piece)
        self.strings = []
        self.write = self.target.write


@contextlib.contextmanager
def streaming_output(out: IO[bytes]) -> Iterator[None]:
    """While active, a canvas's save writes the PDF into `out` piece by piece (one document at a time)."""
    sink = type("_Sink", (_FileSink,), {"target": out})
    saved = pdfdoc.PDFFile
    pdfdoc.PDFFile = sink
    try:
        yield
    finally:
        pdfdoc.PDFFile = saved
