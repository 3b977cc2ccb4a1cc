"""``meeple rules GAME [--lang]`` (issue 15): a game's players' rules page in the terminal.

The integrator registers it in ``cli.py`` with ``app.command("rules")(rules)``. The page is printed
as Markdown through rich; an unknown game or language is one line on stderr and exit status 2 (the
errors are ``BadSetup``, which ``cli.main`` turns into that line).
"""

from __future__ import annotations

import typer
from rich.console import Console
from rich.markdown import Markdown

from meeple import howto
from meeple.i18n.negotiate import terminal_language


def rules(
    game: str = typer.Argument(..., help="messina, troyes, mundus_novus or luna_maris"),
    lang: str | None = typer.Option(None, "--lang", help="en or zh-TW (else MEEPLE_LANG, else the locale)"),
    plain: bool = typer.Option(False, "--plain", help="print the Markdown text as it is"),
) -> None:
    """Show how to play a game: goal, a round, every action with its cost, scoring."""
    code = terminal_language(lang)
    text = howto.page(game, code if code in howto.LANGUAGES else "en")
    if plain:
        typer.echo(text)
    else:
        Console().print(Markdown(text))
