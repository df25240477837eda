"""reportlab's formatting of PDF objects into bytes, for the objects every page writes, done faster
with the same bytes.

reportlab formats an object by recursion through its generic `pdfdoc.format`, building a fresh
PDFDictionary for every page and its resources, sorting the keys and encoding each name with a
codec written in Python: about a quarter of a millisecond per page. `Formatter.format` follows the
same steps for the types a page is made of (the page, its content stream, its resources,
dictionaries, arrays, references, names, numbers, strings), remembering what cannot change within
a document (an encoded name, a reference's "n 0 R"), and hands every other object to reportlab's
own `pdfdoc.format` (forms, fonts, the outline, anything new), so unknown objects are formatted as
reportlab formats them. Registration side effects (document.Reference) happen as in reportlab.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFCatalog,
    PDFDictionary,
    PDFObjectReference,
    PDFPage,
    PDFResourceDictionary,
    PDFStream,
    pdfdocEnc,
)

from generator.cache import keep

_REF_ONLY = "__RefOnly__"
_UNMAPPED = re.compile("[\x18-\x1f]")  # the ASCII codes reportlab's pdfdoc codec cannot encode
KEPT = 4096  # entries each of the formatter's stores keeps at most


def _joined(items: list[bytes], multiline: Any, every: int) -> bytes:
    """A dictionary's or array's formatted items as reportlab joins them: one to a line when
    `multiline` asks for it, otherwise on one line broken after every `every` items (6 for a
    dictionary's entries, 10 for an array's elements)."""
    if (multiline and rl_config.pdfMultiLine) or multiline == "forced":
        return b"\n ".join(items)
    for i in reversed(range(every, len(items), every)):
        items.insert(i, b"\n ")
    return b" ".join(items)


class Formatter:
    """Formats the objects of one document (see the module's docstring)."""

    def __init__(self, document: Any, fast: bool = True) -> None:
        """`fast` False leaves every object to reportlab (the tests' oracle)."""
        self.doc = document
        self._keys: dict[str, bytes] = {}  # a dictionary key as its encoded /Name
        self._strings: dict[str, bytes] = {}  # a short str value, encoded
        self._refs: dict[str, bytes] = {}  # a registered object's name as its "n v R"
        self._numbers: dict[float, bytes] = {}  # a number as fp_str writes it
        # (with comments switched on, or a page formatting itself otherwise, reportlab does it all)
        self._fast = fast and not rl_config.pdfComments and PDFPage.format is PDFCatalog.format

    def indirect(self, name: str) -> bytes:
        """The registered object `name` as `n v obj ... endobj`, as PDFIndirectObject formats it."""
        doc = self.doc
        n, v = doc.idToObjectNumberAndVersion[name]
        doc.encrypt.register(n, v)
        body = self.format(doc.idToObject[name], top=True)
        return pdfdocEnc(f"{n} {v} obj\n") + body + (b"" if body.endswith(b"\n") else b"\n") + b"endobj\n"

    def format(self, element: Any, top: bool = False) -> bytes:
        """pdfdoc.format(element, document, toplevel=top)."""
        if not self._fast:
            return pdfdoc.format(element, self.doc, top)
        t = type(element)
        if t is PDFDictionary and not hasattr(element, _REF_ONLY):
            return self._dict(element.dict, element.multiline)
        if t is PDFArray and not hasattr(element, _REF_ONLY):
            return self._array(element.sequence, element.multiline)
        if t is PDFObjectReference and not hasattr(element, _REF_ONLY):
            return self._ref(element.name)
        if t is str:
            return self._string(element)
        if t is int or t is float:
            found = self._numbers.get(element)
            if found is None:
                # (page sizes and boxes recur; lengths do not)
                found = keep(self._numbers, element, pdfdocEnc(fp_str(element)), KEPT)
            return found
        if t is bytes:
            return element
        if t is PDFResourceDictionary and not hasattr(element, _REF_ONLY):
            return self._resources(element)
        if top and t is PDFPage:
            return self._page(element)
        if top and t is PDFStream:
            return self._stream(element)
        return pdfdoc.format(element, self.doc, top)

    def _string(self, text: str) -> bytes:
        """A str as pdfdocEnc encodes it (short ones, names mostly, recur page after page). ASCII
        text encodes to itself in reportlab's pdfdoc codec, bar the eight codes 0x18-0x1F it has no
        byte for (left to the codec, which refuses them as before): a page's ASCII85 stream, some
        4 KB, is encoded at once instead of by the codec's character map (0.3 ms a page)."""
        if len(text) > 64:
            if text.isascii() and not _UNMAPPED.search(text):
                return text.encode("ascii")
            return pdfdocEnc(text)
        found = self._strings.get(text)
        if found is None:
            found = keep(self._strings, text, pdfdocEnc(text), KEPT)
        return found

    def _ref(self, name: str) -> bytes:
        found = self._refs.get(name)
        if found is None:
            # an object's number never changes once given (a long book's pages each have their own)
            found = keep(self._refs, name, PDFObjectReference(name).format(self.doc), KEPT)
        return found

    def _dict(self, d: dict[Any, Any], multiline: Any) -> bytes:
        """PDFDictionary.format of a dictionary holding `d`."""
        keys = list(d.keys())
        if not isinstance(d, OrderedDict):
            keys.sort()
        known = self._keys
        items = []
        for k in keys:
            key = known.get(k) if type(k) is str else None
            if key is None:
                key = pdfdocEnc(pdfdoc.PDFName(k))
                if type(k) is str:
                    known[k] = key
            items.append(key + b" " + self.format(d[k]))
        return b"<<\n" + _joined(items, multiline, 6) + b"\n>>"

    def _array(self, sequence: list[Any], multiline: Any) -> bytes:
        """PDFArray.format of an array holding `sequence`."""
        return b"[ " + _joined([self.format(e) for e in sequence], multiline, 10) + b" ]"

    def _resources(self, r: PDFResourceDictionary) -> bytes:
        """PDFResourceDictionary.format."""
        d: dict[str, Any] = {}
        for dname in r.dict_attributes:
            v = getattr(r, dname)
            if isinstance(v, dict):
                if v:
                    d[dname] = PDFDictionary(v)
            else:
                d[dname] = v
        v = r.ProcSet
        if isinstance(v, (tuple, list)):
            if v:
                d["ProcSet"] = PDFArray(v)
        else:
            d["ProcSet"] = v
        return self._dict(d, PDFDictionary.multiline)

    def _page(self, page: PDFPage) -> bytes:
        """PDFPage.format (the catalogue's: the page's entries, some made references)."""
        doc = self.doc
        page.check_format(doc)
        d: dict[str, Any] = {}
        for k, v in page.__Defaults__.items():
            v = getattr(page, k, v)
            if v is not None:
                d[k] = v
        for k in page.__NoDefault__:
            v = getattr(page, k, None)
            if v is not None:
                d[k] = v
        for k in page.__Refs__:
            if k in d:
                d[k] = doc.Reference(d[k])
        return self._dict(d, PDFDictionary.multiline)

    def _stream(self, stream: PDFStream) -> bytes:
        """PDFStream.format: the content through its filters, then its dictionary and the data."""
        doc = self.doc
        d = stream.dictionary.dict.copy()
        content = stream.content
        if content is None:
            raise ValueError("stream content not set")
        filters = stream.filters
        if filters is None:
            filters = doc.defaultStreamFilters
        if filters is not None and "Filter" not in d:
            names: list[Any] = []
            for f in reversed(list(filters)):  # applied in reverse order listed
                content = f.encode(content)
                names.insert(0, pdfdoc.PDFName(f.pdfname))
            d["Filter"] = PDFArray(names)
        content = doc.encrypt.encode(content)
        data = self.format(content)
        d["Length"] = len(content)
        return self._dict(d, PDFDictionary.multiline) + b"\nstream\n" + data + b"endstream\n"
