"""PNG previews of a PDF's pages through pypdfium2."""

from __future__ import annotations

from pathlib import Path

from generator.errors import ParlourError


def render_pngs(pdf: str | Path, out_dir: str | Path, dpi: int = 110, stem: str | None = None) -> list[Path]:
    """Write one PNG per page of `pdf` into `out_dir` (created if its parent exists); returns the paths."""
    import pypdfium2 as pdfium

    out = Path(out_dir)
    if not out.exists():
        if not out.parent.is_dir():
            raise ParlourError(f"--png: directory {str(out.parent)!r} does not exist; create it first")
        out.mkdir()
    elif not out.is_dir():
        raise ParlourError(f"--png {str(out)!r} is a file, not a directory")
    stem = stem or Path(pdf).stem
    doc = pdfium.PdfDocument(str(pdf))
    paths = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            image = page.render(scale=dpi / 72).to_pil()
            path = out / f"{stem}-{i + 1:03d}.png"
            image.save(path, optimize=False)
            paths.append(path)
            page.close()
    finally:
        doc.close()
    return paths
