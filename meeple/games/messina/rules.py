"""Applying a decision (``apply(state, action)``): the handler of its opcode (``HANDLERS``, one
explicit table from every ``OP_*`` of ``state.py`` to the function of the rule it applies), then
the game runs forward to the next decision (``advance``), scored after round VI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.dispatch import opcodes, table
from meeple.games.messina import (
    buildings,
    estate,
    plague,
    production,
    registers,
    repopulation,
    rescue,
    rounds,
    scoring,
    ships,
    turns,
)
from meeple.games.messina import state as state_module
from meeple.games.messina.gains import apply_lightning
from meeple.games.messina.state import (
    OP_ACT,
    OP_ACTDONE,
    OP_ACTION,
    OP_BUILD_CABIN,
    OP_BUILD_WG,
    OP_BUILD_WS,
    OP_BUY,
    OP_CABIN,
    OP_CORCH,
    OP_CURE_WS,
    OP_DISCARD,
    OP_DONESTAFF,
    OP_DOUSE,
    OP_END,
    OP_LIGHT,
    OP_LTPAY,
    OP_MAJOR,
    OP_MOVE,
    OP_NOBUILD,
    OP_OVS,
    OP_OVUP,
    OP_PAY,
    OP_QPICK,
    OP_RECALL,
    OP_REPOP,
    OP_REWARD,
    OP_SCROLL,
    OP_SHIP,
    OP_SHIPDOUSE,
    OP_SHIPLET,
    OP_SKIP,
    OP_SLOT,
    OP_STAFF,
    OP_STOP,
    OP_SWAP,
    OP_UPG,
    ST_OVER,
)

if TYPE_CHECKING:
    from meeple.engine.core import Action, Event
    from meeple.games.messina.state import MessinaState


OPCODES = opcodes(vars(state_module))
"""Every opcode of ``state.py``: number -> ``OP_`` name."""

HANDLERS = table(OPCODES, (
    # seed 遊戲流程 1, 召回工人: a lieutenant's move
    (OP_MOVE, turns.apply_move),
    (OP_RECALL, turns.apply_recall),
    (OP_SKIP, turns.apply_skip),
    # seed 2 拯救市民, 隔離, 工房: where a citizen goes
    (OP_SLOT, rescue.apply_slot),
    (OP_DISCARD, rescue.apply_discard),
    (OP_STAFF, rescue.apply_staff),
    (OP_CURE_WS, rescue.apply_cure_to_workshop),
    (OP_CABIN, rescue.apply_cabin),
    (OP_QPICK, rescue.apply_qpick),
    # seed 3 對抗瘟疫
    (OP_DOUSE, plague.apply_douse),
    (OP_MAJOR, plague.apply_major),
    (OP_STOP, plague.apply_stop),
    # seed 遊戲流程 4: the hex action or repopulation, register purchases and rewards
    (OP_ACTION, turns.apply_hex_action),
    (OP_REPOP, turns.apply_repopulate),
    (OP_BUY, turns.apply_buy),
    (OP_REWARD, turns.apply_reward),
    (OP_END, turns.apply_end_turn),
    # seed 移動到船上
    (OP_SHIP, ships.apply_take_ship),
    (OP_SHIPDOUSE, ships.apply_ship_douse),
    (OP_SHIPLET, ships.apply_ship_let),
    # seed 推進監工, 啟用市民, 推進卷軸版, 升級市民, 升級監工
    (OP_OVS, estate.apply_overseer),
    (OP_ACT, estate.apply_activate),
    (OP_ACTDONE, estate.apply_stop_activating),
    (OP_SCROLL, estate.apply_scroll),
    (OP_UPG, estate.apply_upgrade),
    (OP_OVUP, estate.apply_overseer_upgrade),
    # seed 建造
    (OP_BUILD_CABIN, buildings.apply_build_cabin),
    (OP_BUILD_WS, buildings.apply_build_workshop),
    (OP_BUILD_WG, buildings.apply_build_wagon),
    (OP_SWAP, buildings.apply_swap),
    (OP_NOBUILD, buildings.apply_build_nothing),
    # seed 進度軌行動: the rewards that are choices
    (OP_CORCH, registers.apply_city_or_church),
    (OP_LIGHT, apply_lightning),
    # seed 工房: the staffing window before production
    (OP_DONESTAFF, production.apply_done_staffing),
    # seed 活絡城市: the payment
    (OP_PAY, repopulation.apply_pay),
    (OP_LTPAY, repopulation.apply_ltpay),
))
"""Opcode -> the handler ``(state, action.data, events)`` that applies it (a tuple indexed by
opcode; ``meeple.engine.dispatch.table`` refuses a missing, doubled or stray handler)."""


def apply(s: MessinaState, action: Action) -> list[Event]:
    """Apply one of the position's legal actions through ``HANDLERS`` and run the game on to the
    next decision."""
    events: list[Event] = []
    data = action.data
    HANDLERS[data[0]](s, data, events)
    rounds.advance(s, events)
    if s.stage == ST_OVER and s.final is None:
        scoring.final_scoring(s, events)
    return events


def advance(s: MessinaState, events: list[Event]) -> None:
    """Run the game forward to the next decision (``rounds.advance``); once it is over, score it."""
    rounds.advance(s, events)
    if s.stage == ST_OVER and s.final is None:
        scoring.final_scoring(s, events)


__all__ = ["HANDLERS", "OPCODES", "advance", "apply"]
