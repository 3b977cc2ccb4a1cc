"""Turns and rounds (seed 遊戲流程): who moves next, and running the game forward through the round
end (``production.py``) and the next round's set-up (``next_round.py``) to the next decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina import automa
from meeple.games.messina.next_round import next_round
from meeple.games.messina.production import production, quarantine, staffing_window
from meeple.games.messina.state import (
    LOC_ESTATE,
    READY,
    ST_NEXT,
    ST_OVER,
    ST_PRODUCTION,
    ST_QUARANTINE,
    ST_STAFF,
    ST_TURNS,
    T_PLACE,
)

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def has_ready_lieutenant(s: MessinaState, p: int) -> bool:
    """Whether seat ``p`` still has a lieutenant to use this round (in the city or the estate)."""
    seat = s.seats[p]
    status = seat.lt_status
    for i, where in enumerate(seat.lt_where):
        if where >= LOC_ESTATE and status[i] == READY:
            return True
    return False


def advance(s: MessinaState, events: list[Event]) -> None:
    """Run the game forward until someone must decide (a task is pending) or the game is over
    (``stage == ST_OVER``; the final scoring is ``scoring.final_scoring``, called by ``rules.advance``)."""
    while not s.tasks and s.stage != ST_OVER:
        stage = s.stage
        if stage == ST_TURNS:
            if s.in_turn >= 0:
                # the turn is over (step 4 ended, or a recall or skip had none): its rewards are lost
                s.seats[s.in_turn].pend = ()
            if not next_turn(s, events):
                s.stage = ST_STAFF
                s.in_turn = -1
        elif stage == ST_STAFF:
            s.stage = ST_PRODUCTION
            staffing_window(s)
        elif stage == ST_PRODUCTION:
            s.stage = ST_QUARANTINE
            production(s, events)
        elif stage == ST_QUARANTINE:
            if s.round_ >= len(s.tables.rounds):
                s.stage = ST_OVER
                for seat in s.seats:
                    seat.pend = seat.defer = ()
                return
            s.stage = ST_NEXT
            quarantine(s, events)
        else:
            next_round(s, events)
            s.stage = ST_TURNS
            s.cur = -1


def next_turn(s: MessinaState, events: list[Event] | None = None) -> bool:
    """The next seat in turn order that still has a lieutenant to use takes a turn (seed 遊戲流程);
    solo, the human and the automa alternate (``automa.next_turn``)."""
    if s.players == 1:
        return automa.next_turn(s, has_ready_lieutenant(s, 0), [] if events is None else events)
    order = s.order
    n = len(order)
    for k in range(1, n + 1):
        i = (s.cur + k) % n if s.cur >= 0 else k - 1
        p = order[i]
        if has_ready_lieutenant(s, p):
            s.cur = i
            s.in_turn = p
            s.tasks.append((T_PLACE, p, 0, 0, 0))
            return True
    return False


__all__ = ["advance", "has_ready_lieutenant", "next_turn"]
