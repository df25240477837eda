"""press.face_cache: a face read back from parlour's cache is reportlab's own parse of the file."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

from generator.press import face_cache, fonts


@pytest.fixture
def cache_here(monkeypatch, tmp_path):
    monkeypatch.setenv("PARLOUR_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _same_face(got, want) -> None:
    mine, theirs = dict(vars(got)), dict(vars(want))
    for d in (mine, theirs):
        d.pop("_pdfScale")
        d.pop("_later", None)
    assert got.glyphToChar == want.glyphToChar  # read on demand from the saved copy
    mine["glyphToChar"] = got.glyphToChar
    assert mine.keys() == theirs.keys()
    for k, v in theirs.items():
        assert mine[k] == v, k
        assert type(mine[k]) is type(v), k
        if isinstance(v, TTFNameBytes):
            assert mine[k].ustr == v.ustr, k
    for x in (0, 1, 7, 1000, 2048, -240, 1234.5):
        assert got._pdfScale(x) == want._pdfScale(x)


@pytest.mark.parametrize("face", sorted(fonts.FACES))
def test_a_saved_face_equals_reportlabs_parse(cache_here, face):
    path = fonts.font_path(face)
    first = face_cache.load_face(path)  # parsed by reportlab, then saved
    assert face_cache.cache_path(path).is_file()
    again = face_cache.load_face(path)  # read back
    assert type(again) is not type(first)
    _same_face(again, TTFont(face, str(path)).face)


def test_a_font_is_set_up_as_ttfonts_own(cache_here):
    path = fonts.font_path("Serif")
    face_cache.load_face(path)
    got, want = face_cache.load_font("Serif", path), TTFont("Serif", str(path))
    mine, theirs = vars(got), vars(want)
    assert mine.keys() == theirs.keys()
    for k in theirs.keys() - {"face", "state", "encoding"}:
        assert mine[k] == theirs[k], k
    assert got.shapable == want.shapable and got.encoding.name == want.encoding.name
    assert got.stringWidth("Doublets ☑ ♠", 11) == want.stringWidth("Doublets ☑ ♠", 11)


def test_a_damaged_or_foreign_cache_file_is_parsed_again(cache_here):
    path = fonts.font_path("Cond")
    face_cache.load_face(path)
    saved = face_cache.cache_path(path)
    saved.write_bytes(saved.read_bytes()[:100])
    _same_face(face_cache.load_face(path), TTFont("Cond", str(path)).face)  # parsed, saved again
    _same_face(face_cache.load_face(path), TTFont("Cond", str(path)).face)
    saved.write_bytes(b"not marshal at all")
    _same_face(face_cache.load_face(path), TTFont("Cond", str(path)).face)


def test_the_pdf_is_the_same_whether_faces_were_parsed_or_read_back(tmp_path):
    """The first run parses every face (nothing saved yet); the second reads them all back."""
    env = {**os.environ, "PARLOUR_CACHE_DIR": str(tmp_path / "cache")}
    out = []
    for n in (1, 2):
        pdf = tmp_path / f"rules{n}.pdf"
        res = subprocess.run(
            [sys.executable, "-m", "generator", "rules", "-o", str(pdf)],
            capture_output=True,
            text=True,
            env=env,
        )
        assert res.returncode == 0, res.stderr
        out.append(pdf.read_bytes())
    assert len(list((tmp_path / "cache").glob("face-*.bin"))) >= 4
    assert out[0] == out[1]


def test_a_face_whose_sources_cannot_be_looked_at_is_parsed_and_not_kept(cache_here, monkeypatch):
    def denied(font):
        raise PermissionError(13, "Permission denied", str(font))

    monkeypatch.setattr(face_cache, "cache_path", denied)
    path = fonts.font_path("Sans-Bold")
    _same_face(face_cache.load_face(path), TTFont("Sans-Bold", str(path)).face)
    assert not cache_here.exists()
