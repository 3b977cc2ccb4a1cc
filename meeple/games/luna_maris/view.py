"""What a seat may see (seed and research: only deck and stack orders are hidden; every card reaches
a hand from a face-up source, so hands, rest piles and food are open)."""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.components import FOOD_KINDS
from meeple.games.luna_maris.modules import iron_need
from meeple.games.luna_maris.recycling import recycling_table
from meeple.games.luna_maris.scoring import FINAL_ITEMS, solo_result
from meeple.games.luna_maris.solo import ai_view
from meeple.games.luna_maris.state import (
    MAIN_DELIVER,
    MAIN_HIRE,
    MAIN_PROBE,
    MAIN_REFINE,
    MAIN_RESEARCH,
    OP_COMPACT,
    OP_EQUIP,
    OP_EXTRA,
    OP_FEED,
    OP_GO,
    OP_MAIN,
    OP_PLAY,
    OP_PROBE0,
    OP_RETURN,
    OP_SKIP,
    OP_START,
    OP_TAKE,
    S_PAY,
    STEP_NAMES,
    TRACKS,
    WITH,
    X_BUILD,
    LunaState,
)
from meeple.games.luna_maris.words import cref


def _seat(x: int) -> int | None:
    return None if x < 0 else x


RESOURCES = ("iron", "titanium", "water", "he3", "energy")


def order_cost(o: Any) -> dict[str, int]:
    """Seed §貨運碼頭: what an order asks for, resource -> amount (the zero ones left out)."""
    return {r: getattr(o, r) for r in RESOURCES if getattr(o, r)}


def order_tiles(s: LunaState) -> dict[str, dict[str, Any]]:
    """Every order tile a seat can see (the stack tops and the delivered tiles): cost and VP."""
    orders = s.tables.orders
    seen = sorted({st[-1] for st in s.stacks if st} | {o for me in s.seats for o in me.delivered})
    return {orders[o].name: {"cost": order_cost(orders[o]), "vp": orders[o].vp} for o in seen}


def scientist_notes(s: LunaState) -> dict[str, dict[str, Any]]:
    """Seed §啟動模組 1 (手牌專長圖示決定可使用的工擺格): the module icons of every scientist in a hand,
    a rest pile or the hiring row, its level, and the iron a senior in the hiring row costs."""
    mods = s.tables.modules
    seen: list[int] = sorted({c for me in s.seats for c in me.hand + me.rest} | set(s.hire_row))
    out: dict[str, dict[str, Any]] = {}
    for c in seen:
        card = s.cards[c]
        note: dict[str, Any] = {"level": 2 if card.senior else 1, "modules": [mods[m].key for m in card.icons]}
        if c in s.hire_row:
            note["hire_cost"] = card.cost
        out[card.name] = note
    return out


FOOD_KIND_KEYS = tuple(f"luna_maris.board.kind.{k}" for k in FOOD_KINDS)
EXTRA_KEYS = {e: f"luna_maris.board.extra.{e}" for e in ("vp", "water", "energy", "stress", "iron", "co2")}
ORE_KEYS = (W.word("iron")["key"], W.word("titanium")["key"])
"""Catalog keys as view values (the terminal and the page translate them; a plain word like
"titanium" would read as the research bonus of that name)."""


def food_cards(s: LunaState) -> dict[str, dict[str, Any]]:
    """Seed §溫室 and §犒賞科學家: every food card a seat can see (display, holdings, discard pile):
    its kind, its value (scientists it feeds) and the extra reward of a value-1 card (catalog keys)."""
    foods = s.tables.foods
    seen = sorted(set(s.food_row) | set(s.food_discard) | {f for me in s.seats for f in me.food})
    return {foods[f].name: {"kind": FOOD_KIND_KEYS[foods[f].kind], "value": foods[f].value,
                            "extra": EXTRA_KEYS[foods[f].extra] if foods[f].extra else None} for f in seen}


def tile_effects(s: LunaState) -> dict[str, dict[str, Any]]:
    """Seed §實驗室 (進階模組) and §特殊設備: which module each advanced module on offer or built and
    each special equipment tile on offer or owned changes, and the number it changes (the effect
    text is the tile's catalog text, ``luna_maris.<table>.<slug>.text``, filled with these fields)."""
    t = s.tables
    adv = sorted(set(s.adv_offer) | {a for a in s.built if a >= 0})
    equip = sorted(set(s.equip_offer) | {me.equip for me in s.seats if me.equip >= 0})
    out: dict[str, dict[str, Any]] = {
        t.advanced_modules[a].name: {"advanced": True, "module": t.modules[t.advanced_modules[a].module].key,
                                     "amount": t.advanced_modules[a].amount} for a in adv}
    out.update({t.equipment[e].name: {"advanced": False, "module": t.modules[t.equipment[e].module].key}
                for e in equip})
    return out


def tracks(s: LunaState) -> dict[str, Any]:
    """The printed tracks the boards draw: the waste gauge's spaces (which raise CO2 or stress), the
    CO2 track's VP from the worst end, the top of the O2 track, the stress marker's O2 caps (from
    maximum to minimum stress), the energy cap, the emergency cubes' VP, the processes printed on
    each research track (the advanced recycling ones once that module is built) and the bonus under
    each probe slot of the player board (installed top to bottom)."""
    b = s.board
    return {
        "waste": [{"co2": i in b.waste_co2, "stress": i in b.waste_stress} for i in range(1, b.waste_spaces + 1)],
        "co2": list(b.co2_vp),
        "oxygen": b.o2_max,
        "stress": [b.stress_min_cap, b.stress_max_cap],
        "energy": b.energy_cap,
        "emergency": list(b.emergency_vp),
        "refining": [{"name": pr.name, "level": pr.level} for pr in s.tables.refining],
        "sustainability": [{"name": pr.name, "level": pr.level} for pr in recycling_table(s)],
        "probes": [{r: getattr(slot, r) for r in ("iron", "vp", "water", "he3", "waste") if getattr(slot, r)}
                   for slot in s.tables.probe_slots],
    }


def paying_for(s: LunaState) -> dict[str, Any] | None:
    """What the iron of the payment step pays for: the action and the card it names."""
    if s.step != S_PAY:
        return None
    op, arg = s.pay_op, s.pay_arg
    if op == MAIN_HIRE:
        return {"action": "hire", "card": s.cards[arg % WITH].name}
    if op == MAIN_DELIVER:
        return {"action": "deliver", "card": s.tab.orders[s.stacks[arg % WITH][-1]].name}
    return {"action": "refine" if op == MAIN_REFINE else "burn", "card": None}


def view(s: LunaState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may see (the same for every seat: only deck and stack orders are hidden)."""
    t = s.tables
    b = s.board
    mods = t.modules
    cards = s.cards
    foods = t.foods
    orders = t.orders
    players = []
    for p, me in enumerate(s.seats):
        if p >= s.players:  # solo: the AI's board is the view's "ai"
            break
        players.append({
            "seat": p,
            "vp": me.vp,
            "o2_used": me.o2,
            "o2_cap": me.cap,
            "stress": b.stress_max_cap - me.cap,
            "energy": me.energy,
            "water": me.water,
            "he3": me.he3,
            "conveyor": {"left": {"iron": me.fe_l, "titanium": me.ti_l},
                         "right": {"iron": me.fe_r, "titanium": me.ti_r}},
            "waste": me.waste,
            "co2": me.co2,
            "co2_vp": b.co2_vp[me.co2],
            "research": {"refining": me.ref, "sustainability": me.sus},
            "research_bonus_taken": {"refining": bool(me.ref_bonus), "sustainability": bool(me.sus_bonus)},
            "emergency": {"energy": bool(me.em_energy), "iron": bool(me.em_iron), "water": bool(me.em_water)},
            "probes_on_board": me.probes,
            "astronaut": None if me.pos < 0 else mods[me.pos].key,
            "on_activation_space": bool(me.on_act),
            "hand": [cards[c].name for c in s.seats[p].hand],
            "rest": [cards[c].name for c in s.seats[p].rest],
            "food": [foods[f].name for f in s.seats[p].food],
            "orders": [orders[o].name for o in s.seats[p].delivered],
            "equipment": None if me.equip < 0 else t.equipment[me.equip].name,
            "equipment_face_up": bool(me.equip_up),
            "passed": bool(me.passed),
            "pending_pass_reward": _seat(me.pending),
        })
    out: dict[str, Any] = {
        "round": s.round,
        "step": STEP_NAMES[s.step],
        "day": s.round in b.day_rounds,
        "turn_order": list(s.order),
        "next_turn_order": list(s.next_order),
        "modules": [{"key": m.key, "name": cref("modules", m.name)["key"], "activated_by": _seat(s.act[i]),
                     "neighbours": [mods[n].key for n in m.neighbours],
                     "advanced": None if s.built[i] < 0 else t.advanced_modules[s.built[i]].name}
                    for i, m in enumerate(mods)],
        "mining_area": [{"space": sp.name, "row": sp.row, "col": sp.col, "ore": ORE_KEYS[sp.ore],
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
        "foods": food_cards(s),
        "orders": order_tiles(s),
        "tile_effects": tile_effects(s),
        "tracks": tracks(s),
        "seats": players,
        "turn": {
            "scientist": None if s.card < 0 else cards[s.card].name,
            "module_actions_left": s.acts_left,
            "modules_used": [mods[m].key for m in range(len(mods)) if s.used >> m & 1],
            "at_module": None if s.module < 0 else mods[s.module].key,
            "food_to_take": s.pick_left,
            "scientists_to_return": s.feed_left,
            "iron_to_pay": iron_need(s, s.cur, s.pay_op, s.pay_arg)[0] if s.step == S_PAY else 0,
            "paying_for": paying_for(s),
        },
    }
    if s.final:
        out["final_scoring"] = [dict(zip(FINAL_ITEMS, items, strict=True)) for items in s.final[:s.players]]
    if s.is_solo:
        ai = ai_view(s)
        assert ai is not None
        if s.final:
            ai["final_scoring"] = dict(zip(FINAL_ITEMS, s.final[1], strict=True))
        out["ai"] = ai
        result = solo_result(s)
        if result is not None:
            out["solo"] = result
    return out


# --- the pieces an action involves (issue 27: State.targets, Game.piece_ids) -------------------------


def targets(s: LunaState, action: Action) -> list[str]:
    """The pieces and places ``action`` plays, as ``piece_ids`` names them: ``module:<key>``,
    ``cell:<space>``, ``hire:<card>``, ``order:<top order>``, ``hand:<card>``, ``rest:<card>``,
    ``own_food:<food>``, ``food:<food>`` (the display), ``adv:<advanced module>``,
    ``equip:<equipment>`` and ``research:<track>``; a module's own processes are played on the module
    the astronaut visits.  Passing, feeding without food, the emergency deposit, payments and bonus
    spaces have none (the board's controls)."""
    data = action.data
    op = data[0]
    t = s.tables
    here = [] if s.module < 0 else ["module:" + t.modules[s.module].key]
    if op == OP_PLAY:
        return ["hand:" + s.cards[data[1]].name]
    if op == OP_RETURN:
        return ["rest:" + s.cards[data[1]].name]
    if op == OP_FEED:
        return ["own_food:" + t.foods[data[1]].name]
    if op == OP_GO or op == OP_START:
        return ["module:" + t.modules[data[1]].key]
    if op == OP_PROBE0:
        return ["cell:" + t.mining_spaces[data[1]].name]
    if op == OP_EQUIP:
        return ["equip:" + t.equipment[data[1]].name]
    if op == OP_TAKE:
        return ["food:" + t.foods[s.food_row[data[1]]].name]
    if op == OP_MAIN:
        main, arg = data[1], data[2] % WITH
        if main == MAIN_PROBE:
            return ["cell:" + t.mining_spaces[arg].name]
        if main == MAIN_HIRE:
            return ["hire:" + s.cards[arg].name]
        if main == MAIN_DELIVER:
            return ["order:" + t.orders[s.stacks[arg][-1]].name]
        if main == MAIN_RESEARCH:
            return ["research:" + TRACKS[arg]] + here
        return here
    if op == OP_EXTRA:
        return ["adv:" + t.advanced_modules[data[2]].name] if data[1] == X_BUILD else here
    if op == OP_COMPACT or op == OP_SKIP:
        return here
    return []


def piece_ids(view: dict[str, Any]) -> set[str]:
    """Every id ``targets`` may name that this view draws (luna_maris.js draws them by these ids)."""
    out = {"module:" + m["key"] for m in view.get("modules", ())}
    out.update("cell:" + c["space"] for c in view.get("mining_area", ()))
    out.update("hire:" + c for c in view.get("hiring_row", ()))
    out.update("order:" + st["top"] for st in view.get("order_stacks", ()) if st["top"])
    out.update("food:" + f for f in view.get("food_display", ()))
    out.update("adv:" + a for a in view.get("advanced_offer", ()))
    out.update("equip:" + e for e in view.get("equipment_offer", ()))
    seat = view.get("seat")
    for p in view.get("seats", ()):
        if p["seat"] == seat:
            out.update("hand:" + c for c in p["hand"])
            out.update("rest:" + c for c in p["rest"])
            out.update("own_food:" + f for f in p["food"])
            out.update("research:" + track for track in p["research"])
    return out
