"""Sub-decisions of effects: overseers, activation, scroll, upgrade, build, register rewards.

Seed sections: 推進監工, 啟用市民, 升級監工, 推進卷軸版, 升級市民, 建造, 進度軌行動.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Action
from meeple.games.messina import effects
from meeple.games.messina.components import CLASSES
from meeple.games.messina.consts import (
    CABINS,
    CHURCH,
    CITY,
    COIN,
    D0,
    FIRE,
    MAJOR,
    NODES,
    NP,
    OP_ACT,
    OP_ACTDONE,
    OP_BUILD_CABIN,
    OP_BUILD_WG,
    OP_BUILD_WS,
    OP_CORCH,
    OP_LIGHT,
    OP_NOBUILD,
    OP_OVS,
    OP_OVUP,
    OP_SCROLL,
    OP_SWAP,
    OP_UPG,
    PETAL_NAMES,
    SC0,
    SLOTS,
    T_ACT,
    T_BUILD,
    T_CORCH,
    T_LIGHT,
    T_OVS,
    T_OVUP,
    T_SCROLL,
    T_UPGRADE,
    VP,
    WOOD,
    WS_W,
)

if TYPE_CHECKING:
    from meeple.engine.core import Event
    from meeple.games.messina.state import MessinaState

Task = tuple[int, int, int, int, int]
PAY_NAMES = ("coin", "wood", "fire", "major fire", "VP")
PAY_OFFSETS = (COIN, WOOD, FIRE, MAJOR, VP)
SCROLL_TOP = 4


def legal(s: MessinaState, task: Task) -> list[Action]:
    kind = task[0]
    if kind == T_ACT:
        return legal_activate(s, task)
    if kind == T_OVS:
        return legal_overseer(s, task)
    if kind == T_BUILD:
        return legal_build(s, task)
    if kind == T_UPGRADE:
        return legal_upgrade(s, task[1])
    if kind == T_SCROLL:
        return legal_scroll(s, task[1])
    if kind == T_CORCH:
        return legal_corch(s, task[1])
    if kind == T_LIGHT:
        return legal_lightning(s)
    if kind == T_OVUP:
        return legal_ovup(s, task[1])
    raise AssertionError(f"unknown task {task}")


def apply(s: MessinaState, data: tuple[int, ...], events: list[Event]) -> None:
    op = data[0]
    task = s.tasks[-1]
    p = task[1]
    if op == OP_ACT or op == OP_ACTDONE:
        apply_activate(s, task, data, events)
    elif op == OP_OVS:
        s.tasks.pop()
        if data[1] < 0:
            return
        effects.advance_overseer(s, p, data[1], data[2], data[3], events)
    elif op in (OP_BUILD_CABIN, OP_BUILD_WS, OP_BUILD_WG, OP_SWAP, OP_NOBUILD):
        apply_build(s, task, data, events)
    elif op == OP_UPG:
        s.tasks.pop()
        upgrade(s, p, data[1], data[2], events)
    elif op == OP_SCROLL:
        s.tasks.pop()
        s.pi[p * NP + SC0 + data[1]] += 1
        if task[2] > 1:
            s.tasks.append((T_SCROLL, p, task[2] - 1, 0, 0))
    elif op == OP_CORCH:
        s.tasks.pop()
        effects.advance_track(s, p, data[1], 1, events)
    elif op == OP_LIGHT:
        s.tasks.pop()
        effects.gain(s, p, data[1], events, "lightning")
    elif op == OP_OVUP:
        s.tasks.pop()
        cls = data[1]
        s.ov[(p * 3 + cls) * 3 + 2] = 1
        events.append({"type": "overseer_upgrade", "seat": p, "text": f"seat {p} upgrades its {CLASSES[cls]} overseer"})
        if task[2]:
            s.tasks.append((T_OVS, p, cls, 0, 1))


# --- overseers and activation ------------------------------------------------------------------

def legal_overseer(s: MessinaState, task: Task) -> list[Action]:
    """Seed 推進監工: each overseer advances at most 6 times; at its first advance it takes one of the
    two forks (the petals of its class); an arrow allows one extra step."""
    p, which, arrow = task[1], task[2], task[3]
    out: list[Action] = []
    for cls in ((0, 1, 2) if which == 3 else (which,)):
        base = (p * 3 + cls) * 3
        step = s.ov[base]
        if step >= 6:
            continue
        forks = (cls, cls + 3) if step == 0 else (-1,)
        for petal in forks:
            for n in ((1, 2) if arrow and step <= 4 else (1,)):
                text = f"advance {CLASSES[cls]} overseer"
                if petal >= 0:
                    text += f" via {PETAL_NAMES[petal]}"
                if n == 2:
                    text += " 2 steps"
                out.append(Action(text, (OP_OVS, cls, petal, n)))
    if not out:
        out.append(Action("no overseer can advance", (OP_OVS, -1, -1, 0)))
    return out


def legal_activate(s: MessinaState, task: Task) -> list[Action]:
    """Seed 啟用市民: activate occupied slots among the candidates, each at most once."""
    p, mask, used = task[1], task[2], task[4]
    est = s.estate
    base = p * SLOTS
    names = s.tables.estate
    out = [Action(f"activate {names[k].name}", (OP_ACT, k))
           for k in range(SLOTS) if (mask >> k) & 1 and not (used >> k) & 1 and est[base + k] >= 0]
    out.append(Action("stop activating", (OP_ACTDONE,)))
    return out


def apply_activate(s: MessinaState, task: Task, data: tuple[int, ...], events: list[Event]) -> None:
    s.tasks.pop()
    if data[0] == OP_ACTDONE:
        return
    p, k = task[1], data[1]
    if task[3] > 1:
        s.tasks.append((T_ACT, p, task[2], task[3] - 1, task[4] | (1 << k)))
    effects.activate_slot(s, p, k, events)


def legal_ovup(s: MessinaState, p: int) -> list[Action]:
    out = [Action(f"upgrade {CLASSES[c]} overseer", (OP_OVUP, c))
           for c in range(3) if not s.ov[(p * 3 + c) * 3 + 2]]
    if not out:
        out.append(Action("no overseer to upgrade", (OP_UPG, -1, -1)))
    return out


# --- scroll, upgrade, registers, lightning -----------------------------------------------------

def legal_scroll(s: MessinaState, p: int) -> list[Action]:
    names = s.tables.scrolls
    top = [len(x.values) - 1 for x in names]
    out = [Action(f"scroll {names[k].name}", (OP_SCROLL, k))
           for k in range(3) if s.pi[p * NP + SC0 + k] < top[k]]
    if not out:
        out.append(Action("scroll board is full", (OP_UPG, -1, -1)))
    return out


def legal_upgrade(s: MessinaState, p: int) -> list[Action]:
    """Seed 升級市民: any ordinary citizen, in the estate, a workshop or a quarantine cabin."""
    names = s.tables.estate
    base = p * SLOTS
    out = [Action(f"upgrade {names[k].name}", (OP_UPG, 0, k)) for k in range(SLOTS) if s.estate[base + k] == 0]
    ws = s.ws
    wt = s.tables.workshops
    for i in range(0, len(ws), WS_W):
        if ws[i] == p and ws[i + 2] == 0:
            out.append(Action(f"upgrade {wt[ws[i + 1]].name}", (OP_UPG, 1, i)))
    for k in range(CABINS):
        occ = s.cab[(p * CABINS + k) * 3]
        if occ >= 0 and not occ & 1:
            out.append(Action(f"upgrade cabin {k + 1}", (OP_UPG, 2, k)))
    if not out:
        out.append(Action("nothing to upgrade", (OP_UPG, -1, -1)))
    return out


def upgrade(s: MessinaState, p: int, where: int, k: int, events: list[Event]) -> None:
    if where == 0:
        s.estate[p * SLOTS + k] = 1
    elif where == 1:
        s.ws[k + 2] = 1
        effects.ws_pay_out(s, k, events)
    elif where == 2:
        s.cab[(p * CABINS + k) * 3] |= 1
    else:
        return
    events.append({"type": "upgrade", "seat": p, "text": f"seat {p} upgrades a citizen"})


def legal_corch(s: MessinaState, p: int) -> list[Action]:
    out = []
    if s.pi[p * NP + CITY] < 12:
        out.append(Action("city +1", (OP_CORCH, 1)))
    if s.pi[p * NP + CHURCH] < 12:
        out.append(Action("church +1", (OP_CORCH, 2)))
    if not out:
        out.append(Action("registers are full", (OP_UPG, -1, -1)))
    return out


def legal_lightning(s: MessinaState) -> list[Action]:
    """Lightning: the action of any district in the city, used this round or not (each distinct
    action offered once)."""
    t = s.tables
    seen: list[int] = []
    for n in range(D0, NODES):
        tile = s.ntile[n]
        if tile >= 0:
            for e in t.hexes[tile].actions:
                if e not in seen:
                    seen.append(e)
    return [Action(f"lightning: {t.effects[e].name}", (OP_LIGHT, e)) for e in sorted(seen)]


# --- build -----------------------------------------------------------------------------------

def affordable(s: MessinaState, p: int, coins: int, wood: int) -> bool:
    return s.pi[p * NP + COIN] >= coins and s.pi[p * NP + WOOD] >= wood


def legal_build(s: MessinaState, task: Task) -> list[Action]:
    """Seed 建造: a cabin improvement, a workshop or a wagon; once per build you may first pay one
    resource or 1 VP to put a cabin or workshop stack's top on its bottom, and must then build from
    that stack if you can pay for it."""
    p, swapped = task[1], task[2]
    t = s.tables
    out: list[Action] = []
    cab_options: list[Action] = []
    free_cabins = []
    empty_seen = False
    for c in range(CABINS):
        base = (p * CABINS + c) * 3
        if s.cab[base + 2] < 0:
            if s.cab[base] < 0:
                # empty unimproved cabins are all alike: offer the first
                if empty_seen:
                    continue
                empty_seen = True
            free_cabins.append(c)
    for k, st in enumerate(s.cab_st):
        if st and free_cabins and (swapped < 0 or swapped == k):
            tile = t.cabins[st[0]]
            if affordable(s, p, tile.cost_coins, tile.cost_wood):
                for c in free_cabins:
                    cab_options.append(Action(f"build {tile.name} on cabin {c + 1}", (OP_BUILD_CABIN, k, c)))
    ws_options: list[Action] = []
    for k, st in enumerate(s.ws_st):
        if st and (swapped < 0 or swapped == 3 + k):
            w = t.workshops[st[0]]
            if affordable(s, p, w.cost_coins, w.cost_wood):
                ws_options.append(Action(f"build {w.name}", (OP_BUILD_WS, k)))
    if swapped >= 0 and (cab_options or ws_options):
        return cab_options + ws_options
    if swapped >= 0:
        # the swapped stack is unaffordable: any other build is open
        return legal_build(s, (T_BUILD, p, -2, 0, 0))
    out += cab_options + ws_options
    numbers = set()
    for k, st in enumerate(s.wg_st):
        if st:
            w = t.wagons[st[0]]
            if w.number not in numbers and affordable(s, p, w.cost_coins, w.cost_wood):
                numbers.add(w.number)
                out.append(Action(f"build {w.name}", (OP_BUILD_WG, k)))
    if swapped == -1:
        pays = [i for i, off in enumerate(PAY_OFFSETS) if s.pi[p * NP + off] >= 1]
        for kind, stacks in ((0, s.cab_st), (1, s.ws_st)):
            for k, st in enumerate(stacks):
                if len(st) >= 2:
                    for i in pays:
                        label = "cabin" if kind == 0 else "workshop"
                        out.append(Action(f"swap {label} stack {k + 1} for 1 {PAY_NAMES[i]}",
                                          (OP_SWAP, kind * 3 + k, i)))
    out.append(Action("build nothing", (OP_NOBUILD,)))
    return out


def _take_top(stacks: tuple[tuple[int, ...], ...], known: tuple[int, ...], k: int
              ) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
    st = stacks[k]
    top = st[0]
    new = st[1:]
    kn = list(known)
    kn[k] = min(kn[k], max(0, len(new) - 1))
    lst = list(stacks)
    lst[k] = new
    return top, tuple(lst), tuple(kn)


def apply_build(s: MessinaState, task: Task, data: tuple[int, ...], events: list[Event]) -> None:
    p = task[1]
    op = data[0]
    t = s.tables
    base = p * NP
    if op == OP_SWAP:
        code, pay = data[1], data[2]
        s.pi[base + PAY_OFFSETS[pay]] -= 1
        kind, k = divmod(code, 3)
        stacks, known = (s.cab_st, s.cab_known) if kind == 0 else (s.ws_st, s.ws_known)
        st = stacks[k]
        lst = list(stacks)
        lst[k] = st[1:] + st[:1]
        kn = list(known)
        kn[k] = min(kn[k] + 1, len(st) - 1)
        if kind == 0:
            s.cab_st, s.cab_known = tuple(lst), tuple(kn)
        else:
            s.ws_st, s.ws_known = tuple(lst), tuple(kn)
        s.reveals += 1
        s.tasks[-1] = (T_BUILD, p, code, 0, 0)
        events.append({"type": "swap", "seat": p, "text": f"seat {p} puts a stack's top tile on the bottom"})
        return
    s.tasks.pop()
    if op == OP_NOBUILD:
        return
    if op == OP_BUILD_CABIN:
        top, s.cab_st, s.cab_known = _take_top(s.cab_st, s.cab_known, data[1])
        tile = t.cabins[top]
        s.pi[base + COIN] -= tile.cost_coins
        s.pi[base + WOOD] -= tile.cost_wood
        s.cab[(p * CABINS + data[2]) * 3 + 2] = top
        name = tile.name
    elif op == OP_BUILD_WS:
        top, s.ws_st, s.ws_known = _take_top(s.ws_st, s.ws_known, data[1])
        w = t.workshops[top]
        s.pi[base + COIN] -= w.cost_coins
        s.pi[base + WOOD] -= w.cost_wood
        s.ws += [p, top, -1, 0]
        name = w.name
    else:
        st = s.wg_st[data[1]]
        top = st[0]
        lst = list(s.wg_st)
        lst[data[1]] = st[1:]
        s.wg_st = tuple(lst)
        wg = t.wagons[top]
        s.pi[base + COIN] -= wg.cost_coins
        s.pi[base + WOOD] -= wg.cost_wood
        s.pi[base + VP] += wg.vp
        s.wg += [p, top, 0]
        name = wg.name
    s.reveals += 1
    events.append({"type": "build", "seat": p, "text": f"seat {p} builds {name}"})


def explain(s: MessinaState, task: Task, text: str) -> str | None:
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


__all__ = ["legal", "apply", "explain"]
