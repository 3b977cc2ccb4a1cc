"""Terminal play: views drawn with rich, the play loop and the replay viewer.

Views are structured data; ``render_view`` lays any game's view out as
panels and tables (never a JSON dump) without knowing the game's rules.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple import bots as botlib
from meeple.engine import BadSetup, Event, IllegalAction, State, replay, save_record
from meeple.engine.components import Tables
from meeple.engine.rng import Rng

WIDE_TABLE = 9
"""A table of more fields than this (and no more entries) is drawn one row per field."""

HEAD_KEYS = ("game", "version", "players", "seat", "is_over", "to_move", "decisions", "scores", "ranking")

HELP = """\
[bold]Commands[/bold]
  [cyan]N[/cyan]            take legal action number N
  [cyan]notation[/cyan]     take the action by its text (e.g. what the list shows)
  [cyan]undo[/cyan]         take back your own last decision (not past chance, hidden cards or another seat's move)
  [cyan]save FILE[/cyan]    save the game record (resume with meeple play --load FILE)
  [cyan]log[/cyan]          the recent events
  [cyan]actions[/cyan]      list the legal actions again
  [cyan]view[/cyan]         show the board again
  [cyan]help[/cyan]         this help
  [cyan]quit[/cyan]         save and stop"""


# --- drawing views -------------------------------------------------------------------


def _label(key: str) -> str:
    return key.replace("_", " ")


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _inline(value: Any, depth: int = 0) -> str:
    """A compact one-line text for small nested values."""
    if _is_scalar(value):
        return _scalar(value)
    if isinstance(value, list):
        if not value:
            return "-"
        return ", ".join(_inline(v, depth + 1) for v in value) if depth == 0 else (
            "[" + ", ".join(_inline(v, depth + 1) for v in value) + "]")
    if isinstance(value, dict):
        if not value:
            return "-"
        return "; ".join(f"{_label(str(k))}: {_inline(v, depth + 1)}" for k, v in value.items())
    return str(value)


def _table_of_dicts(title: str, rows: list[dict[str, Any]]) -> Table:
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    table = Table(title=_label(title), title_justify="left", expand=False, show_lines=False)
    if len(columns) > WIDE_TABLE and len(rows) <= WIDE_TABLE:
        # many fields, few entries (a table per seat): one row per field reads better
        table.add_column("", style="bold")
        for i, row in enumerate(rows):
            name = row.get("seat", row.get("name", i))
            table.add_column(f"seat {name}" if "seat" in row else str(name), overflow="fold")
        for col in columns:
            table.add_row(_label(col), *(_inline(row.get(col)) for row in rows))
        return table
    table.add_column("#", style="dim")
    for col in columns:
        table.add_column(_label(col), overflow="fold")
    for i, row in enumerate(rows):
        table.add_row(str(i), *(_inline(row.get(c)) for c in columns))
    return table


def render_value(key: str, value: Any, depth: int = 0) -> RenderableType:
    """One view entry as a rich renderable."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return _table_of_dicts(key, value)
    if isinstance(value, dict) and depth < 2:
        scalars = {k: v for k, v in value.items() if _is_scalar(v) or (
            isinstance(v, list) and all(_is_scalar(x) for x in v))}
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column(overflow="fold")
        for k, v in scalars.items():
            table.add_row(_label(str(k)), _inline(v))
        parts: list[RenderableType] = [table] if scalars else []
        for k, v in value.items():
            if k not in scalars:
                parts.append(render_value(str(k), v, depth + 1))
        return Panel(Group(*parts) if parts else Text("-"), title=_label(key), title_align="left", expand=False)
    return Text(f"{_label(key)}: {_inline(value)}")


def render_view(view: dict[str, Any], title: str = "") -> RenderableType:
    """Any game's view as panels and tables."""
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    seat = view.get("seat")
    head.add_row("you are", "spectator" if seat is None else f"seat {seat}")
    if view.get("is_over"):
        head.add_row("game", "over")
        head.add_row("scores", _inline(view.get("scores")))
        head.add_row("ranking", " > ".join("=".join(f"seat {s}" for s in p) for p in view.get("ranking", [])))
    else:
        head.add_row("to move", f"seat {view.get('to_move')}")
    head.add_row("decisions", str(view.get("decisions", 0)))
    simple = Table.grid(padding=(0, 2))
    simple.add_column(style="bold")
    simple.add_column(overflow="fold")
    blocks: list[RenderableType] = []
    small: list[RenderableType] = []
    for key, value in view.items():
        if key in HEAD_KEYS:
            continue
        if _is_scalar(value) or (isinstance(value, list) and all(_is_scalar(v) for v in value)):
            simple.add_row(_label(key), _inline(value))
        else:
            rendered = render_value(key, value)
            (small if isinstance(rendered, Panel) else blocks).append(rendered)
    top = Columns([Panel(head, title="game"), Panel(simple, title="board")], expand=False)
    return Panel(Group(top, *blocks, Columns(small, expand=False)), title=title or view.get("game", ""))


def render_actions(state: State) -> Table:
    table = Table(title="legal actions", title_justify="left", show_header=False, box=None, padding=(0, 1))
    legal = state.legal_actions()
    cols = 3 if len(legal) > 24 else (2 if len(legal) > 8 else 1)
    for _ in range(cols):
        table.add_column(justify="right", style="cyan")
        table.add_column()
    per = (len(legal) + cols - 1) // cols
    for r in range(per):
        cells: list[str] = []
        for c in range(cols):
            i = c * per + r
            if i < len(legal):
                cells += [str(i + 1), legal[i].notation]
            else:
                cells += ["", ""]
        table.add_row(*cells)
    return table


def render_events(events: list[Event]) -> Text:
    text = Text()
    for e in events:
        text.append("• ", style="dim")
        text.append(str(e.get("text", e.get("type", ""))) + "\n")
    return text


# --- the play loop --------------------------------------------------------------------


class TerminalGame:
    """A game played at the terminal by people (``humans``) and bots (the other seats)."""

    def __init__(
        self,
        state: State,
        humans: list[int],
        bot_specs: dict[int, str],
        console: Console,
        reader: Callable[[str], str],
        tables: Tables | None = None,
        save_dir: Path = Path("saves"),
    ) -> None:
        self.state = state
        self.humans = humans
        self.bots = {seat: botlib.make(spec) for seat, spec in bot_specs.items()}
        self.bot_names = bot_specs
        self.console = console
        self.read = reader
        self.tables = tables
        self.save_dir = save_dir
        self.log: list[Event] = []
        self.viewer = humans[0] if humans else None
        self.rng = Rng(state.seed ^ 0x5EED)

    def autosave_path(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return self.save_dir / f"meeple-{self.state.game.name}-{self.state.seed}-{stamp}.json"

    def save(self, path: Path | None = None) -> Path:
        if path is None:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            path = self.autosave_path()
        return save_record(self.state, path)

    def note(self, events: list[Event]) -> None:
        seen = self.state.visible_events(events, self.viewer)
        self.log.extend(seen)
        if seen:
            self.console.print(render_events(seen))

    def show(self, seat: int) -> None:
        self.console.print(render_view(self.state.view(seat), f"{self.state.game.title}: seat {seat}"))
        recent = self.log[-8:]
        if recent:
            self.console.print(Panel(render_events(recent), title="recent events", title_align="left"))
        self.console.print(render_actions(self.state))

    def run(self) -> int:
        """Play until the end or until the person stops; returns an exit status."""
        try:
            while not self.state.is_over:
                seat = self.state.to_move
                if seat in self.bots:
                    action = botlib.act(self.bots[seat], self.state, self.rng)
                    # the notation may name a secret choice: people see the bot's move through the
                    # events their seat may see, never through the notation
                    self.console.print(f"[dim]seat {seat} ({self.bot_names[seat]}) decides[/dim]")
                    self.note(self.state.apply(action))
                    continue
                if seat != self.viewer and len(self.humans) > 1:
                    self.console.print(f"\n[bold]Pass to seat {seat}.[/bold] Press Enter when ready.")
                    self.read("")
                    self.console.clear()
                self.viewer = seat
                if not self.human_turn(seat):
                    path = self.save()
                    self.console.print(f"Game saved to [bold]{path}[/bold]; resume with "
                                       f"meeple play {self.state.game.name} --load {path}")
                    return 0
        except (KeyboardInterrupt, EOFError):
            path = self.save()
            self.console.print(f"\nStopped. Game saved to [bold]{path}[/bold]; resume with "
                               f"meeple play {self.state.game.name} --load {path}")
            return 130
        self.finish()
        return 0

    def finish(self) -> None:
        self.console.print(render_view(self.state.view(self.viewer), "final position"))
        table = Table(title="final result")
        table.add_column("place")
        table.add_column("seat")
        table.add_column("player")
        table.add_column("score", justify="right")
        scores = self.state.scores()
        for place, seats in enumerate(self.state.ranking(), 1):
            for s in seats:
                who = "you" if s in self.humans else self.bot_names.get(s, "")
                table.add_row(str(place), str(s), who, str(scores[s]))
        self.console.print(table)
        path = self.save()
        self.console.print(f"Record saved to [bold]{path}[/bold] (meeple replay {path})")

    def human_turn(self, seat: int) -> bool:
        """Ask the person at ``seat`` until one decision is taken; False means quit."""
        self.show(seat)
        while True:
            text = self.read(f"seat {seat}> ").strip()
            if not text:
                continue
            word, _, rest = text.partition(" ")
            word = word.lower()
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?"):
                self.console.print(HELP)
                continue
            if word == "log":
                self.console.print(render_events(self.log[-40:]) if self.log else "no events yet")
                continue
            if word in ("actions", "list"):
                self.console.print(render_actions(self.state))
                continue
            if word in ("view", "board"):
                self.show(seat)
                continue
            if word == "save":
                path = self.save(Path(rest.strip()) if rest.strip() else None)
                self.console.print(f"saved to [bold]{path}[/bold]")
                continue
            if word == "undo":
                if self.undo(seat):
                    return True
                continue
            legal = self.state.legal_actions()
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    self.console.print(f"[red]no action number {number}: choose 1 to {len(legal)}[/red]")
                    continue
                choice: Any = legal[number - 1]
            else:
                choice = text
            try:
                events = self.state.apply(choice)
            except IllegalAction as exc:
                self.console.print(f"[red]{exc}[/red]")
                continue
            self.note(events)
            return True

    def undo(self, seat: int) -> bool:
        keep = self.state.undo_target(seat)
        if keep is None:
            self.console.print("[yellow]cannot undo: another seat has acted, or chance or hidden "
                               "information was revealed, since your last decision[/yellow]")
            return False
        self.state = replay(self.state.record(), self.tables, upto=keep)
        self.console.print(f"[green]took back your last decision ({len(self.state.history)} kept)[/green]")
        return True


def replay_viewer(
    record: dict[str, Any], seat: int | None, console: Console, reader: Callable[[str], str],
    tables: Tables | None = None,
) -> int:
    """Step through a saved game as ``seat`` saw it (None: as a spectator)."""
    final = replay(record, tables)
    if seat is not None and not 0 <= seat < final.players:
        raise BadSetup(f"no seat {seat} in a {final.players}-player game")
    total = len(record["actions"])
    step = 0
    state = replay(record, tables, upto=0)
    while True:
        console.print(render_view(state.view(seat), f"step {step} of {total}"))
        if step < total:
            mover = state.to_move
            shown = record["actions"][step] if mover == seat else "(their decision)"
            console.print(f"next: seat {mover} plays [cyan]{shown}[/cyan]")
        try:
            text = reader("[Enter] next, b back, N go to step N, e end, q quit> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return 0
        if text in ("q", "quit"):
            return 0
        if text in ("", "n", "next"):
            target = min(total, step + 1)
        elif text in ("b", "back"):
            target = max(0, step - 1)
        elif text in ("e", "end"):
            target = total
        elif text.isdigit():
            target = min(total, int(text))
        else:
            console.print("[red]type Enter, b, a step number, e or q[/red]")
            continue
        if target == step and step == total:
            console.print("[dim]end of the game[/dim]")
        if target == step + 1:
            events = state.apply(record["actions"][step])
            console.print(render_events(state.visible_events(events, seat)))
        elif target != step:
            state = replay(record, tables, upto=target)
        step = target


def dump(view: dict[str, Any]) -> str:
    return json.dumps(view, indent=1, ensure_ascii=False)
