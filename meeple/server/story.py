"""The table's story (issue 15): every decision of every seat gets a log line a player understands.

A decision's log entry carries its events (each seat sees those ``visible_events`` lets it see).
Many decisions announce nothing (Troyes' ``activate Baker``, Messina's ``to D4``), so the entry
also keeps the action's *label* (the game's catalog message naming the decision) and, per seat, a
judgement of whether that seat could tell the decision from what it sees:

- the deciding seat always knows its own decision;
- another seat (or a spectator) is shown the label only when the decision is *deducible* from what
  it sees: in two determinizations of the position before the decision (its hidden parts
  resampled for that seat), every legal action that would leave that seat with the same view as the
  real decision left it has the same label.  A face-down offer, a secret pick or a decision followed
  by a draw fails the test and is shown neutrally ("chose secretly"), never by its label;
- once the game is over every seat may see every label (as every notation).

The judgement is made once, when the decision is applied (``story_of``), and kept in memory in the
entry; entries loaded from the database get theirs back while the game is replayed (``labelled``;
a reloaded table keeps the ones it had).  Only people's seats are judged (a bot's seat reads no
log), and the spectators only once a spectator has read the table (issue 30: the entries before
that are judged then, the same verdicts as judging them at once).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import meeple
from meeple.engine import State

STORY_FIELDS = ("label", "shown", "spectators")  # what story_of adds to an action entry
SAMPLES = 2  # determinizations per observer; each one must agree
MAX_LEGAL = 400  # beyond this many candidates a decision is judged neutrally (bounded cost)
Viewer = int | None  # a seat, or None for the spectators' view


def _label(state: State, notation: str) -> dict[str, Any] | None:
    try:
        return state.label(state.find(notation))
    except meeple.IllegalAction:
        return None


def _same(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.get("key") == b.get("key") and a.get("args") == b.get("args")


def shared_view(state: State, viewer: Viewer) -> dict[str, Any]:
    """``state.view(viewer)``, built once per position and kept in its ``memo()`` (dropped when the
    position changes, shared by its clones): the story's target views are the payloads' views of
    the same position (issue 30).  Callers only read it."""
    memo = state.memo()
    key = f"server_view_{viewer}"
    view = memo.get(key)
    if view is None:
        view = memo[key] = state.view(viewer)
    return view  # type: ignore[no-any-return]


def shared_observation(state: State, seat: int) -> bytes | None:
    """The bytes of ``state``'s observation for ``seat`` (``Encoder.fresh_observation``), kept in
    its ``memo()`` like ``shared_view``; ``None`` without numpy (the ``rl`` extra), which the
    observations need.  An observation is written from the seat's view and the decision count
    alone (docs/rl.md), so two positions at the same count whose observations differ have
    different views: a cheap test that tells most candidates apart without their views."""
    memo = state.memo()
    key = f"server_observation_{seat}"
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    try:
        found: bytes | None = state.game._encoder().fresh_observation(state, seat).tobytes()
    except ImportError:
        found = None
    memo[key] = found
    return found


def _views_differ(c: State, v: Viewer, target: bytes | None) -> bool:
    """Whether candidate ``c``'s view for seat ``v`` surely differs from the real one's, told by
    their observations (``target``: the real position's); False when unsure (compare views)."""
    if v is None or target is None:
        return False
    return shared_observation(c, v) != target


def _head_differs(c: State, after: State) -> bool:
    """Whether the engine's head of the two views differs (``is_over``, ``to_move``), which is
    read from two fields, without building the views."""
    return c.is_over != after.is_over or (not after.is_over and c.to_move != after.to_move)


def _judge(before: State, notation: str, after: State, seat: int, seed: int,
           viewers: list[Viewer]) -> set[Viewer]:
    """The ``viewers`` (``seat`` and/or ``None``) that can tell the decision ``notation`` (made in
    ``before``, leading to ``after``) from their view: in each of ``SAMPLES`` determinizations for
    ``seat``, every legal action leaving the viewer with the view the real one left it (and no event
    it may see, as the real one showed it none) has the real one's label, and one of them does (else
    chance or hidden parts made the outcome).  Both
    viewers are judged over the same determinizations, each candidate applied once; a candidate
    whose view differs from the real one by its head (who is to move, whether the game is over)
    is told apart without building its view."""
    label = _label(before, notation)
    if label is None or not viewers:
        return set()
    targets = {v: shared_view(after, v) for v in viewers}
    # the observations are compared only while the game runs (an ended game's observation also
    # holds the scores, which its view may show otherwise)
    quick = {v: None if v is None or after.is_over else shared_observation(after, v) for v in viewers}
    ok = set(viewers)
    for i in range(SAMPLES):
        if not ok:
            break
        d = before.determinize(seat, (seed * 7919 + i * 104729 + seat) & 0x7FFFFFFFFFFF)
        legal = d.legal_actions()
        if len(legal) > MAX_LEGAL:
            return set()
        matched: set[Viewer] = set()
        for a in legal:
            same = _same(d.label(a), label)
            need = [v for v in ok if not (same and v in matched)]  # a reproduced view tells no more
            if not need:
                continue
            c = d.clone()
            try:
                events = c.apply(a)
            except meeple.MeepleError:
                return set()
            if _head_differs(c, after):
                continue  # every viewer sees another head: it looks like the real one to none
            for v in need:
                # the viewers judged saw no event of the real decision: one that shows them an
                # event is told apart by the log alone (its view need not be built)
                if (not c.visible_events(events, v) and not _views_differ(c, v, quick[v])
                        and c.view(v) == targets[v]):
                    if same:
                        matched.add(v)
                    else:
                        ok.discard(v)  # another decision looks the same to this viewer
            if not ok:
                break
        ok &= matched
    return ok


def deducible(before: State, notation: str, after: State, seat: int, seed: int,
              spectator: bool = False) -> bool:
    """Whether ``seat`` (with ``spectator``: the spectators' view, in determinizations for
    ``seat``) can tell the decision ``notation`` from what it sees (``_judge``)."""
    viewer: Viewer = None if spectator else seat
    return viewer in _judge(before, notation, after, seat, seed, [viewer])


def story_of(before: State, notation: str, after: State, events: list[dict[str, Any]],
             readers: Collection[int] | None = None, spectators: bool = True) -> dict[str, Any]:
    """What an action entry keeps for its log line: ``label`` (the action's catalog message),
    ``shown`` (the other seats to whom the label may be shown while the game runs; only seats the
    decision announced nothing to are judged, the others read its events) and ``spectators``
    (whether spectators may read it: the decision is deducible from the spectators' view in
    determinizations for every seat but the mover's, each of which knows no more than that seat).

    Only the seats in ``readers`` (default: all) are judged for ``shown``: a bot's seat reads no
    log while the game runs (issue 30).  Without ``spectators`` the entry gets no ``spectators``
    (judged when the table's first spectator reads it, ``labelled``); each viewer's verdict is
    the same whether the others are judged beside it or not."""
    label = _label(before, notation)
    mover = before.to_move
    shown: list[int] = []
    watch = spectators and label is not None and before.players > 1 and not after.visible_events(events, None)
    if label is not None:
        for seat in range(before.players):
            if seat == mover:
                continue
            read = (readers is None or seat in readers) and not after.visible_events(events, seat)
            viewers: list[Viewer] = [seat] if read else []
            if watch:
                viewers.append(None)
            if not viewers:
                continue
            ok = _judge(before, notation, after, seat, len(before.history), viewers)
            if seat in ok:
                shown.append(seat)
            watch = watch and None in ok
    out: dict[str, Any] = {"label": label, "shown": shown}
    if spectators:
        out["spectators"] = watch
    return out


def lacks_story(entry: dict[str, Any], spectators: bool) -> bool:
    """Whether an action entry still needs judging: no story yet, or no spectators' verdict
    where ``spectators`` are judged (``story_of`` without them)."""
    return "label" not in entry or (spectators and "spectators" not in entry)


def complete_story(entry: dict[str, Any], before: State, after: State,
                   readers: Collection[int] | None, spectators: bool) -> None:
    """Judge what ``entry`` (the decision from ``before`` to ``after``) lacks (``lacks_story``):
    its whole story, or the spectators' verdict alone."""
    notation, events = entry["notation"], entry.get("events", [])
    if "label" not in entry:
        entry.update(story_of(before, notation, after, events, readers, spectators))
    else:
        entry["spectators"] = bool(story_of(before, notation, after, events, (), True)["spectators"])


LOG_TAIL = 400  # the log entries a payload sends (live.py): older ones need only their label


def labelled(state: State, entries: list[dict[str, Any]],
             known: dict[int, dict[str, Any]] | None = None, readers: Collection[int] | None = None,
             spectators: bool = True) -> None:
    """Give loaded action entries their story back while the game is replayed (``state`` is the
    replayed game at its start, advanced here to the end of ``entries``; the caller replays with
    ``meeple.replay(record, upto=0)``): the same label and judgement as when each decision was
    applied, for the last ``LOG_TAIL`` entries (a few milliseconds a decision); older entries get
    their label only (read in a replay, once the game is over).  ``known`` (an in-memory table's
    entries by decision, when it is reloaded) keeps the stories already judged; ``readers`` and
    ``spectators`` as in ``story_of``.  With ``spectators``, an entry judged without them gets its
    verdict here (a table's first spectator)."""
    cut = len(entries) - LOG_TAIL
    for i, e in enumerate(entries):
        if e.get("kind") != "action":
            continue
        notation = e["notation"]
        old = (known or {}).get(e["decision"])
        if "label" not in e and old is not None and old.get("notation") == notation and "label" in old:
            e.update({k: old[k] for k in STORY_FIELDS if k in old})
        if i < cut and lacks_story(e, spectators):  # older than a payload's log: the label only
            e.setdefault("label", _label(state, notation))
            e.setdefault("shown", [])
            e["spectators"] = False
        elif lacks_story(e, spectators):
            before = state.clone()
            state.apply(notation)
            complete_story(e, before, state, readers, spectators)
            continue
        state.apply(notation)


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
