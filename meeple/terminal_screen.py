"""The compact screen (issue 15): one decision fits 100 x 40.

Your position first (your own entry of the view with your private parts, the score as the table
knows it, whose turn it is), then what changed since your last decision, then the actions with their
labels and costs, numbered, in columns and paged.  Every line is cut to the width, so the screen is
exactly as tall as it says.  ``board`` still draws the whole view (``terminal.render_view``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from meeple.engine import Action, Event, State
from meeple.engine.messages import Message
from meeple.i18n import ntranslate, render
from meeple.terminal_help import Preview, cost_text, own_entry, private_fields
from meeple.terminal_words import Words, brief, is_scalar

WIDTH = 100
HEIGHT = 40
SCORE_FIELDS = ("vp", "score", "points", "prestige")
"""Fields read as a seat's score, shown first."""
ENGINE_KEYS = ("game", "version", "players", "seat", "is_over", "to_move", "decisions", "scores", "ranking",
               "seats")
SHORT = 30
"""A field whose text is at most this wide is packed with others on a line."""
MAX_EVENTS = 6


@dataclass
class Layout:
    width: int = WIDTH
    height: int = HEIGHT


def cut(text: Text, width: int) -> Text:
    """One line, cut to ``width`` cells with an ellipsis."""
    text.no_wrap = True
    if text.cell_len > width:
        text.truncate(width - 1)
        text.append("…")
    return text


def _ordered(entry: dict[str, Any]) -> list[tuple[str, Any]]:
    first = [(k, entry[k]) for k in SCORE_FIELDS if k in entry]
    return first + [(k, v) for k, v in entry.items() if k not in SCORE_FIELDS and k != "seat"]


def flow(items: list[tuple[str, Any]], words: Words, width: int, lead: str = "", max_lines: int = 3,
         long_lines: bool = True) -> list[Text]:
    """Fields as ``label value`` pairs packed on lines; a long one gets a line of its own."""
    short: list[str] = []
    longs: list[str] = []
    for k, v in items:
        shown = f"{words.label(str(k))} {brief(v, words)}"
        (short if cell_len(shown) <= SHORT or is_scalar(v) else longs).append(shown)
    lines: list[Text] = []
    line = Text(lead, style="bold")
    for part in short:
        sep = " · " if line.cell_len > cell_len(lead) else ""
        if line.cell_len + cell_len(sep + part) > width and line.cell_len > cell_len(lead):
            lines.append(line)
            line = Text(" " * cell_len(lead))
            sep = ""
        line.append(sep + part)
    if line.cell_len > cell_len(lead) or not lines:
        lines.append(line)
    if long_lines:
        lines += [Text(" " * cell_len(lead) + part) for part in longs]
    elif longs:
        lines[-1].append(" · " + " · ".join(longs))
    return [cut(x, width) for x in lines[:max_lines]]


def header(state: State, view: dict[str, Any], title: str, seat: int, words: Words, width: int) -> list[Text]:
    head = Text(title, style="bold")
    turn = words.t("term.your_turn") if view.get("to_move") == seat else words.t(
        "term.seat_to_move", seat=view.get("to_move"))
    head.append("  " + turn, style="bold green")
    head.append("  " + words.t("term.decisions") + f" {view.get('decisions', 0)}", style="dim")
    public = [(k, v) for k, v in view.items() if k not in ENGINE_KEYS and (
        is_scalar(v) or cell_len(brief(v, words)) <= SHORT)]
    return [cut(head, width)] + flow(public, words, width, max_lines=2, long_lines=False)


def position(view: dict[str, Any], public: dict[str, Any], seat: int, words: Words, width: int,
             max_lines: int) -> list[Text]:
    """Your own entry and private parts, then one line for each other seat."""
    lines: list[Text] = []
    mine = own_entry(view, seat) or {}
    items = _ordered(mine) + list(private_fields(view, public).items())
    others = [s for s in range(int(view.get("players", 0))) if s != seat and own_entry(view, s) is not None]
    lead = words.t("term.you_seat", seat=seat) + "  "
    lines += flow(items, words, width, lead=lead, max_lines=max(1, max_lines - len(others)))
    for s in others:
        row = own_entry(view, s) or {}
        lines += flow(_ordered(row), words, width, lead=words.seat(s) + "  ", max_lines=1, long_lines=False)
    return lines


def events_since(events: list[Event], words: Words, width: int, most: int = MAX_EVENTS) -> list[Text]:
    if not events:
        return []
    lines = [Text(words.t("term.since_last"), style="bold")]
    shown = events[-most:]
    if len(events) > most:
        lines.append(Text("  " + ntranslate(words.lang, "term.earlier_events", len(events) - most), style="dim"))
    for e in shown:
        lines.append(cut(Text("• " + render(words.lang, e)), width))
    return lines


def action_cell(number: int, action: Action, label: Message | None, words: Words, found: Preview | None,
                digits: int) -> Text:
    """One action of the list: its label (``state.label(action)``) and notation, and its cost."""
    cell = Text(f"{number:>{digits}} ", style="cyan")
    if isinstance(label, dict) and label.get("key"):
        cell.append(render(words.lang, label))
        cell.append(f" {action.notation}", style="dim")
    else:
        cell.append(action.notation)
    cost = cost_text(label, words, found)
    if cost:
        cell.append(f"  {cost}", style="yellow")
    return cell


def actions_page(legal: list[Action], labels: list[Message | None], words: Words,
                 previews: dict[str, Preview | None], width: int, rows: int, page: int) -> tuple[list[Text], int]:
    """The actions of one page in columns (column by column), each with its label (``labels``, the
    position's ``state.label(a)`` for each); returns the lines and the page count."""
    digits = len(str(len(legal)))
    cells = [action_cell(i + 1, a, labels[i], words, previews.get(a.notation), digits) for i, a in enumerate(legal)]
    widest = max((c.cell_len for c in cells), default=1)
    cols = max(1, min(3, width // (widest + 2))) if widest + 2 <= width else 1
    if cols == 1 and len(cells) > rows and width // 2 >= 24:
        cols = 2  # a long list reads better in two cut columns than on many pages
    col_width = width // cols
    per_page = max(1, rows * cols)
    pages = max(1, (len(cells) + per_page - 1) // per_page)
    page = min(max(page, 0), pages - 1)
    chunk = cells[page * per_page:(page + 1) * per_page]
    height = (len(chunk) + cols - 1) // cols
    lines: list[Text] = []
    for r in range(height):
        line = Text()
        for c in range(cols):
            i = c * height + r
            if i < len(chunk):
                cell = cut(chunk[i].copy(), col_width - 2) if cols > 1 else cut(chunk[i].copy(), width)
                line.append_text(cell)
                if c < cols - 1:
                    line.append(" " * (col_width - cell.cell_len))
        lines.append(cut(line, width))
    return lines, pages


def compact_screen(state: State, seat: int, title: str, words: Words, events: list[Event],
                   previews: dict[str, Preview | None], page: int = 0, layout: Layout | None = None) -> list[Text]:
    """The whole screen of one decision, every line cut to the width, at most ``height - 1`` lines
    (the prompt takes the last)."""
    box = layout or Layout()
    view = state.view(seat)
    public = state.view(None)
    legal = state.legal_actions()
    top = header(state, view, title, seat, words, box.width)
    mine = position(view, public, seat, words, box.width, max_lines=max(3, min(14, box.height // 3 + 1)))
    news = events_since(events, words, box.width, most=max(1, min(MAX_EVENTS, box.height // 6)))
    # the actions' title, the hint and the prompt take three lines; at least three rows of actions
    rows = max(3, box.height - len(top) - len(mine) - len(news) - 4)
    acts, pages = actions_page(legal, [state.label(a) for a in legal], words, previews, box.width, rows, page)
    title_line = Text(words.t("term.legal_actions"), style="bold")
    if pages > 1:
        title_line.append("  " + words.t("term.page_of", page=min(page, pages - 1) + 1, pages=pages), style="dim")
    foot = Text(words.t("term.hint_more") if pages > 1 else words.t("term.hint"), style="dim")
    return top + mine + news + [title_line] + acts + [cut(foot, box.width)]
