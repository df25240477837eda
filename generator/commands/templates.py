"""`parlour templates`: copy the editable TOML templates out of the package, and list them."""

from __future__ import annotations

from pathlib import Path

import click

from generator import templates as tpl
from generator.errors import ParlourError, printable


@click.group("templates")
def templates() -> None:
    """Copy parlour's editable templates to change them; print with --templates DIR.

    \b
    The card texts, letter mix, orb pattern and cheat notes come from TOML templates
    inside parlour. Copy them out, edit the copies, and point a printing command at
    the directory: a file there replaces the packaged one of the same name, and
    files you leave out (or delete) still come from parlour.

    \b
    Example:
      parlour templates export my-templates
      parlour fighting-words deck --templates my-templates
      PARLOUR_TEMPLATES=my-templates parlour pack
    """


@templates.command()
@click.argument("directory", type=click.Path(path_type=Path, file_okay=False))
@click.option("--force", is_flag=True, help="Overwrite templates already in DIRECTORY.")
def export(directory: Path, force: bool) -> None:
    """Copy every template into DIRECTORY (made if missing) for you to edit.

    \b
    Example:
      parlour templates export my-templates
      parlour riddle-craft deck --templates my-templates
    """
    written = copy_templates(directory, force=force)
    click.echo(
        printable(f"copied {len(written)} templates into {directory}: " + ", ".join(tpl.names())), err=True
    )
    click.echo(printable(f"edit them, then print with --templates {directory}"), err=True)


@templates.command("list")
@tpl.templates_option
def list_templates() -> None:
    """List the templates and the file each command would read.

    \b
    Example:
      parlour templates list --templates my-templates
    """
    for name in tpl.names():
        click.echo(f"{name:<24} {tpl.locate(name)}")


def copy_templates(dest: Path, force: bool = False) -> list[Path]:
    """Copy every packaged template into `dest` (made if missing); refuses to overwrite unless `force`."""
    root = tpl.home_path(dest, "templates export")
    if root.exists() and not root.is_dir():
        raise ParlourError(f"{str(root)!r} is a file: give a directory to copy the templates into")
    items = list(tpl.walk(tpl.packaged_root()))
    clash = [name for name, _ in items if (root / name).exists()]
    if clash and not force:
        raise ParlourError(
            f"{root} already has {', '.join(clash)}: pass --force to overwrite, or choose another directory"
        )
    from generator.press.output import Outputs

    written = []
    with Outputs() as tx:  # all copies put in place together; never into parlour's own files
        staged = tx.directory(root, "templates export", make_parents=True)
        for name, item in items:
            (staged / name).parent.mkdir(parents=True, exist_ok=True)
            (staged / name).write_bytes(item.read_bytes())
            written.append(root / name)
        tx.commit()
    return written
