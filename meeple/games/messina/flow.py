"""Turns and rounds: who moves next, round end (production, quarantine) and the next round's set-up.

Seed sections: 遊戲流程, 每一輪結束 (生產, 隔離), 下一輪設置, 遊戲結束.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina import board, effects, scoring
from meeple.games.messina.consts import (
    CABINS,
    CHURCH,
    CITY,
    D0,
    LOC_ESTATE,
    MAXLT,
    NODES,
    NP,
    POP,
    READY,
    ST_NEXT,
    ST_OVER,
    ST_PRODUCTION,
    ST_QUARANTINE,
    ST_STAFF,
    ST_TURNS,
    T_PLACE,
    T_SLOT,
    T_STAFFWIN,
    TRACK_STAMP,
    VP,
    WG_W,
    WS_W,
)

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState


def has_ready_lieutenant(s: MessinaState, p: int) -> bool:
    lt = s.lt
    for i in range(p * MAXLT * 2, (p + 1) * MAXLT * 2, 2):
        if lt[i] >= LOC_ESTATE and lt[i + 1] == READY:
            return True
    return False


def advance(s: MessinaState, events: list[Event]) -> None:
    """Run the game forward until someone must decide (a task is pending) or the game is over."""
    while not s.tasks and s.stage != ST_OVER:
        stage = s.stage
        if stage == ST_TURNS:
            if s.in_turn >= 0:
                # the turn is over (step 4 ended, or a recall or skip had none): its rewards are lost
                s.pend[s.in_turn] = ()
            if not next_turn(s):
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
                s.pend = [()] * s.players
                s.defer = [()] * s.players
                scoring.final_scoring(s, events)
                return
            s.stage = ST_NEXT
            quarantine(s, events)
        else:
            next_round(s, events)
            s.stage = ST_TURNS
            s.cur = -1


def next_turn(s: MessinaState) -> bool:
    """The next seat in turn order that still has a lieutenant to use takes a turn (seed 遊戲流程)."""
    order = s.order
    n = len(order)
    for k in range(1, n + 1):
        i = (s.cur + k) % n if s.cur >= 0 else k - 1
        p = order[i]
        if has_ready_lieutenant(s, p):
            s.cur = i
            s.in_turn = p
            if s.defer[p]:
                s.pend[p] = s.pend[p] + s.defer[p]
                s.defer[p] = ()
            s.tasks.append((T_PLACE, p, 0, 0, 0))
            return True
    return False


def staffing_window(s: MessinaState) -> None:
    """Seed 工房: estate citizens may move into workshops at any time, also just before production;
    each seat with such a move open gets a window, in turn order."""
    from meeple.games.messina.rules import staff_actions

    for p in reversed(s.order):
        if staff_actions(s, p):
            s.tasks.append((T_STAFFWIN, p, 0, 0, 0))


def production(s: MessinaState, events: list[Event]) -> None:
    """Round end (seed 生產): improved cabins holding a citizen and ∞ workshops holding a citizen of
    their class (upgraded where required) produce; an upgraded worker adds 1 VP.  Register rewards
    reached now wait for the owner's next step 4 (lost after round VI)."""
    t = s.tables
    for p in reversed(s.order):
        # pushed in reverse so the first seat in turn order resolves its choices first
        for k in range(CABINS):
            base = (p * CABINS + k) * 3
            if s.cab[base] >= 0 and s.cab[base + 2] >= 0:
                eff = t.cabins[s.cab[base + 2]].effect
                effects.gain(s, p, eff, events, f"cabin {k + 1}")
        ws = s.ws
        for i in range(0, len(ws), WS_W):
            if ws[i] != p:
                continue
            w = t.workshops[ws[i + 1]]
            occ = ws[i + 2]
            if w.phase != 1 or occ < 0 or (w.needs_upgraded and occ != 1):
                continue
            effects.gain(s, p, w.effect, events, w.name)
            if occ == 1:
                s.pi[p * NP + VP] += 1


def quarantine(s: MessinaState, events: list[Event]) -> None:
    """Seed 隔離: stage I moves to II; stage II citizens are cured and go to the estate or a workshop."""
    for p in reversed(s.order):
        cured = []
        for k in range(CABINS):
            base = (p * CABINS + k) * 3
            occ = s.cab[base]
            if occ < 0:
                continue
            if s.cab[base + 1] >= 2:
                s.cab[base] = -1
                s.cab[base + 1] = 0
                cured.append(occ)
            else:
                s.cab[base + 1] = 2
        for occ in reversed(cured):
            s.tasks.append((T_SLOT, p, occ >> 1, occ & 1, 1))
        if cured:
            events.append({"type": "cured", "seat": p, "text": f"seat {p}: {len(cured)} "
                           + ("citizen leaves" if len(cured) == 1 else "citizens leave") + " quarantine"})


def turn_order(s: MessinaState, rnd: int) -> tuple[int, ...]:
    """Seed 下一輪設置 step 4: order by the round's register; ties go to the disc on top."""
    how = s.tables.rounds[rnd - 1].order_by
    pi = s.pi
    seats = list(range(s.players))
    if how in ("city", "church", "popularity"):
        track = {"popularity": 0, "city": 1, "church": 2}[how]
        pos = (POP, CITY, CHURCH)[track]
        st = TRACK_STAMP[track]
        seats.sort(key=lambda p: (pi[p * NP + pos], pi[p * NP + st]), reverse=True)
        return tuple(seats)
    if how == "lowest_score":
        prev = {p: i for i, p in enumerate(s.order)}
        seats.sort(key=lambda p: (pi[p * NP + VP], prev[p]))
        return tuple(seats)
    return s.order


def next_round(s: MessinaState, events: list[Event]) -> None:
    """Seed 下一輪設置 steps 1-7."""
    s.round_ += 1
    rnd = s.round_
    info = s.tables.rounds[rnd - 1]
    events.append({"type": "round", "round": rnd, "text": f"{info.name} begins"})
    # 2. lay every lieutenant down (recalled ones in the estate become usable again)
    lt = s.lt
    for i in range(0, len(lt), 2):
        if lt[i] >= LOC_ESTATE:
            lt[i + 1] = READY
    s.used = [0] * NODES
    # 3. citizens on plague hexes die
    for n in range(D0, NODES):
        if s.cubes[n] and s.ntile[n] >= 0:
            for k in range(3):
                c = s.cit[n * 3 + k]
                if c:
                    s.cit_supply[k] += c
                    s.cit[n * 3 + k] = 0
    # 4. turn order
    s.order = turn_order(s, rnd)
    # 5. ships, 6. a new neighbourhood next to the first drawn harbour
    ships = info.ships_2p if s.players == 2 else info.ships
    first = -1
    for k in range(ships):
        h = board.ship_arrives(s, events)
        if k == 0:
            first = h
    if first >= 0:
        board.add_new_hex(s, first, events)
    if rnd == 5:
        swap_workshops(s, events)
    # 7. the wheel
    if info.extra_plague:
        board.wheel_turn(s, False, events)
    if info.wheel:
        board.wheel_turn(s, True, events)
    wg = s.wg
    for i in range(0, len(wg), WG_W):
        wg[i + 2] = 0


def swap_workshops(s: MessinaState, events: list[Event]) -> None:
    """Round V set-up: the phase I workshop stacks leave; the phase II stacks come out (seed 工房)."""
    s.ws_st = s.ws2_st
    s.ws2_st = ((), (), ())
    s.ws_known = (0, 0, 0)
    s.ws_phase = 2
    s.reveals += 1
    events.append({"type": "workshops", "text": "the later (phase II) workshops replace the early ones"})


__all__ = ["advance", "has_ready_lieutenant", "next_turn", "production", "quarantine", "next_round"]
