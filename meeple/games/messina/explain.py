"""Why a typed action is illegal, in the game's own terms (``explain(state, text)``, bound as
``State.explain_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.messages import Message
from meeple.games.messina import repopulation
from meeple.games.messina.buildings import affordable, swap_payments
from meeple.games.messina.city import node_in_play, node_name
from meeple.games.messina.components import REWARD_NAMES
from meeple.games.messina.plague import fire_cost
from meeple.games.messina.registers import owned_lieutenants
from meeple.games.messina.state import (
    D0,
    DOCK0,
    LOC_ESTATE,
    MAXLT,
    NODES,
    READY,
    T_ACT,
    T_BUILD,
    T_CABIN,
    T_CORCH,
    T_FIGHT,
    T_LIGHT,
    T_LTPAY,
    T_MAIN,
    T_OVS,
    T_OVUP,
    T_PAY,
    T_PLACE,
    T_QPICK,
    T_SCROLL,
    T_SHIP,
    T_SHIPFIGHT,
    T_SLOT,
    T_STAFFWIN,
    T_UPGRADE,
)
from meeple.games.messina.turns import move_cost
from meeple.games.messina.words import cref, msg, node, task_word

if TYPE_CHECKING:
    from meeple.games.messina.state import MessinaState

Task = tuple[int, int, int, int, int]
_STAFF_TASKS = (T_PLACE, T_FIGHT, T_SHIPFIGHT, T_MAIN, T_SLOT, T_STAFFWIN)


def explain(s: MessinaState, text: str) -> Message | None:
    """Why a typed action is not legal now, in the game's terms."""
    if s.is_over or not s.tasks:
        return msg("messina.refusal.game_over")
    task = s.tasks[-1]
    p = task[1]
    kind = task[0]
    words = text.split()
    seat = s.seats[p]
    coins = seat.coins
    if words and (words[0].startswith("lt") or words[0] == "recall"):
        if kind != T_PLACE:
            return msg("messina.refusal.not_time_to_place", seat=p, task=task_word(kind))
        try:
            i = int((words[1] if words[0] == "recall" else words[0])[2:]) - 1
        except (ValueError, IndexError):
            return msg("messina.refusal.name_lieutenant")
        if not 0 <= i < MAXLT:
            return msg("messina.refusal.name_lieutenant")
        loc, status = seat.lt_where[i], seat.lt_status[i]
        if loc < LOC_ESTATE:
            return msg("messina.refusal.no_such_lieutenant", lt=i + 1)
        if status != READY:
            return msg("messina.refusal.lieutenant_used", lt=i + 1)
        city_ready = any(seat.lt_where[j] >= 0 and seat.lt_status[j] == READY for j in range(MAXLT))
        if words[0] == "recall" and loc == LOC_ESTATE:
            return msg("messina.refusal.recall_estate", lt=i + 1)
        if loc == LOC_ESTATE and city_ready:
            return msg("messina.refusal.city_first")
        if words[0] == "recall":
            return msg("messina.refusal.recall_lying")
        if loc == LOC_ESTATE:
            first = next(j for j in range(MAXLT) if seat.lt_where[j] == LOC_ESTATE
                         and seat.lt_status[j] == READY)
            if first != i:
                return msg("messina.refusal.estate_order", lt=first + 1)
        target = text.split(" to ", 1)[-1].strip()
        for n in range(NODES):
            if node_in_play(s, n) and node_name(s, n) == target:
                if DOCK0 <= n < D0 and loc == LOC_ESTATE:
                    return msg("messina.refusal.estate_to_docks")
                if s.used[n] and not DOCK0 <= n < D0:
                    return msg("messina.refusal.hex_taken", node=node(s, n))
                if loc >= 0:
                    cost = move_cost(s, loc, n)
                    if cost > coins:
                        return msg("messina.refusal.move_cost", n=cost, have=coins)
                return None
        return msg("messina.refusal.no_such_hex", name=repr(target))
    if words and words[0] == "buy" and text not in ("buy city", "buy church"):
        return msg("messina.refusal.buy_popularity")
    if text in ("buy city", "buy church"):
        if kind != T_MAIN:
            return msg("messina.refusal.buy_not_step4")
        price = owned_lieutenants(s, p)
        if coins < price:
            return msg("messina.refusal.register_price", n=price, have=coins)
        return msg("messina.refusal.register_end")
    if words and words[0] == "repopulate":
        if kind != T_MAIN:
            return msg("messina.refusal.repopulate_not_step4")
        if task[2] < D0:
            return msg("messina.refusal.repopulate_harbour")
        if task[3]:
            return msg("messina.refusal.hex_done")
        return repopulation.repop_plan(s, p, task[2])[0]
    if words and words[0] in ("douse", "major"):
        k, _ = fire_cost(s)
        if kind not in (T_FIGHT, T_SHIPFIGHT):
            return msg("messina.refusal.no_plague")
        if words[0] == "major":
            return msg("messina.refusal.major_fire_needed", n=k, have=seat.major)
        return msg("messina.refusal.fire_needed", n=k, have=seat.fire + seat.major)
    if words and words[0] == "action:":
        if kind != T_MAIN:
            return msg("messina.refusal.action_not_step4")
        if task[2] < D0:
            return msg("messina.refusal.harbour_action")
        return msg("messina.refusal.hex_done")
    if words and words[0] == "pay":
        if kind != T_PAY:
            return msg("messina.refusal.no_payment")
        return msg("messina.refusal.cannot_pay")
    why = _explain_step(s, p, kind, text)
    if why is not None:
        return why
    if words and words[0] == "use":
        return _explain_reward(s, p, kind, text[4:].strip())
    if words and words[0] == "staff":
        return _explain_staff(s, p, kind, text)
    why = _explain_choice(s, task, text)
    if why is not None:
        return why
    return msg("messina.refusal.not_now", seat=p, task=task_word(kind))


def _explain_step(s: MessinaState, p: int, kind: int, text: str) -> Message | None:
    """Actions that belong to one particular decision, typed at another moment or not possible."""
    if text.startswith("swap "):
        if kind != T_BUILD:
            return msg("messina.refusal.swap_not_build")
        if s.tasks[-1][2] != -1:
            return msg("messina.refusal.one_swap")
        if not any(swap_payments(s.seats[p])):
            return msg("messina.refusal.swap_cost")
        return msg("messina.refusal.swap_stack")
    if text.startswith("take ship"):
        if kind != T_SHIP:
            return msg("messina.refusal.ship_not_now")
        return msg("messina.refusal.ship_not_here")
    if text in ("douse the ship", "let the ship's plague go"):
        if kind != T_SHIPFIGHT:
            return msg("messina.refusal.ship_plague_not_now")
        k, _ = fire_cost(s)
        return msg("messina.refusal.ship_fire_needed", n=k)
    if text.startswith("lightning:"):
        if kind != T_LIGHT:
            return msg("messina.refusal.lightning_not_now")
        return msg("messina.refusal.lightning_no_action")
    if text.startswith("quarantine in cabin"):
        if kind != T_CABIN:
            return msg("messina.refusal.quarantine_not_now")
        return msg("messina.refusal.cabin_taken")
    if text.startswith("quarantine "):
        if kind != T_QPICK:
            return msg("messina.refusal.quarantine_pick_not_now")
        return msg("messina.refusal.quarantine_pick_class")
    if text in ("city +1", "church +1"):
        if kind != T_CORCH:
            return msg("messina.refusal.city_step_not_now")
        return msg("messina.refusal.register_end")
    if text.startswith("scroll "):
        if kind != T_SCROLL:
            return msg("messina.refusal.scroll_not_now")
        return msg("messina.refusal.scroll_full")
    if text == "stop fighting":
        return msg("messina.refusal.no_fight") if kind != T_FIGHT else None
    if text == "end turn":
        return msg("messina.refusal.end_turn", seat=p, task=task_word(kind))
    if text == "done staffing":
        return msg("messina.refusal.done_staffing")
    if text == "stop activating":
        return msg("messina.refusal.not_activating")
    if text == "build nothing":
        return msg("messina.refusal.no_build") if kind != T_BUILD else msg("messina.refusal.must_build")
    if text.startswith("give up lt"):
        return msg("messina.refusal.give_up_not_now") if kind != T_LTPAY else msg("messina.refusal.give_up_which")
    if text.startswith("skip lt"):
        return msg("messina.refusal.skip")
    return None


def _explain_reward(s: MessinaState, p: int, kind: int, name: str) -> Message:
    """Seed 進度軌行動 and 生產推進: register rewards are used in step 4 only."""
    if name not in REWARD_NAMES[1:]:
        return msg("messina.refusal.no_such_reward", name=repr(name))
    code = REWARD_NAMES.index(name)
    if kind != T_MAIN:
        if code in s.seats[p].pend:
            return msg("messina.refusal.reward_finish_step")
        if code in s.seats[p].defer:
            return msg("messina.refusal.reward_waits")
        return msg("messina.refusal.reward_not_step4")
    return msg("messina.refusal.no_reward", name=repr(name))


def _explain_staff(s: MessinaState, p: int, kind: int, text: str) -> Message:
    """Seed 工房: a citizen moves from your estate into an empty workshop of its class, for good."""
    if kind not in _STAFF_TASKS:
        return msg("messina.refusal.staff_not_now")
    if p not in s.workshops.owner:
        return msg("messina.refusal.no_workshop")
    return msg("messina.refusal.staff_which")


def _explain_choice(s: MessinaState, task: Task, text: str) -> Message | None:
    p = task[1]
    if text.startswith("build "):
        if task[0] != T_BUILD:
            return msg("messina.refusal.build_not_now")
        t = s.tables
        tops = [("cabins", t.cabins[st[0]]) for st in s.cab_st if st]
        tops += [("workshops", t.workshops[st[0]]) for st in s.ws_st if st]
        tops += [("wagons", t.wagons[st[0]]) for st in s.wg_st if st]
        for table, tile in tops:
            if text == f"build {tile.name}" or text.startswith(f"build {tile.name} on cabin"):
                if not affordable(s, p, tile.cost_coins, tile.cost_wood):
                    return msg("messina.refusal.build_cost", tile=cref(table, tile.name), coins=tile.cost_coins, wood=tile.cost_wood, have_coins=s.seats[p].coins, have_wood=s.seats[p].wood)
                if task[2] >= 0:
                    return msg("messina.refusal.build_swapped")
                return msg("messina.refusal.cabin_improved")
        return msg("messina.refusal.build_not_top")
    if text.startswith("activate "):
        if task[0] != T_ACT:
            return msg("messina.refusal.activate_not_now")
        return msg("messina.refusal.activate_which")
    if text.startswith("advance ") and "overseer" in text:
        if task[0] != T_OVS:
            return msg("messina.refusal.overseer_not_now")
        return msg("messina.refusal.overseer_which")
    if text.startswith("upgrade "):
        if task[0] not in (T_UPGRADE, T_OVUP):
            return msg("messina.refusal.upgrade_not_now")
        return msg("messina.refusal.upgrade_which")
    if text.startswith("staff "):
        return msg("messina.refusal.staff_class")
    if text.startswith("to "):
        return msg("messina.refusal.slot_taken")
    return None


__all__ = ["explain"]
