"""The round (seed 遊戲流程 §1-4 and 回合結束): activity cards turned up, income and wages,
the workforce dice, the events and black dice, then the actions; and the end of a round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.troyes import words as W
from meeple.games.troyes.components import RED
from meeple.games.troyes.events import resolve_events, reveal_events, roll_black_dice
from meeple.games.troyes.state import (
    INCOME,
    NEUTRAL,
    P_ACTION,
    P_BLACK,
    P_OVER,
    S_MAIN,
    SHORT_PENALTY,
    die,
    lose_vp,
)
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def begin_round(s: TroyesState) -> list[Event]:
    """Phases 1-4 of a round up to the black dice (seed §1-4)."""
    s.rnd += 1
    ev: list[Event] = [event("round", msg("troyes.event.round", round=s.rnd, rounds=s.rounds, seat=s.start), round=s.rnd)]
    reveal_activities(s, ev)
    income_and_wages(s, ev)
    workforce(s, ev)
    reveal_events(s, ev)
    resolve_events(s, ev)
    roll_black_dice(s, ev)
    if s.black:
        s.phase, s.step, s.turn = P_BLACK, S_MAIN, s.start
    else:
        ev.extend(start_actions(s))
    return ev


def reveal_activities(s: TroyesState, ev: list[Event]) -> None:
    """Rounds 1-3 turn up the level I/II/III activity card of each colour (seed §1)."""
    if s.rnd > 3:
        return
    s.revealed = s.rnd
    s.reveals += 1
    names = [W.activity(s.acts[s.slots[c * 3 + s.rnd - 1]].name) for c in range(3)]
    ev.append(event("reveal", msg("troyes.event.reveal", cards=names)))


def income_and_wages(s: TroyesState, ev: list[Event]) -> None:
    """10 deniers each, then wages per own citizen; short: pay all and lose 2 VP (seed §2)."""
    wages = s.caches.wages
    for p in range(s.players):
        s.seats[p].deniers += INCOME
        wage = 0
        for b in range(3):
            rate = wages[b]
            if rate:
                wage += rate * s.bld[b * 6:b * 6 + 6].count(p)
        if wage > s.seats[p].deniers:
            s.seats[p].deniers = 0
            ev.append(event("wages", msg("troyes.event.wages.short", seat=p, n=wage), seat=p))
            lose_vp(s, p, SHORT_PENALTY, msg("troyes.why.wages_unpaid"), ev)
        else:
            s.seats[p].deniers -= wage
            ev.append(event("wages", msg("troyes.event.wages", seat=p, income=INCOME, n=wage), seat=p))


def workforce(s: TroyesState, ev: list[Event]) -> None:
    """One die of the building's colour per citizen in it, into the owner's district;
    the start player rolls the neutral dice (seed §3)."""
    rng = s.rng
    s.dice = []
    for owner in list(range(s.players)) + [NEUTRAL]:
        for i in range(18):
            if s.bld[i] == owner:
                s.dice.append(die(owner, i // 6, rng.die()))
    s.dice.sort()
    ev.append(event("workforce", msg("troyes.event.workforce", n=len(s.dice))))


def start_actions(s: TroyesState) -> list[Event]:
    s.phase, s.step, s.turn = P_ACTION, S_MAIN, s.start
    for seat in s.seats:
        seat.passed = 0
    if not s.dice:
        return end_round(s)
    return [event("phase", msg("troyes.event.phase.actions"))]


def end_round(s: TroyesState) -> list[Event]:
    """District deniers to purses, lying citizens home, unused dice out, start player left
    (seed 'round end'); the game ends after the round of the last red event."""
    ev: list[Event] = []
    for p, seat in enumerate(s.seats):
        if seat.district:
            ev.append(event("district", msg("troyes.event.district", seat=p, n=seat.district), seat=p))
        seat.deniers += seat.district
        seat.district = 0
        seat.supply += sum(seat.lying)
        seat.lying = [0, 0, 0]
        seat.expelled = [0, 0, 0]
        seat.passed = 0
    s.dice = []
    s.black = []
    s.start = (s.start + 1) % s.players
    if not s.decks[RED]:
        s.phase = P_OVER  # the final scoring follows at once (rules.apply -> scoring.game_over)
        return ev
    ev.extend(begin_round(s))
    return ev
