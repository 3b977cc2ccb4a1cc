"""Why a typed action is illegal, in the game's own terms (``explain(state, text)``, bound as
``State.explain_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina import repopulation
from meeple.games.messina.buildings import affordable
from meeple.games.messina.city import node_in_play, node_name
from meeple.games.messina.components import REWARD_NAMES
from meeple.games.messina.plague import fire_cost
from meeple.games.messina.registers import owned_lieutenants
from meeple.games.messina.state import (
    COIN,
    D0,
    DOCK0,
    FIRE,
    LOC_ESTATE,
    MAJOR,
    MAXLT,
    NODES,
    NP,
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
    VP,
    WOOD,
    WS_W,
)
from meeple.games.messina.turns import TASK_NAMES, move_cost

if TYPE_CHECKING:
    from meeple.games.messina.state import MessinaState

Task = tuple[int, int, int, int, int]
_STAFF_TASKS = (T_PLACE, T_FIGHT, T_SHIPFIGHT, T_MAIN, T_SLOT, T_STAFFWIN)


def explain(s: MessinaState, text: str) -> str | None:
    """Why a typed action is not legal now, in the game's terms."""
    if s.is_over or not s.tasks:
        return "the game is over"
    task = s.tasks[-1]
    p = task[1]
    kind = task[0]
    words = text.split()
    coins = s.pi[p * NP + COIN]
    if words and (words[0].startswith("lt") or words[0] == "recall"):
        if kind != T_PLACE:
            return f"it is not the time to choose a hex: seat {p} must {TASK_NAMES[kind]}"
        try:
            i = int((words[1] if words[0] == "recall" else words[0])[2:]) - 1
        except (ValueError, IndexError):
            return "name a lieutenant as lt1 .. lt5"
        if not 0 <= i < MAXLT:
            return "name a lieutenant as lt1 .. lt5"
        loc, status = s.lt[(p * MAXLT + i) * 2], s.lt[(p * MAXLT + i) * 2 + 1]
        if loc < LOC_ESTATE:
            return f"you do not have lieutenant {i + 1}"
        if status != READY:
            return f"lieutenant {i + 1} was already used this round"
        city_ready = any(s.lt[(p * MAXLT + j) * 2] >= 0 and s.lt[(p * MAXLT + j) * 2 + 1] == READY
                         for j in range(MAXLT))
        if words[0] == "recall" and loc == LOC_ESTATE:
            return f"lieutenant {i + 1} is already in the estate: only a lying lieutenant in the city can be recalled"
        if loc == LOC_ESTATE and city_ready:
            return "lieutenants in the city must be used before those in the estate"
        if words[0] == "recall":
            return "only a lying lieutenant in the city can be recalled"
        if loc == LOC_ESTATE:
            first = next(j for j in range(MAXLT) if s.lt[(p * MAXLT + j) * 2] == LOC_ESTATE
                         and s.lt[(p * MAXLT + j) * 2 + 1] == READY)
            if first != i:
                return f"lieutenants in the estate are alike: place lt{first + 1} first"
        target = text.split(" to ", 1)[-1].strip()
        for n in range(NODES):
            if node_in_play(s, n) and node_name(s, n) == target:
                if DOCK0 <= n < D0 and loc == LOC_ESTATE:
                    return "a lieutenant from the estate cannot go straight to the docks"
                if s.used[n] and not DOCK0 <= n < D0:
                    return f"{target} already has a standing lieutenant this round"
                if loc >= 0:
                    cost = move_cost(s, loc, n)
                    if cost > coins:
                        return f"moving there costs {cost} coins, you have {coins}"
                return None
        return f"there is no hex called {target!r} in the city"
    if words and words[0] == "buy" and text not in ("buy city", "buy church"):
        return ("only the city and church registers can be bought ('buy city', 'buy church'); popularity "
                "moves only when you remove plague cubes")
    if text in ("buy city", "buy church"):
        if kind != T_MAIN:
            return "registers can be bought only in step 4 of your turn"
        price = owned_lieutenants(s, p)
        if coins < price:
            return f"a step costs {price} coins (one per lieutenant), you have {coins}"
        return "that register is at its end"
    if words and words[0] == "repopulate":
        if kind != T_MAIN:
            return "repopulation is done in step 4 of your turn"
        if task[2] < D0:
            return "harbours and docks cannot be repopulated (only districts can)"
        if task[3]:
            return "you already took this hex's action or repopulated it this turn"
        return repopulation.repop_plan(s, p, task[2])[0]
    if words and words[0] in ("douse", "major"):
        k, _ = fire_cost(s)
        if kind not in (T_FIGHT, T_SHIPFIGHT):
            return "there is no plague to fight now"
        have = s.pi[p * NP + MAJOR] if words[0] == "major" else s.pi[p * NP + FIRE] + s.pi[p * NP + MAJOR]
        return f"each cube needs {k} {'major fire' if words[0] == 'major' else 'fire'} tokens this round, " \
               f"you have {have}"
    if words and words[0] == "action:":
        if kind != T_MAIN:
            return "hex actions are taken in step 4 of your turn"
        if task[2] < D0:
            return "harbours and docks have no action of their own (only the register purchases and rewards)"
        return "you already took this hex's action or repopulated it this turn"
    if words and words[0] == "pay":
        if kind != T_PAY:
            return "there is no repopulation to pay for now"
        return "that citizen cannot pay for what is still due (or the rest could not be paid)"
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
    return f"that is not possible now: seat {p} must {TASK_NAMES.get(kind, 'decide')}"


def _explain_step(s: MessinaState, p: int, kind: int, text: str) -> str | None:
    """Actions that belong to one particular decision, typed at another moment or not possible."""
    if text.startswith("swap "):
        if kind != T_BUILD:
            return "a stack's top can be swapped only at the start of a build action"
        if s.tasks[-1][2] != -1:
            return "only one swap per build"
        if not any(s.pi[p * NP + off] for off in (COIN, WOOD, FIRE, MAJOR, VP)):
            return "a swap costs 1 coin, wood, fire, major fire or VP, and you have none"
        return "that stack does not exist or has fewer than two tiles"
    if text.startswith("take ship"):
        if kind != T_SHIP:
            return "ships are taken by sending a lieutenant to the docks where they wait"
        return "that ship is not waiting at these docks"
    if text in ("douse the ship", "let the ship's plague go"):
        if kind != T_SHIPFIGHT:
            return "a ship's plague is fought when you take a ship that carries a cube"
        k, _ = fire_cost(s)
        return f"each cube needs {k} fire tokens this round"
    if text.startswith("lightning:"):
        if kind != T_LIGHT:
            return "a lightning reward performs any district's action; you are not using one now"
        return "no district in the city shows that action"
    if text.startswith("quarantine in cabin"):
        if kind != T_CABIN:
            return "a citizen goes into quarantine only when rescued from a hex with plague"
        return "that cabin is taken (or an empty cabin without improvement is offered once: they are alike)"
    if text.startswith("quarantine "):
        if kind != T_QPICK:
            return ("you choose which citizens go into quarantine only when a hex with plague has more "
                    "citizens than you have free cabins")
        return "no rescued citizen of that class is waiting (name one: craftsman, aristocrat or nun)"
    if text in ("city +1", "church +1"):
        if kind != T_CORCH:
            return "that is the popularity reward's choice; in step 4 buy a step with 'buy city' or 'buy church'"
        return "that register is at its end"
    if text.startswith("scroll "):
        if kind != T_SCROLL:
            return "no action lets you advance a scroll cube now"
        return "that scroll track is full or does not exist"
    if text == "stop fighting":
        return "there is no plague fight going on" if kind != T_FIGHT else None
    if text == "end turn":
        return f"a turn ends in step 4; seat {p} must {TASK_NAMES.get(kind, 'decide')} first"
    if text == "done staffing":
        return "'done staffing' closes the window before production, which is not open now"
    if text == "stop activating":
        return "no citizens are being activated now"
    if text == "build nothing":
        return "no build action is open now" if kind != T_BUILD else "after a swap you must build if you can pay"
    if text.startswith("give up lt"):
        return "a lieutenant is given up only for a repopulation that shows one" if kind != T_LTPAY else \
            "that lieutenant is not yours or is already gone"
    if text.startswith("skip lt"):
        return "a lieutenant is set aside only when no hex is free for it"
    return None


def _explain_reward(s: MessinaState, p: int, kind: int, name: str) -> str:
    """Seed 進度軌行動 and 生產推進: register rewards are used in step 4 only."""
    if name not in REWARD_NAMES[1:]:
        return f"there is no register reward called {name!r}"
    code = REWARD_NAMES.index(name)
    if kind != T_MAIN:
        if code in s.pend[p]:
            return "register rewards are used in step 4 of your turn; finish the current step first"
        if code in s.defer[p]:
            return "that reward was reached outside your turn: it waits for your next step 4"
        return "register rewards are used only in step 4 of your turn"
    return (f"you have no '{name}' reward to use: a reward is used in step 4 of the turn you reach it "
            "(or in your next step 4 when it was reached outside your turn) and is lost when that step 4 ends")


def _explain_staff(s: MessinaState, p: int, kind: int, text: str) -> str:
    """Seed 工房: a citizen moves from your estate into an empty workshop of its class, for good."""
    if kind not in _STAFF_TASKS:
        return ("citizens move into workshops during your own turn (choosing a hex, fighting the plague, "
                "step 4), when a rescued or cured citizen needs room, and just before production")
    if p not in s.ws[0::WS_W]:
        return "you have no workshop"
    return "a citizen moves only from your estate into an empty workshop of its class (never out again)"


def _explain_choice(s: MessinaState, task: Task, text: str) -> str | None:
    p = task[1]
    if text.startswith("build "):
        if task[0] != T_BUILD:
            return "you can build only when an action lets you build"
        have = f"you have {s.pi[p * NP + COIN]} coins and {s.pi[p * NP + WOOD]} wood"
        t = s.tables
        tops = [t.cabins[st[0]] for st in s.cab_st if st] + [t.workshops[st[0]] for st in s.ws_st if st]
        tops += [t.wagons[st[0]] for st in s.wg_st if st]
        for tile in tops:
            if text == f"build {tile.name}" or text.startswith(f"build {tile.name} on cabin"):
                if not affordable(s, p, tile.cost_coins, tile.cost_wood):
                    return f"{tile.name} costs {tile.cost_coins} coins and {tile.cost_wood} wood; {have}"
                if task[2] >= 0:
                    return "after a swap you must build from the swapped stack"
                return "that cabin already has an improvement"
        return "that tile is not on top of a stack"
    if text.startswith("activate "):
        if task[0] != T_ACT:
            return "no overseer or reward is activating citizens now"
        return "that slot is empty, already activated, or not reachable by this activation"
    if text.startswith("advance ") and "overseer" in text:
        if task[0] != T_OVS:
            return "no action lets you advance an overseer now"
        return "that overseer has made its 6 advances, or is not the one this action moves"
    if text.startswith("upgrade "):
        if task[0] not in (T_UPGRADE, T_OVUP):
            return "no action lets you upgrade now"
        return "that citizen or overseer is already upgraded, or does not exist"
    if text.startswith("staff "):
        return "a citizen moves only from your estate into an empty workshop of its class"
    if text.startswith("to "):
        return "that slot or workshop is taken, or is not of the citizen's class"
    return None


__all__ = ["explain"]
