"""press.output: every output of a command is checked first, staged, and committed together."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from generator.errors import ParlourError
from generator.press.output import Outputs, protected_dirs


def _names(where: Path) -> list[str]:
    return sorted(p.name for p in where.iterdir())


def test_staged_then_committed_together(tmp_path):
    with Outputs() as tx:
        a = tx.file(tmp_path / "a.pdf")
        b = tx.file(tmp_path / "b.json", "--json")
        d = tx.directory(tmp_path / "png", "--png")
        # temporaries exist from the start, with short names beside their targets
        assert a.parent == tmp_path and a.name.startswith(".a.pdf.") and a.name.endswith(".part")
        assert not (tmp_path / "a.pdf").exists() and not (tmp_path / "png").exists()
        a.write_text("pdf")
        b.write_text("json")
        (d / "p-001.png").write_text("png")
        tx.commit()
    assert _names(tmp_path) == ["a.pdf", "b.json", "png"]
    assert (tmp_path / "png" / "p-001.png").read_text() == "png"


def test_failure_leaves_nothing(tmp_path):
    with pytest.raises(RuntimeError), Outputs() as tx:
        tx.file(tmp_path / "a.pdf").write_text("half")
        tx.directory(tmp_path / "png", "--png")
        raise RuntimeError("a later output failed")
    assert _names(tmp_path) == []


def test_leaving_without_commit_leaves_nothing(tmp_path):
    with Outputs() as tx:
        tx.file(tmp_path / "a.pdf").write_text("x")
    assert _names(tmp_path) == []


def test_keyboard_interrupt_leaves_nothing(tmp_path):
    existing = tmp_path / "png"
    existing.mkdir()
    (existing / "old.png").write_text("keep")
    with pytest.raises(KeyboardInterrupt), Outputs() as tx:
        tx.file(tmp_path / "a.pdf").write_text("x")
        (tx.directory(existing, "--png") / "new.png").write_text("n")
        raise KeyboardInterrupt
    assert _names(tmp_path) == ["png"] and _names(existing) == ["old.png"]


def test_same_path_twice_is_refused(tmp_path):
    with Outputs() as tx:
        tx.file(tmp_path / "x.pdf")
        with pytest.raises(ParlourError, match="same path"):
            tx.file(tmp_path / "sub" / ".." / "x.pdf", "--json")


def test_input_is_refused_by_path_and_by_inode(tmp_path):
    src = tmp_path / "mine.toml"
    src.write_text("[letters]\n")
    link = tmp_path / "hard.toml"
    os.link(src, link)
    with Outputs([src]) as tx:
        with pytest.raises(ParlourError, match="inputs"):
            tx.file(src)
        with pytest.raises(ParlourError, match="inputs"):
            tx.file(link)
    assert src.read_text() == "[letters]\n"


def test_packaged_templates_are_protected():
    from generator.games.fighting_words import model as fighting_words

    template = fighting_words.TEMPLATE
    assert any(template.resolve().parent == d for d in protected_dirs())
    before = template.read_bytes()
    with Outputs() as tx, pytest.raises(ParlourError, match="parlour's own files"):
        tx.file(template)
    assert template.read_bytes() == before


def test_every_folder_of_a_namespace_package_is_protected(tmp_path, monkeypatch):
    """Packaged templates and fonts spread over several folders (a namespace package's __path__)
    are all protected; a folder that is not on disk (inside a zip file) is left out."""
    import sys
    from types import ModuleType

    roots = [tmp_path / "a", tmp_path / "b"]
    for r in roots:
        r.mkdir()
    spread = ModuleType("generator._templates")
    spread.__path__ = [str(r) for r in roots] + [str(tmp_path / "x.zip" / "templates")]
    monkeypatch.setitem(sys.modules, "generator._templates", spread)
    dirs = protected_dirs()
    assert all(r.resolve() in dirs for r in roots)
    assert not any("x.zip" in str(d) for d in dirs)


def test_symlink_is_written_through(tmp_path):
    real = tmp_path / "real.pdf"
    real.write_text("old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    with Outputs() as tx:
        tx.file(link).write_text("new")
        tx.commit()
    assert link.is_symlink() and real.read_text() == "new"


def test_fifo_is_streamed_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    with Outputs() as tx:
        tx.file(fifo).write_bytes(b"%PDF-data")
        tx.commit()
    reader.join(10)
    assert got == [b"%PDF-data"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert _names(tmp_path) == ["pipe"]


def test_device_is_streamed_not_replaced():
    before = os.stat("/dev/null")
    with Outputs() as tx:
        tx.file("/dev/null").write_bytes(b"data")
        tx.commit()
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_full_device_is_one_error():
    with Outputs() as tx:
        tx.file("/dev/full").write_bytes(b"data")
        with pytest.raises(ParlourError, match="No space left"):
            tx.commit()


def test_trailing_slash_means_a_directory(tmp_path):
    with Outputs() as tx, pytest.raises(ParlourError, match="no such directory"):
        tx.file(f"{tmp_path}/out/")
    assert _names(tmp_path) == []


def test_long_names(tmp_path):
    name = "n" * 245 + ".pdf"  # 249 characters: the temporary's name must stay short
    with Outputs() as tx:
        tx.file(tmp_path / name).write_text("x")
        tx.commit()
    assert _names(tmp_path) == [name]
    with Outputs() as tx, pytest.raises(ParlourError, match="longer than"):
        tx.file(tmp_path / ("n" * 300 + ".pdf"))


@pytest.mark.parametrize("where", ["/proc/x.pdf", "/sys/x.pdf"])
def test_kernel_file_systems_are_one_error(where):
    with Outputs() as tx, pytest.raises(ParlourError):
        tx.file(where)


def test_default_folder_is_made_only_at_commit(tmp_path):
    target = tmp_path / "output" / "x.pdf"
    with Outputs() as tx:
        tx.file(target, make_parents=True).write_text("x")
        assert _names(tmp_path) != ["output"] and not (tmp_path / "output").exists()
        tx.commit()
    assert target.read_text() == "x"
    with Outputs() as tx:
        tx.file(tmp_path / "output2" / "y.pdf", make_parents=True)
    assert _names(tmp_path) == ["output"]


def test_directory_made_with_parents_at_commit(tmp_path):
    with Outputs() as tx:
        (tx.directory(tmp_path / "a" / "b", "--output", make_parents=True) / "f.pdf").write_text("x")
        assert _names(tmp_path) != ["a"] or not (tmp_path / "a" / "b").exists()
        tx.commit()
    assert (tmp_path / "a" / "b" / "f.pdf").read_text() == "x"
    assert _names(tmp_path) == ["a"] and _names(tmp_path / "a") == ["b"]


def test_directory_entry_that_is_not_a_file_stops_everything(tmp_path):
    folder = tmp_path / "daily"
    folder.mkdir()
    (folder / "d.pdf").mkdir()  # in the way of a file the command wants to put there
    with Outputs() as tx:
        pdf = tx.file(tmp_path / "book.pdf")
        pdf.write_text("x")
        (tx.directory(folder, "--output") / "d.pdf").write_text("y")
        with pytest.raises(ParlourError, match="not a regular file"):
            tx.commit()
    assert _names(tmp_path) == ["daily"] and _names(folder) == ["d.pdf"]


def test_modes_follow_the_umask_and_keep_existing(tmp_path):
    old = os.umask(0o027)
    try:
        with Outputs() as tx:
            tx.file(tmp_path / "new.pdf").write_text("x")
            tx.commit()
        assert stat.S_IMODE(os.stat(tmp_path / "new.pdf").st_mode) == 0o640
        (tmp_path / "keep.pdf").write_text("old")
        os.chmod(tmp_path / "keep.pdf", 0o600)
        with Outputs() as tx:
            tx.file(tmp_path / "keep.pdf").write_text("x")
            tx.commit()
        assert stat.S_IMODE(os.stat(tmp_path / "keep.pdf").st_mode) == 0o600
    finally:
        os.umask(old)


def test_one_json_writer(tmp_path):
    import json

    from generator.press.output import dump_json, json_text

    data = {"word": "café", "n": [1, 2]}
    text = json_text(data)
    assert text.endswith("}\n") and "café" in text and json.loads(text) == data
    dump_json(tmp_path / "x.json", data)
    assert (tmp_path / "x.json").read_text(encoding="utf-8") == text
