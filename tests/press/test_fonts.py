"""Fonts: every face ships inside the package and is registered with reportlab when a document needs it."""

from __future__ import annotations

import subprocess
import sys

from generator.press import fonts


def test_every_face_is_a_packaged_file():
    for face in fonts.FACES:
        path = fonts.font_path(face)
        assert path.is_file() and path.read_bytes()[:4] in (b"\x00\x01\x00\x00", b"true")
    assert (fonts.FONTS_DIR / "LICENSE-DejaVu.txt").is_file()


def test_faces_are_registered_when_a_document_is_drawn_not_on_import(tmp_path):
    code = f"""
from generator.press import fonts
from generator.press.document import Document, Page
from generator.press.paper import get_paper

def draw(c, info):
    c.setFont("Cond-Bold", 12)
    c.drawString(72, 720, "one face")

assert fonts.registered() == [], fonts.registered()
doc = Document(get_paper("a4"), "one face")
doc.add("s", [Page(draw, "x", footer="none")])
doc.render({str(tmp_path / "one.pdf")!r})
print(sorted(fonts.registered()))
"""
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split("\n")[0] == str(sorted(fonts.FACES))


def test_each_family_makes_its_bold_with_its_bold_face():
    from reportlab.lib.fonts import tt2ps

    fonts.register_fonts()
    for face in ("Sans", "Serif", "Cond"):
        assert tt2ps(face, 1, 0) == f"{face}-Bold" and tt2ps(face, 0, 0) == face


def test_width_and_glyph_queries_register_on_demand():
    assert fonts.string_width("abc", "Serif-Bold", 10) > 0
    assert "Serif-Bold" in fonts.registered()
    assert fonts.has_glyph("Sans", "☑")


def test_string_width_agrees_with_reportlab_at_every_size() -> None:
    """string_width measures each word once and scales it; reportlab measures at the size asked."""
    from reportlab.pdfbase import pdfmetrics

    fonts.register_fonts()
    for face in ("Sans", "Serif-Bold", "Cond"):
        for text in ("Doublets", "WAVE → WAVY", "the Chimera's lair", "q"):
            for size in (6, 7.25, 9.5, 11, 23.75, 64):
                want = pdfmetrics.stringWidth(text, face, size)
                assert abs(fonts.string_width(text, face, size) - want) <= 1e-9 * max(1.0, want), (
                    face,
                    text,
                    size,
                )


def test_measuring_ever_new_texts_keeps_the_caches_bounded():
    """A ten-year daily book measures tens of thousands of distinct lines: the caches keyed by text
    must stop growing (memory flat in the number of days), and still give the right widths."""
    from reportlab.pdfbase import pdfmetrics

    from generator.press import fonts

    for i in range(20000):
        text = f"day {i}: CANT → cart → carp → HARP"
        width = fonts.string_width(text, "Sans", 10)
        if i % 5000 == 0:
            assert abs(width - pdfmetrics.stringWidth(text, "Sans", 10)) < 1e-6
    assert fonts._width_per_1000.cache_info().currsize <= 8192
    assert fonts.covers.cache_info().currsize <= 2048
