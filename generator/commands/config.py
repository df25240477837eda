"""`parlour config`: the settings in force (paper, cards, duplex, back offset, spelling) and where each came from."""

from __future__ import annotations

import click
from click.core import ParameterSource

from generator import config
from generator.errors import printable
from generator.press.impose import DUPLEX_MODES, get_card, parse_offset
from generator.press.paper import PAPERS
from generator.words.spelling import SPELLINGS


def _choice(values) -> click.Choice:
    return click.Choice(list(values), case_sensitive=False)


def _setting_option(key: str, values=None, metavar: str = "X,Y"):
    """The option for one setting, named as the printing commands name it."""
    s = config.BY_KEY[key]
    return click.option(
        s.option,
        key,
        type=_choice(values) if values is not None else None,
        default=s.default,
        show_default=True,
        metavar=None if values is not None else metavar,
        help=f"The {s.about}, as if typed on a command.",
    )


@click.command("config")
@_setting_option("paper", PAPERS)
@_setting_option("card", metavar="SIZE")
@_setting_option("duplex", DUPLEX_MODES)
@_setting_option("back_offset")
@_setting_option("spelling", SPELLINGS)
@click.option(
    "--path", "path_only", is_flag=True, help="Print only where the settings file is (or would be)."
)
@click.pass_context
def config_command(ctx: click.Context, path_only: bool, **values: str) -> None:
    """Show the settings in force and where each comes from: default, settings file, or command line.

    \b
    The settings file is config.toml in your config directory ($XDG_CONFIG_HOME/parlour,
    else ~/.config/parlour; set PARLOUR_CONFIG to use another file). It holds top-level keys:
      paper = "a4"               card = "poker"          duplex = "long"
      back_offset = "1.5,-0.5"   spelling = "uk"
    Options typed on the command line always win over it. Give the same options here to see
    how a command would resolve them.

    \b
    Example:
      parlour config
      parlour config --paper letter      # as if typed on a command
      parlour calibrate --save 1.5,-0.5  # store the measured back offset
    """
    settings = config.load()
    if values.get("back_offset") is not None:  # checked before anything is printed
        parse_offset(values["back_offset"])
    values["card"] = get_card(values["card"]).name
    if path_only:
        click.echo(printable(settings.path))
        return
    if settings.exists:
        click.echo(f"settings file: {printable(settings.path)}")
    else:
        click.echo(
            f"settings file: {printable(settings.path)} (not there yet; 'parlour calibrate --save X,Y' starts it)"
        )
    width = max(len(s.key) for s in config.SETTINGS)
    shown = {s.key: str(values[s.key]) for s in config.SETTINGS}
    vwidth = max(len(v) for v in shown.values())
    for s in config.SETTINGS:
        source = ctx.get_parameter_source(s.key)
        if source is ParameterSource.COMMANDLINE:
            where = "command line"
        elif source is ParameterSource.DEFAULT_MAP:
            where = settings.where(s.key)
        else:
            where = "default"
        click.echo(printable(f"{s.key:<{width}}  {shown[s.key]:<{vwidth}}  {where}"))
