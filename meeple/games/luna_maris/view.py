"""What a seat may see (seed and research: only deck and stack orders are hidden; every card reaches
a hand from a face-up source, so hands, rest piles and food are open)."""

from __future__ import annotations

from typing import Any

from meeple.games.luna_maris.modules import iron_need, payment_label
from meeple.games.luna_maris.scoring import FINAL_ITEMS
from meeple.games.luna_maris.state import (
    CAP,
    CO2,
    EM_ENERGY,
    EM_IRON,
    EM_WATER,
    ENERGY,
    EQUIP,
    EQUIP_UP,
    FE_L,
    FE_R,
    HE3,
    O2,
    ON_ACT,
    PASSED,
    PENDING,
    POS,
    PROBES,
    REF,
    REF_BONUS,
    S_PAY,
    STEP_NAMES,
    SUS,
    SUS_BONUS,
    TI_L,
    TI_R,
    VP,
    WASTE,
    WATER,
    LunaState,
)


def _seat(x: int) -> int | None:
    return None if x < 0 else x


def order_cost(o: Any) -> str:
    """Seed §貨運碼頭: what an order asks for, in words."""
    parts = [(o.iron, "iron"), (o.titanium, "titanium"), (o.water, "water"), (o.he3, "He-3"), (o.energy, "energy")]
    return ", ".join(f"{n} {what}" for n, what in parts if n)


def scientist_notes(s: LunaState) -> dict[str, str]:
    """Seed §啟動模組 1 (手牌專長圖示決定可使用的工擺格): the module icons of every scientist in a hand,
    a rest pile or the hiring row, and the iron a senior in the hiring row costs."""
    mods = s.tables.modules
    seen: list[int] = sorted({c for p in range(s.players) for c in s.hands[p] + s.rest[p]} | set(s.hire_row))
    out: dict[str, str] = {}
    for c in seen:
        card = s.cards[c]
        text = ", ".join(mods[m].key for m in card.icons)
        if c in s.hire_row:
            text += f"; hire for {card.cost} iron"
        out[card.name] = text
    return out


def tile_effects(s: LunaState) -> dict[str, str]:
    """Seed §實驗室 (進階模組) and §特殊設備: what each advanced module on offer or built and each
    special equipment tile on offer or owned does."""
    t = s.tables
    adv = sorted(set(s.adv_offer) | {a for a in s.built if a >= 0})
    equip = sorted(set(s.equip_offer) | {me[EQUIP] for me in s.pl if me[EQUIP] >= 0})
    out = {t.advanced_modules[a].name: t.advanced_modules[a].effect for a in adv}
    out.update({t.equipment[e].name: f"{t.modules[t.equipment[e].module].key}: {t.equipment[e].effect}; once a round"
                for e in equip})
    return out


def view(s: LunaState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may see (the same for every seat: only deck and stack orders are hidden)."""
    t = s.tables
    b = s.board
    mods = t.modules
    cards = s.cards
    foods = t.foods
    orders = t.orders
    players = []
    for p, me in enumerate(s.pl):
        players.append({
            "seat": p,
            "vp": me[VP],
            "o2_used": me[O2],
            "o2_cap": me[CAP],
            "stress": b.stress_max_cap - me[CAP],
            "energy": me[ENERGY],
            "water": me[WATER],
            "he3": me[HE3],
            "conveyor": {"left": {"iron": me[FE_L], "titanium": me[TI_L]},
                         "right": {"iron": me[FE_R], "titanium": me[TI_R]}},
            "waste": me[WASTE],
            "co2": me[CO2],
            "co2_vp": b.co2_vp[me[CO2]],
            "research": {"refining": me[REF], "sustainability": me[SUS]},
            "research_bonus_taken": {"refining": bool(me[REF_BONUS]), "sustainability": bool(me[SUS_BONUS])},
            "emergency": {"energy": bool(me[EM_ENERGY]), "iron": bool(me[EM_IRON]), "water": bool(me[EM_WATER])},
            "probes_on_board": me[PROBES],
            "astronaut": None if me[POS] < 0 else mods[me[POS]].key,
            "on_activation_space": bool(me[ON_ACT]),
            "hand": [cards[c].name for c in s.hands[p]],
            "rest": [cards[c].name for c in s.rest[p]],
            "food": [foods[f].name for f in s.food[p]],
            "orders": [orders[o].name for o in s.delivered[p]],
            "equipment": None if me[EQUIP] < 0 else t.equipment[me[EQUIP]].name,
            "equipment_face_up": bool(me[EQUIP_UP]),
            "passed": bool(me[PASSED]),
            "pending_pass_reward": _seat(me[PENDING]),
        })
    out: dict[str, Any] = {
        "round": s.round,
        "step": STEP_NAMES[s.step],
        "day": s.round in b.day_rounds,
        "turn_order": list(s.order),
        "next_turn_order": list(s.next_order),
        "modules": [{"key": m.key, "name": m.name, "activated_by": _seat(s.act[i]),
                     "advanced": None if s.built[i] < 0 else t.advanced_modules[s.built[i]].name}
                    for i, m in enumerate(mods)],
        "mining_area": [{"space": sp.name, "ore": "titanium" if sp.ore else "iron",
                         "probe": _seat(s.grid[i])} for i, sp in enumerate(t.mining_spaces)],
        "hiring_row": [cards[c].name for c in s.hire_row],
        "senior_deck": len(s.senior_deck),
        "order_stacks": [{"top": orders[st[-1]].name if st else None, "count": len(st),
                          "cost": order_cost(orders[st[-1]]) if st else None,
                          "vp": orders[st[-1]].vp if st else None} for st in s.stacks],
        "food_display": [foods[f].name for f in s.food_row],
        "food_deck": len(s.food_deck),
        "food_discard": [foods[f].name for f in s.food_discard],
        "advanced_offer": [t.advanced_modules[a].name for a in s.adv_offer],
        "build_track": list(s.build_track),
        "equipment_offer": [t.equipment[e].name for e in s.equip_offer],
        "start_modules": [mods[m].key for m in s.start_mods],
        "scientists": scientist_notes(s),
        "tile_effects": tile_effects(s),
        "seats": players,
        "turn": {
            "scientist": None if s.card < 0 else cards[s.card].name,
            "module_actions_left": s.acts_left,
            "modules_used": [mods[m].key for m in range(len(mods)) if s.used >> m & 1],
            "at_module": None if s.module < 0 else mods[s.module].key,
            "food_to_take": s.pick_left,
            "scientists_to_return": s.feed_left,
            "iron_to_pay": iron_need(s, s.cur, s.pay_op, s.pay_arg)[0] if s.step == S_PAY else 0,
            "paying_for": payment_label(s, s.pay_op, s.pay_arg) if s.step == S_PAY else None,
        },
    }
    if s.final:
        out["final_scoring"] = [dict(zip(FINAL_ITEMS, items, strict=True)) for items in s.final]
    return out
