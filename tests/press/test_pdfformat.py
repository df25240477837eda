"""press.pdfformat: objects formatted by the Formatter are the bytes reportlab's own formatting makes
(the oracle: the same Formatter with every object left to reportlab), object by object and for
whole documents."""

from __future__ import annotations

from collections import OrderedDict

import pytest
from reportlab.pdfbase import pdfdoc

from generator.press import pdfformat, pdfstream
from generator.press.pdfformat import Formatter


@pytest.fixture
def doc():
    d = pdfdoc.PDFDocument(invariant=1)
    return d


def _both(doc, element, top=False) -> bytes:
    ours = Formatter(doc).format(element, top)
    theirs = pdfdoc.format(element, doc, top)
    assert ours == theirs
    return ours


@pytest.mark.parametrize(
    "element",
    [
        pdfdoc.PDFDictionary({"B": 1, "A": 2.5, "Z": -0.0, "C": "text", "D": b"raw", "E": True}),
        pdfdoc.PDFDictionary({f"K{i}": i for i in range(14)}),  # broken every 6 entries
        pdfdoc.PDFDictionary(OrderedDict([("Z", 1), ("A", 2)])),  # an ordered one keeps its order
        pdfdoc.PDFDictionary({"Odd name(1)": pdfdoc.PDFName("a#b"), "Nested": pdfdoc.PDFDictionary({})}),
        pdfdoc.PDFArray(list(range(23))),  # broken every 10 elements
        pdfdoc.PDFArray([0.5, 612, 792.0, "x" * 100, pdfdoc.PDFArray([]), None]),
        pdfdoc.PDFArrayCompact(list(range(12))),
        pdfdoc.PDFString("(paren) é"),
        1e-9,
        12345678.9,
        "/Name",
        "é long text " * 10,
    ],
)
def test_values_format_as_reportlab_formats_them(doc, element):
    _both(doc, element)
    _both(doc, element, top=True)


def test_a_forced_multiline_array_and_dictionary(doc):
    a = pdfdoc.PDFArray([1, 2, 3])
    a.multiline = "forced"
    d = pdfdoc.PDFDictionary({"A": a, "B": 2})
    d.multiline = "forced"
    _both(doc, d)


def test_a_stream_inside_a_dictionary_becomes_a_reference(doc):
    s = pdfdoc.PDFStream(content="q 1 0 0 1 0 0 cm Q\n")
    ours = Formatter(doc).format(pdfdoc.PDFDictionary({"S": s}))
    assert ours == pdfdoc.format(pdfdoc.PDFDictionary({"S": s}), doc)
    assert ours.endswith(b" 0 R\n>>")


@pytest.mark.parametrize(
    "filters", [None, [], [pdfdoc.PDFZCompress], [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress]]
)
def test_streams_format_as_reportlab_formats_them(doc, filters):
    s = pdfdoc.PDFStream(
        pdfdoc.PDFDictionary({"Type": pdfdoc.PDFName("XObject")}), "0 0 m 1 1 l S\n" * 40, filters
    )
    _both(doc, s, top=True)


def test_resources_format_as_reportlab_formats_them(doc):
    r = pdfdoc.PDFResourceDictionary()
    r.basicFonts()
    r.allProcs()
    r.XObject = pdfdoc.PDFDictionary({"FormXob.a": pdfdoc.PDFObjectReference("BasicFonts")})
    _both(doc, r)


def test_the_fast_path_steps_aside_when_reportlab_writes_comments(doc, monkeypatch):
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "pdfComments", 1)
    assert not Formatter(doc)._fast
    assert not Formatter(pdfdoc.PDFDocument(invariant=1), fast=False)._fast


def test_the_stores_stay_bounded(doc, monkeypatch):
    monkeypatch.setattr(pdfformat, "KEPT", 5)
    f = Formatter(doc)
    for i in range(50):
        assert f.format(pdfdoc.PDFArray([i + 0.5, f"s{i}"])) == pdfdoc.format(
            pdfdoc.PDFArray([i + 0.5, f"s{i}"]), doc
        )
    assert max(len(f._strings), len(f._numbers), len(f._refs)) <= 5


@pytest.mark.parametrize(
    "args",
    [
        ["pack", "--games", "calibration,fighting-words", "--paper", "a4"],
        ["pack", "--games", "doublets,chimera,riddle-craft", "--ink-saver", "--duplex", "short"],
        ["doublets", "daily", "--from", "2026-03-01", "--days", "9", "--book"],
        ["piecepack"],
        ["rules"],
    ],
)
def test_documents_are_reportlabs_bytes(run, tmp_path, monkeypatch, args):
    res = run(*args, "-o", "fast.pdf")
    assert res.exit_code == 0, res.output
    monkeypatch.setattr(pdfstream, "Formatter", lambda d: Formatter(d, fast=False))
    res = run(*args, "-o", "plain.pdf")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "fast.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()


def test_long_ascii_text_encodes_as_the_pdfdoc_codec_encodes_it(doc):
    """ASCII past 64 characters is encoded directly: the same bytes as reportlab's codec, which
    refuses the eight codes 0x18-0x1F (and the fast path leaves them to it)."""
    import string

    f = Formatter(doc)
    printable = "".join(map(chr, range(0x20, 0x7F))) + "\n\r\t\x00\x01\x7f"
    for text in (printable * 3, string.ascii_letters * 2, "~>" + "z" * 70):
        assert f.format(text) == pdfdoc.pdfdocEnc(text)
    for code in range(0x18, 0x20):
        with pytest.raises(UnicodeEncodeError):
            f.format("x" * 80 + chr(code))
        with pytest.raises(UnicodeEncodeError):
            pdfdoc.pdfdocEnc("x" * 80 + chr(code))
    assert f.format("é" * 80) == pdfdoc.pdfdocEnc("é" * 80)
