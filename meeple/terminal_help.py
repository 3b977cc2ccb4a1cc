"""What an action does, before it is taken (issue 15): its cost and consequences for the player.

``preview`` plays the action on a determinized copy of the position (what the player's seat knows,
hidden parts resampled with a secret seed, future chance reseeded: nothing hidden can show
through it) and compares the player's own numbers and words before and after; ``components_named`` finds the components an action, its
label or its consequences name, whose effect texts come from the catalog in the reader's language.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from meeple.engine import Action, Event, IllegalAction, State
from meeple.engine.messages import Message
from meeple.engine.rng import Rng
from meeple.i18n import has, render
from meeple.i18n.components import TEXT_TABLES, key, text
from meeple.terminal_words import Words, scalar


@dataclass
class Preview:
    """An action's consequences as the player's seat can know them."""

    changes: list[tuple[str, Any, Any]] = field(default_factory=list)
    """(field path, before, after) for each of the player's own numbers that changes."""
    events: list[Event] = field(default_factory=list)
    chance: bool = False
    """Chance or hidden information decides part of what follows (the events show one possibility)."""

    def costs(self) -> list[tuple[str, Any]]:
        """The numbers that go down: what the action costs the player."""
        return [(path, after - before) for path, before, after in self.changes
                if isinstance(before, (int, float)) and isinstance(after, (int, float)) and after < before]


def own_entry(view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The seat's own entry of a view's ``seats`` (a list of rows with ``seat``, or ``seat N`` keys)."""
    seats = view.get("seats")
    if seat is None:
        return None
    if isinstance(seats, dict):
        found = seats.get(f"seat {seat}", seats.get(str(seat)))
        return found if isinstance(found, dict) else None
    if isinstance(seats, list):
        for i, row in enumerate(seats):
            if isinstance(row, dict) and row.get("seat", i) == seat:
                return row
    return None


def private_fields(view: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """The view's top-level fields a spectator does not see as the seat does (a hand, a secret)."""
    return {k: v for k, v in view.items() if k not in ("seat", "seats") and public.get(k) != v}


def numbers(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every number and word inside a view value, by its field path (``cargo.spices``); the sizes of
    lists of words as ``#``."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float, str)):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from numbers(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        yield f"{path}.#", len(value)


def _position(state: State, seat: int) -> dict[str, Any]:
    view = state.view(seat)
    mine = dict(own_entry(view, seat) or {})
    mine.pop("seat", None)
    mine.update(private_fields(view, state.view(None)))
    return dict(numbers(mine))


def _copy(state: State, seat: int) -> State:
    # the copy's hidden parts are reshuffled with a seed nobody knows: a seed the player could
    # work out (the game's is printed) would let them undo the reshuffle and read the real order
    return state.determinize(seat, Rng(secrets.randbits(63)))


def _try(copy: State, seat: int, before: dict[str, Any], action: Action | str) -> Preview | None:
    trial = copy.clone()
    draws, reveals = trial.rng.draws, trial.reveals
    try:
        events = trial.apply(str(action))
    except IllegalAction:
        return None
    after = _position(trial, seat)

    def was(k: str, v: Any) -> Any:
        return before.get(k, 0 if isinstance(v, (int, float)) else None)

    changes = [(k, was(k, v), v) for k, v in after.items() if v != was(k, v)]
    changes += [(k, v, 0 if isinstance(v, (int, float)) else None) for k, v in before.items()
                if k not in after and v]
    chance = trial.rng.draws != draws or trial.reveals != reveals
    return Preview(changes, trial.visible_events(events, seat), chance)


def preview(state: State, seat: int, action: Action | str) -> Preview | None:
    """What ``action`` would change for ``seat``; None when it cannot be tried on a copy."""
    copy = _copy(state, seat)
    return _try(copy, seat, _position(copy, seat), action)


def previews(state: State, seat: int) -> dict[str, Preview | None]:
    """The preview of every legal action, by notation (one determinized copy for all of them)."""
    copy = _copy(state, seat)
    before = _position(copy, seat)
    return {a.notation: _try(copy, seat, before, a) for a in state.legal_actions()}


def field_name(path: str, words: Words) -> str:
    """A field path in the reader's words (``cargo.spices`` -> ``cargo spices``, ``hand.#`` -> ``hand``)."""
    return " ".join(words.label(part) for part in path.split(".") if part != "#")


def changes_text(changes: list[tuple[str, Any, Any]], words: Words) -> str:
    return ", ".join(f"{field_name(p, words)} {scalar(b, words)} → {scalar(a, words)}" for p, b, a in changes)


def cost_text(label: Message | None, words: Words, found: Preview | None) -> str:
    """An action's cost in the list: the game's own when it labels the action (``label``, what
    ``state.label(action)`` gives; its ``cost`` argument; a label without one says what it costs in
    its text, or costs nothing), else what the action's preview takes away from the player (``VP -2``)."""
    if isinstance(label, dict) and label.get("key"):
        cost = label.get("args", {}).get("cost") if isinstance(label.get("args"), dict) else None
        if cost is None:
            return ""
        return render(words.lang, cost) if isinstance(cost, dict) else str(cost)
    if found is None:
        return ""
    return ", ".join(f"{field_name(p, words)} {d:+g}" for p, d in found.costs())


# --- components ------------------------------------------------------------------------


def _component_index(state: State) -> list[tuple[re.Pattern[str], str, Any]]:
    """Every component with an effect text: a pattern matching its name, code or key, its table."""
    memo = state.memo()
    found = memo.get("terminal_components")
    if found is None:
        found = []
        for table in sorted(TEXT_TABLES.get(state.game.name, ())):
            for entry in state.tables.get(table, ()) if hasattr(state.tables, "get") else ():
                names = [entry.name] + [getattr(entry, f) for f in ("code", "key") if f in entry._fields]
                words = "|".join(re.escape(str(n)) for n in names if n)
                found.append((re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.IGNORECASE), table, entry))
        memo["terminal_components"] = found
    return found


def _keys_in(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        if isinstance(value.get("key"), str):
            yield value["key"]
        for v in value.values():
            yield from _keys_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys_in(v)


def components_named(state: State, action: Action, events: list[Event], words: Words) -> list[tuple[str, str]]:
    """(name, effect text) of the components the action, its label or its consequences name."""
    keys = set(_keys_in(state.label(action))) | set(_keys_in(events))
    texts = " ".join([action.notation] + [str(e.get("text", "")) for e in events])
    out: list[tuple[str, str]] = []
    for pattern, table, entry in _component_index(state):
        name_key = key(state.game.name, table, entry.name)
        if name_key in keys or pattern.search(action.notation) or (not keys and pattern.search(texts)):
            item = (words.t(name_key), text(words.lang, state.game.name, table, entry))
            if item not in out and has(words.lang, key(state.game.name, table, entry.name, "text")):
                out.append(item)
    return out


def component_by_name(state: State, name: str, words: Words) -> tuple[str, str] | None:
    """A component with an effect text named ``name`` (its English name, code or key, or its name in the
    reader's language, as the screen shows it), in the reader's words."""
    wanted = name.strip()
    for pattern, table, entry in _component_index(state):
        shown = words.t(key(state.game.name, table, entry.name))
        if pattern.fullmatch(wanted) or shown.casefold() == wanted.casefold():
            return shown, text(words.lang, state.game.name, table, entry)
    return None
