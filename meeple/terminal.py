"""Terminal play: the play loop, the whole-table view drawn with rich, and the replay viewer.

Each decision is one compact screen that fits 100 x 40 (``terminal_screen``, issue 15): your position,
what changed since your last decision, the numbered actions with their costs; ``board`` draws the
whole view with ``render_view``, which lays any game's view out as panels and tables (never a JSON
dump) without knowing the game's rules; ``help N`` explains an action before it is taken
(``terminal_help``).  Every word the terminal itself writes comes from the catalog in the player's
language (``terminal_words.Words``; issue 14); events, refusals and action labels carried as message
keys are rendered from it too, else shown as their English text or notation.
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
from meeple.engine import Action, BadSetup, Event, IllegalAction, State, replay, save_record
from meeple.engine.components import Tables
from meeple.engine.messages import Message
from meeple.engine.rng import Rng
from meeple.i18n import has, ntranslate, render
from meeple.terminal_help import changes_text, component_by_name, components_named, previews
from meeple.terminal_screen import HEIGHT, WIDTH, Layout, compact_screen
from meeple.terminal_words import ENGLISH, Words, inline, is_scalar, scalar

WIDE_TABLE = 9
"""A table of more fields than this (and no more entries) is drawn one row per field."""

HEAD_KEYS = ("game", "version", "players", "seat", "is_over", "to_move", "decisions", "scores", "ranking")
# the printed component tables a view may carry for the browser's effect texts (Messina's
# ``components``): reference, not position, so `board` leaves them to `help` and `meeple rules`
REFERENCE_KEYS = ("components",)


def help_text(words: Words = ENGLISH) -> str:
    """The play loop's help."""
    return words.t("term.help")


# --- drawing views -------------------------------------------------------------------




def _table_of_dicts(title: str, rows: list[dict[str, Any]], words: Words = ENGLISH) -> Table:
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    table = Table(title=words.label(title), title_justify="left", expand=False, show_lines=False)
    if len(columns) > WIDE_TABLE and len(rows) <= WIDE_TABLE:
        # many fields, few entries (a table per seat): one row per field reads better
        table.add_column("", style="bold")
        for i, row in enumerate(rows):
            name = row.get("seat", row.get("name", i))
            table.add_column(words.seat(name) if "seat" in row else scalar(name, words), overflow="fold")
        for col in columns:
            table.add_row(words.label(col), *(inline(row.get(col), 0, words) for row in rows))
        return table
    table.add_column("#", style="dim")
    for col in columns:
        table.add_column(words.label(col), overflow="fold")
    for i, row in enumerate(rows):
        table.add_row(str(i), *(inline(row.get(c), 0, words) for c in columns))
    return table


def render_value(key: str, value: Any, depth: int = 0, words: Words = ENGLISH) -> RenderableType:
    """One view entry as a rich renderable."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return _table_of_dicts(key, value, words)
    if isinstance(value, dict) and depth < 2:
        scalars = {k: v for k, v in value.items() if is_scalar(v) or (
            isinstance(v, list) and all(is_scalar(x) for x in v))}
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column(overflow="fold")
        for k, v in scalars.items():
            table.add_row(words.label(str(k)), inline(v, 0, words))
        parts: list[RenderableType] = [table] if scalars else []
        for k, v in value.items():
            if k not in scalars:
                parts.append(render_value(str(k), v, depth + 1, words))
        return Panel(Group(*parts) if parts else Text("-"), title=words.label(key), title_align="left", expand=False)
    return Text(f"{words.label(key)}: {inline(value, 0, words)}")


def render_view(view: dict[str, Any], title: str = "", words: Words = ENGLISH) -> RenderableType:
    """Any game's view as panels and tables, in the language of ``words``."""
    t = words.t
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    seat = view.get("seat")
    head.add_row(t("term.you_are"), t("term.spectator") if seat is None else words.seat(seat))
    if view.get("is_over"):
        head.add_row(t("term.game"), t("term.over"))
        head.add_row(t("term.scores"), inline(view.get("scores"), 0, words))
        head.add_row(t("term.ranking"), " > ".join("=".join(words.seat(s) for s in p) for p in view.get("ranking", [])))
    else:
        head.add_row(t("term.to_move"), words.seat(view.get("to_move")))
    head.add_row(t("term.decisions"), str(view.get("decisions", 0)))
    simple = Table.grid(padding=(0, 2))
    simple.add_column(style="bold")
    simple.add_column(overflow="fold")
    blocks: list[RenderableType] = []
    small: list[RenderableType] = []
    for key, value in view.items():
        if key in HEAD_KEYS or key in REFERENCE_KEYS:
            continue
        if is_scalar(value) or (isinstance(value, list) and all(is_scalar(v) for v in value)):
            simple.add_row(words.label(key), inline(value, 0, words))
        else:
            rendered = render_value(key, value, 0, words)
            (small if isinstance(rendered, Panel) else blocks).append(rendered)
    top = Columns([Panel(head, title=t("term.game")), Panel(simple, title=t("term.board"))], expand=False)
    return Panel(Group(top, *blocks, Columns(small, expand=False)), title=title or view.get("game", ""))


def action_text(action: Action, label: Message | None, words: Words = ENGLISH) -> str:
    """An action as the list shows it: its display label (``state.label(action)``, a message) when it
    has one, else the notation."""
    if isinstance(label, dict) and label.get("key"):
        return f"{render(words.lang, label)} [dim]{action.notation}[/dim]"
    return str(action.notation)


def render_actions(state: State, words: Words = ENGLISH) -> Table:
    table = Table(title=words.t("term.legal_actions"), title_justify="left", show_header=False, box=None,
                  padding=(0, 1))
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
                cells += [str(i + 1), action_text(legal[i], state.label(legal[i]), words)]
            else:
                cells += ["", ""]
        table.add_row(*cells)
    return table


def render_events(events: list[Event], words: Words = ENGLISH) -> Text:
    """Events as lines: from their message key and args when they carry one, else their text."""
    text = Text()
    for e in events:
        text.append("• ", style="dim")
        text.append(render(words.lang, e) + "\n")
    return text


# --- the play loop --------------------------------------------------------------------


class TerminalGame:
    """A game played at the terminal by people (``humans``) and bots (the other seats).

    Each decision is one compact screen (``terminal_screen``, 100 x 40): the person's position,
    what changed since their last decision, the actions with their costs; ``board`` draws the whole
    view, ``help N`` explains an action before it is taken."""

    def __init__(
        self,
        state: State,
        humans: list[int],
        bot_specs: dict[int, str],
        console: Console,
        reader: Callable[[str], str],
        tables: Tables | None = None,
        save_dir: Path = Path("saves"),
        lang: str | None = "en",
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
        """Every event of the game, unfiltered: each seat is shown only what it may see."""
        self.seen: dict[int, int] = {}
        """Per seat, how much of the log its last screen showed."""
        self.viewer = humans[0] if humans else None
        self.rng = Rng(state.seed ^ 0x5EED)
        self.words = Words(lang, state.game)
        self.page = 0
        self.since: list[Event] = []
        """The events the current screen shows as new since the person's last decision."""
        self.shown_from = self.decided_from = 0
        self.mark = 0
        """How long the log was before the person's last decision (undo cuts it back)."""

    def t(self, key: str, **args: Any) -> str:
        return self.words.t(key, **args)

    def title(self) -> str:
        name = f"game.{self.state.game.name}.title"
        return self.t(name) if has(self.words.lang, name) else self.state.game.title

    def intro(self) -> str:
        """The line that opens a game: what is played, by whom."""
        bots = ", ".join(self.words.seat(s) + " " + self.words.bot(b) for s, b in self.bot_names.items())
        return self.t("term.intro", title=self.title(), players=self.state.players, seed=self.state.seed,
                      seats=", ".join(map(str, self.humans)), bots=bots or self.t("term.none"))

    def autosave_path(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return self.save_dir / f"meeple-{self.state.game.name}-{self.state.seed}-{stamp}.json"

    def save(self, path: Path | None = None) -> Path:
        if path is None:
            self.save_dir.mkdir(parents=True, exist_ok=True)
            path = self.autosave_path()
        return save_record(self.state, path)

    def try_save(self, path: Path | None = None) -> Path | None:
        """Save, or say in one line why the file could not be written (the game goes on)."""
        try:
            return self.save(path)
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            where = path if path is not None else self.save_dir
            self.console.print(Text(self.t("term.save_failed", path=where, reason=reason), style="red"))
            return None

    def visible_log(self, seat: int | None, start: int = 0) -> list[Event]:
        return self.state.visible_events(self.log[start:], seat)

    def note(self, events: list[Event]) -> None:
        """Keep a decision's events; each seat's next screen shows those it may see."""
        self.log.extend(events)

    def layout(self) -> Layout:
        if self.console.is_terminal:
            width, height = self.console.size
            return Layout(min(width, WIDTH), max(20, min(height, HEIGHT)))
        return Layout(min(self.console.width, WIDTH), HEIGHT)

    def previews(self, seat: int) -> dict[str, Any]:
        memo = self.state.memo()
        key = f"terminal_previews_{seat}"
        found = memo.get(key)
        if found is None:
            found = memo[key] = previews(self.state, seat)
        return found

    def show(self, seat: int, again: bool = False) -> None:
        """The compact screen of this decision (``again``: the same decision's, redrawn)."""
        if self.console.is_terminal:
            self.console.clear()
        if not again:
            self.shown_from = self.seen.get(seat, 0)
            self.since = self.visible_log(seat, self.shown_from)
            self.seen[seat] = len(self.log)
        since = self.since
        title = self.t("term.view_title", title=self.title(), seat=seat)
        for line in compact_screen(self.state, seat, title, self.words, since, self.previews(seat), self.page,
                                   self.layout()):
            self.console.print(line, overflow="ellipsis", no_wrap=True, crop=True)

    def show_board(self, seat: int) -> None:
        """The whole view, the recent events and every action, as before issue 15."""
        title = self.t("term.view_title", title=self.title(), seat=seat)
        self.console.print(render_view(self.state.view(seat), title, self.words))
        recent = self.visible_log(seat)[-8:]
        if recent:
            self.console.print(Panel(render_events(recent, self.words), title=self.t("term.recent_events"),
                                     title_align="left"))
        self.console.print(render_actions(self.state, self.words))

    def run(self) -> int:
        """Play until the end or until the person stops; returns an exit status."""
        game = self.state.game.name
        try:
            while not self.state.is_over:
                seat = self.state.to_move
                if seat in self.bots:
                    action = botlib.act(self.bots[seat], self.state, self.rng)
                    # the notation may name a secret choice: people see the bot's move through the
                    # events their seat may see, never through the notation
                    deciding = self.t("term.bot_decides", seat=seat, bot=self.words.bot(self.bot_names[seat]))
                    self.console.print(Text(deciding, style="dim"))
                    self.note(self.state.apply(action))
                    continue
                if seat != self.viewer and len(self.humans) > 1:
                    self.console.print(self.t("term.pass_to", seat=seat))
                    self.read("")
                    self.console.clear()
                self.viewer = seat
                if not self.human_turn(seat):
                    path = self.try_save()
                    if path is None:
                        return 1
                    self.console.print(self.t("term.saved_resume", path=path, game=game))
                    return 0
        except (KeyboardInterrupt, EOFError):
            path = self.try_save()
            if path is None:
                return 1
            self.console.print(self.t("term.stopped", path=path, game=game))
            return 130
        self.finish()
        return 0

    def finish(self) -> None:
        """The final position and the score sheet."""
        final = self.visible_log(self.viewer, self.seen.get(self.viewer or 0, 0))
        if final:
            self.console.print(render_events(final, self.words))
        self.console.print(render_view(self.state.view(self.viewer), self.t("term.final_position"), self.words))
        table = Table(title=self.t("term.final_result"))
        table.add_column(self.t("term.place"))
        table.add_column(self.t("term.seat_column"))
        table.add_column(self.t("term.player"))
        table.add_column(self.t("term.score"), justify="right")
        scores = self.state.scores()
        for place, seats in enumerate(self.state.ranking(), 1):
            for s in seats:
                who = self.t("term.you") if s in self.humans else (
                    self.t("term.bot", bot=self.words.bot(self.bot_names[s])) if s in self.bot_names else "")
                table.add_row(str(place), str(s), who, str(scores[s]))
        self.console.print(table)
        solo = self.state.solo()
        if solo is not None:  # docs/engine.md "Solo games": the score against the game's yardstick
            kind = self.t("term.solo.kind.ai") if solo["yardstick_kind"] == "ai" else self.t("term.solo.kind.published")
            args = {"level": solo["level"], "score": solo["score"], "yardstick": solo["yardstick"], "kind": kind}
            if solo["beaten"]:
                self.console.print(self.t("term.solo.beaten", **args))
            else:
                self.console.print(self.t("term.solo.short", **args))
        path = self.try_save()
        if path is not None:
            self.console.print(self.t("term.record_saved", path=path))

    def refusal(self, exc: IllegalAction) -> str:
        """Why an action was refused: its message (key + args) when the game gives one, else its text."""
        message = getattr(exc, "message", None)
        if isinstance(message, dict) and message.get("key"):
            return render(self.words.lang, message)
        return str(exc)

    def explain(self, seat: int, what: str) -> None:
        """``help ACTION``: an action (by number or notation) or a component, explained."""
        legal = self.state.legal_actions()
        action = None
        if what.isdigit() and 1 <= int(what) <= len(legal):
            action = legal[int(what) - 1]
        else:
            action = next((a for a in legal if a.notation.lower() == what.lower()), None)
        if action is None:
            found = component_by_name(self.state, what, self.words)
            if found is None:
                self.console.print(Text(self.t("term.help_unknown", what=what, count=len(legal)), style="red"))
                return
            self.console.print(Text.assemble((found[0], "bold"), ": ", found[1]))
            return
        number = legal.index(action) + 1
        head = Text(f"{number} ", style="cyan")
        label = self.state.label(action)
        if isinstance(label, dict) and label.get("key"):
            head.append(render(self.words.lang, label), style="bold")
            head.append(f"  {action.notation}", style="dim")
        else:
            head.append(action.notation, style="bold")
        self.console.print(head)
        seen = self.previews(seat).get(action.notation)
        if isinstance(label, dict) and isinstance(label.get("args"), dict) and "cost" in label["args"]:
            cost = label["args"]["cost"]
            self.console.print(Text(self.t("term.help_cost", cost=render(self.words.lang, cost)
                                           if isinstance(cost, dict) else cost)))
        if seen is not None and seen.changes:
            self.console.print(Text(self.t("term.help_changes", changes=changes_text(seen.changes, self.words))))
        if seen is not None and seen.events:
            if seen.chance:
                self.console.print(Text(self.t("term.help_chance"), style="yellow"))
            self.console.print(Text(self.t("term.help_then")))
            self.console.print(render_events(seen.events[:12], self.words), end="")
        elif seen is not None and not seen.changes:
            self.console.print(Text(self.t("term.help_nothing")))
        for name, effect in components_named(self.state, action, seen.events if seen else [], self.words):
            self.console.print(Text.assemble((name, "bold"), ": ", effect))

    def human_turn(self, seat: int) -> bool:
        """Ask the person at ``seat`` until one decision is taken; False means quit."""
        self.page = 0
        self.show(seat)
        while True:
            text = self.read(self.t("term.prompt", seat=seat)).strip()
            if not text:
                continue
            word, _, rest = text.partition(" ")
            word, rest = word.lower(), rest.strip()
            if word in ("quit", "exit", "q"):
                return False
            if word in ("help", "?"):
                if rest:
                    self.explain(seat, rest)
                else:
                    self.console.print(help_text(self.words))
                continue
            if word == "log":
                seen = self.visible_log(seat)
                self.console.print(render_events(seen[-40:], self.words) if seen else self.t("term.no_events"))
                continue
            if word in ("actions", "list"):
                self.console.print(render_actions(self.state, self.words))
                continue
            if word in ("more", "m"):
                self.page += 1
                self.show(seat, again=True)
                continue
            if word in ("screen", "s"):
                self.show(seat, again=True)
                continue
            if word in ("view", "board"):
                self.show_board(seat)
                continue
            if word == "save":
                path = self.try_save(Path(rest) if rest else None)
                if path is not None:
                    self.console.print(self.t("term.saved_to", path=path))
                continue
            if word == "undo":
                if self.undo(seat):
                    return True
                continue
            legal = self.state.legal_actions()
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    refused = self.t("term.no_action_number", number=number, count=len(legal))
                    self.console.print(Text(refused, style="red"))
                    continue
                choice: Any = legal[number - 1]
            else:
                choice = text
            try:
                events = self.state.apply(choice)
            except IllegalAction as exc:
                self.console.print(Text(self.refusal(exc), style="red"))
                continue
            self.mark, self.decided_from = len(self.log), self.shown_from
            self.note(events)
            return True

    def undo(self, seat: int) -> bool:
        keep = self.state.undo_target(seat)
        if keep is None:
            self.console.print(Text(self.t("term.cannot_undo"), style="yellow"))
            return False
        self.state = replay(self.state.record(), self.tables, upto=keep)
        del self.log[self.mark:]
        self.seen = {s: min(n, self.mark) for s, n in self.seen.items()}
        self.seen[seat] = min(self.decided_from, self.mark)  # the screen shows again what it showed
        self.console.print(ntranslate(self.words.lang, "term.undone", len(self.state.history)))
        return True


def replay_viewer(
    record: dict[str, Any], seat: int | None, console: Console, reader: Callable[[str], str],
    tables: Tables | None = None, lang: str | None = "en",
) -> int:
    """Step through a saved game as ``seat`` saw it (None: as a spectator)."""
    final = replay(record, tables)
    words = Words(lang, final.game)
    t = words.t
    if seat is not None and not 0 <= seat < final.players:
        raise BadSetup(t("term.no_seat", seat=seat, players=final.players))
    total = len(record["actions"])
    step = 0
    state = replay(record, tables, upto=0)
    while True:
        console.print(render_view(state.view(seat), t("term.step_of", step=step, total=total), words))
        if step < total:
            mover = state.to_move
            shown = record["actions"][step] if mover == seat else t("term.their_decision")
            console.print(t("term.next_plays", seat=mover, action=shown))
        try:
            text = reader(t("term.replay_prompt")).strip().lower()
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
            console.print(Text(t("term.replay_keys"), style="red"))
            continue
        if target == step and step == total:
            console.print(Text(t("term.end_of_game"), style="dim"))
        if target == step + 1:
            events = state.apply(record["actions"][step])
            console.print(render_events(state.visible_events(events, seat), words))
        elif target != step:
            state = replay(record, tables, upto=target)
        step = target


def dump(view: dict[str, Any]) -> str:
    return json.dumps(view, indent=1, ensure_ascii=False)
