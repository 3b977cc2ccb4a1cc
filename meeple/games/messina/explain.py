"""Why a typed action is illegal, in the game's own terms (``State.explain_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.messina import choices, repopulation
from meeple.games.messina.board import node_in_play, node_name
from meeple.games.messina.consts import (
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
    T_FIGHT,
    T_MAIN,
    T_PAY,
    T_PLACE,
    T_SHIPFIGHT,
)
from meeple.games.messina.rules import TASK_NAMES, fire_cost, move_cost, owned_lieutenants

if TYPE_CHECKING:
    from meeple.games.messina.state import MessinaState


def explain_illegal(s: MessinaState, text: str) -> str | None:
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
        if loc == LOC_ESTATE and city_ready:
            return "lieutenants in the city must be used before those in the estate"
        if words[0] == "recall":
            return "only a lying lieutenant in the city can be recalled"
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
        return "you already took this hex's action or repopulated it this turn"
    if words and words[0] == "pay":
        if kind != T_PAY:
            return "there is no repopulation to pay for now"
        return "that citizen cannot pay for what is still due (or the rest could not be paid)"
    return choices.explain(s, task, text)


