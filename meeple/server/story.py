"""The table's story (issue 15): every decision of every seat gets a log line a player understands.

A decision's log entry carries its events (each seat sees those ``visible_events`` lets it see).
Many decisions announce nothing (Troyes' ``activate Baker``, Messina's ``to D4``), so the entry
also keeps the action's *label* (the game's catalog message naming the decision) and, per seat, a
judgement of whether that seat could tell the decision from what it sees:

- the deciding seat always knows its own decision;
- another seat (or a spectator) is shown the label only when the decision is *deducible* from what
  it sees: in several determinizations of the position before the decision (its hidden parts
  resampled for that seat), every legal action that would leave that seat with the same view as the
  real decision left it has the same label.  A face-down offer, a secret pick or a decision followed
  by a draw fails the test and is shown neutrally ("chose secretly"), never by its label;
- once the game is over every seat may see every label (as every notation).

The judgement is made once, when the decision is applied (``story_of``), and kept in memory in the
entry; entries loaded from the database get theirs back while the game is replayed (``labelled``).
"""

from __future__ import annotations

from typing import Any

import meeple
from meeple.engine import State

SAMPLES = 3  # determinizations per observer; each one must agree
MAX_LEGAL = 400  # beyond this many candidates a decision is judged neutrally (bounded cost)


def _label(state: State, notation: str) -> dict[str, Any] | None:
    try:
        return state.find(notation).label
    except meeple.IllegalAction:
        return None


def _same(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.get("key") == b.get("key") and a.get("args") == b.get("args")


def deducible(before: State, notation: str, after: State, seat: int, seed: int,
              spectator: bool = False) -> bool:
    """Whether ``seat`` can tell the decision ``notation`` (made in ``before``, leading to
    ``after``) from what it sees: in each of ``SAMPLES`` determinizations for ``seat``, every legal
    action leaving ``seat`` with the view the real one left it has the real one's label.  With
    ``spectator`` the views compared are the spectators' (``view(None)``), in determinizations
    for ``seat``."""
    label = _label(before, notation)
    if label is None:
        return False
    viewer = None if spectator else seat
    target = after.view(viewer)
    for i in range(SAMPLES):
        d = before.determinize(seat, (seed * 7919 + i * 104729 + seat) & 0x7FFFFFFFFFFF)
        legal = d.legal_actions()
        if len(legal) > MAX_LEGAL:
            return False
        matched = False
        for a in legal:
            if matched and _same(a.label, label):
                continue  # already reproduced; a same-label candidate tells nothing more
            c = d.clone()
            try:
                c.apply(a)
            except meeple.MeepleError:
                return False
            if c.view(viewer) != target:
                continue
            if not _same(a.label, label):
                return False  # another decision looks the same to this seat
            matched = True
        if not matched:
            return False  # the real decision's outcome is not reproduced (chance or hidden parts)
    return True


def story_of(before: State, notation: str, after: State, events: list[dict[str, Any]]) -> dict[str, Any]:
    """What an action entry keeps for its log line: ``label`` (the action's catalog message),
    ``shown`` (the other seats to whom the label may be shown while the game runs; only seats the
    decision announced nothing to are judged, the others read its events) and ``spectators``
    (whether spectators may read it: the decision is deducible from the spectators' view in
    determinizations for every seat but the mover's, each of which knows no more than that seat)."""
    label = _label(before, notation)
    mover = before.to_move
    shown: list[int] = []
    if label is not None:
        for seat in range(before.players):
            if seat == mover or after.visible_events(events, seat):
                continue
            if deducible(before, notation, after, seat, len(before.history)):
                shown.append(seat)
    spectators = (label is not None and not after.visible_events(events, None) and before.players > 1
                  and all(deducible(before, notation, after, seat, len(before.history), spectator=True)
                          for seat in range(before.players) if seat != mover))
    return {"label": label, "shown": shown, "spectators": spectators}


def labelled(state: State, entries: list[dict[str, Any]]) -> None:
    """Give loaded action entries their story back (``state`` is the replayed game at its start,
    advanced here to the end of ``entries``; the caller replays with ``meeple.replay(record,
    upto=0)``): the same label and judgement as when each decision was applied (about a
    millisecond a decision)."""
    for e in entries:
        if e.get("kind") != "action":
            continue
        before = state.clone()
        state.apply(e["notation"])
        if "label" not in e:
            e.update(story_of(before, e["notation"], state, e.get("events", [])))


def line_for(entry: dict[str, Any], seat: int | None, over: bool, visible: list[dict[str, Any]]) -> dict[str, Any]:
    """The story fields of one action entry as ``seat`` may see it: ``label`` when the seat may
    see the decision, else ``secret: True`` when it saw none of its events either."""
    mine = seat is not None and entry.get("seat") == seat
    label = entry.get("label")
    shown = entry.get("spectators", False) if seat is None else seat in entry.get("shown", ())
    if label is not None and (over or mine or shown):
        return {"label": label}
    if not visible:
        return {"secret": True}
    return {}
