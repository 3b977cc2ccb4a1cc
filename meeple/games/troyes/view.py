"""What a seat sees of a Troyes position (the hidden parts: docs/rules/troyes.md, "Hidden information")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.troyes import scoring
from meeple.games.troyes import state as ops
from meeple.games.troyes.citizens import source_text
from meeple.games.troyes.components import COLOUR_NAMES
from meeple.games.troyes.dice import target_text
from meeple.games.troyes.state import (
    NEUTRAL,
    NO_SPACE,
    P_ACTION,
    P_BLACK,
    P_KEEP,
    P_OVER,
    PHASE_NAMES,
    S_MASON,
    STEP_NAMES,
    d_colour,
    d_owner,
    d_value,
    die_text,
)

if TYPE_CHECKING:
    from meeple.engine.core import Action
    from meeple.games.troyes.state import TroyesState


def view(s: TroyesState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may see (``None``: a spectator); ``TroyesPosition._view``."""
    t = s.tables
    n = s.players
    over = s.phase == P_OVER
    open_vp = bool(s.options.get("open_vp")) or over

    def who(o: int) -> str | None:
        if o < 0:
            return None
        return "neutral" if o == NEUTRAL else f"p{o}"

    players = []
    for q, them in enumerate(s.seats):
        entry: dict[str, Any] = {
            "seat": q, "deniers": them.deniers, "influence": them.infl,
            "supply": them.supply, "citizens_owned": them.owned,
            "district_deniers": them.district, "passed": them.passed > 0,
            "events_won": [t.events[e].name for e in them.won],
            "characters_held": len(them.chars),
        }
        if open_vp or q == seat:
            entry["vp"] = them.vp
        if over or q == seat:
            entry["characters"] = [t.characters[c].name for c in them.chars]
            entry["character_scoring"] = [_scoring(t.characters[c]) for c in them.chars]
            if q == seat and s.phase == P_KEEP and s.order and s.order[0] == q:
                entry["characters_drawn"] = [t.characters[c].name for c in s.pair]
                entry["drawn_scoring"] = [_scoring(t.characters[c]) for c in s.pair]
        players.append(entry)
    buildings = []
    for b, spec in enumerate(t.buildings):
        spaces = [who(o) for o in s.bld[b * 6:b * 6 + 6]]
        buildings.append({
            "name": spec.name, "spaces": spaces,
            "lying": [s.seats[q].lying[b] for q in range(n)],
            "colour": COLOUR_NAMES[spec.colour], "rows": spec.rows, "wage": spec.wage,
        })
    activities = []
    for slot in range(9):
        level = slot % 3 + 1
        card_i = s.slots[slot]
        face_up = level <= s.revealed
        entry = {"colour": COLOUR_NAMES[slot // 3], "level": level, "face_up": face_up,
                 "card": t.activities[card_i].name if face_up else None}
        if face_up:
            c = t.activities[card_i]
            entry.update({"divisor": c.divisor, "hire_cost": c.hire_cost, "vp_spaces": list(c.vp_spaces),
                          "delayed": c.delayed, "effect": c.effect})
            entry["tradesmen"] = [
                {"seat": q, "space": None if v == NO_SPACE else v - 1,
                 "vp": 0 if v == NO_SPACE else c.vp_spaces[v - 1]}
                for q in range(n) if (v := s.seats[q].trade[slot])
            ]
            entry["cubes"] = [s.seats[q].cubes[slot] for q in range(n)]
        activities.append(entry)
    row = []
    for i, e in enumerate(s.row):
        card = t.events[e]
        row.append({"card": card.name, "colour": COLOUR_NAMES[card.colour],
                    "fight_colour": COLOUR_NAMES[card.fight_colour],
                    "divisor": card.divisor, "vp": [card.vp_first, card.vp_second],
                    "black_dice": card.black_dice, "effect": card.effect, "boxes": card.boxes,
                    "cubes": [s.evcubes[i].count(q) for q in range(n)],
                    "neutral_cubes": s.evcubes[i].count(NEUTRAL)})
    districts = []
    for owner in list(range(n)) + [NEUTRAL]:
        mine = [f"{'rwy'[d_colour(d)]}{d_value(d)}" for d in s.dice if d_owner(d) == owner]
        districts.append({"owner": who(owner), "dice": mine})
    body: dict[str, Any] = {
        "round": s.rnd, "rounds": s.rounds, "phase": PHASE_NAMES[s.phase],
        "step": STEP_NAMES[s.step], "start_player": s.start,
        "seats": players, "buildings": buildings, "grey_supply": s.grey,
        "cathedral": [[who(o) for o in s.cath[lv * 6:lv * 6 + 6]] for lv in range(3)],
        "activities": activities, "event_row": row,
        "marauding_cubes": [s.maraud.count(q) for q in range(n)],
        "marauding": {"card": s.perm.name, "fight_colour": COLOUR_NAMES[s.perm.fight_colour],
                      "divisor": s.perm.divisor, "vp": [s.perm.vp_first, s.perm.vp_second],
                      "black_dice": s.perm.black_dice, "boxes": s.perm.boxes},
        "event_decks": [len(d) for d in s.decks],
        "districts": districts, "black_dice": list(s.black),
        "pending": pending_view(s),
    }
    if over:
        body["final"] = scoring.breakdown(s)
    return body

def _scoring(card: Any) -> dict[str, Any]:
    """A character's scoring steps as its effect text reads them (``8/12/16/20``, ``1/2/4/6``):
    the board fills ``troyes.characters.<name>.text`` with them (issue 15)."""
    return {"name": card.name, "thresholds": "/".join(map(str, card.thresholds)),
            "points": "/".join(map(str, card.points))}


def pending_view(s: TroyesState) -> dict[str, Any] | None:
    """The action, Master Mason or Squire cubes, or black-dice counter under way."""
    if s.picks:
        card = "Master Mason" if s.step == S_MASON else "Squire"
        return {"card": card, "cubes_to_place": s.picks}
    if s.phase == P_BLACK:
        if not s.bsel:
            return None
        return {"countering": list(s.bsel), "pool": s.pool, "needed": sum(s.bsel)}
    if s.phase != P_ACTION or not s.tgt_kind:
        return None
    return {"action": target_text(s, s.tgt_kind, s.tgt_arg),
            "citizen": source_text(s, s.src) if s.src >= 0 else None,
            # the same two as the ids of their pieces (issue 27, ``targets``), for the board, which
            # reads no notation: None for farming and for a citizen from the supply
            "action_target": _action_id(s, s.tgt_kind, s.tgt_arg),
            "citizen_target": _source_id(s, s.src) if s.src >= 0 else None,
            "cube": s.tables.activities[s.slots[s.mod]].name if s.mod >= 0 else None,
            "dice": [die_text(d, NEUTRAL + 1) for d in s.group],
            "dice_targets": [_die_id(d) for d in s.group]}  # the same dice by their pieces' ids


# --- the pieces an action involves (issue 27: State.targets, Game.piece_ids) -------------------------

DIE_OPS = frozenset((ops.OP_REROLL, ops.OP_FLIPDIE, ops.OP_SPEND, ops.OP_DICE))


def _die_id(d: int) -> str:
    """A die as the city square draws it: ``die:<owner>:<code>`` (``die:p1:r5``, ``die:neutral:w3``);
    identical dice of one owner share the id."""
    owner = d_owner(d)
    return f"die:{'neutral' if owner == NEUTRAL else f'p{owner}'}:{'rwy'[d_colour(d)]}{d_value(d)}"


def _event_id(s: TroyesState, arg: int) -> str:
    """``event:<card>`` of the event row's ``arg``-th card, or of Marauding (``MARAUD``)."""
    return "event:" + (s.perm.name if arg == ops.MARAUD else s.tables.events[s.row[arg]].name)


def _action_id(s: TroyesState, kind: int, arg: int) -> str | None:
    """The piece of a turn's action: the activity card, the cathedral, the event, the building
    (``None``: farming)."""
    if kind == ops.T_ACT:
        return "activity:" + s.tables.activities[s.slots[arg]].name
    if kind == ops.T_CATH:
        return "cathedral"
    if kind == ops.T_FIGHT:
        return _event_id(s, arg)
    return f"building:{arg}" if kind == ops.T_PLACE else None


def _source_id(s: TroyesState, src: int) -> str | None:
    """Where an action's citizen comes from: a building space, an activity card, the citizens lying
    beside a building (``None``: the supply)."""
    if src >= ops.SRC_BLD:
        return f"space:{(src - ops.SRC_BLD) // 6}:{(src - ops.SRC_BLD) % 6}"
    if src >= ops.SRC_CARD:
        return "activity:" + s.tables.activities[s.slots[src - ops.SRC_CARD]].name
    return f"lying:{src - ops.SRC_LYING}" if src >= ops.SRC_LYING else None


def targets(s: TroyesState, action: Action) -> list[str]:
    """The pieces and places ``action`` plays, as ``piece_ids`` names them: a die
    (``die:<owner>:<code>``), a black die (``black:<value>``), a drawn character
    (``character:<name>``), a building space (``space:<building>:<i>``), a building
    (``building:<b>``), the mover's citizens lying beside one (``lying:<b>``), the cathedral and its
    spaces (``cathedral``, ``mason:<space>``), a face-up activity card (``activity:<card>``) and an
    event card (``event:<card>``).  Passing, recruiting, flipping, farming, done and the number of
    activations have none (the board's controls)."""
    data = action.data
    op = data[0]
    t = s.tables
    if op in DIE_OPS:
        return [_die_id(data[1])]
    if op == ops.OP_COUNTER:
        return [f"black:{data[1]}"]
    if op == ops.OP_KEEP:
        return ["character:" + t.characters[data[1]].name]
    if op == ops.OP_DRAFT:
        return [f"space:{data[1]}:{data[2]}"]
    if op == ops.OP_TARGET or op == ops.OP_SRC:
        found = _action_id(s, data[1], data[2]) if op == ops.OP_TARGET else _source_id(s, data[1])
        return [] if found is None else [found]
    if op == ops.OP_CUBE:
        return ["activity:" + t.activities[s.slots[data[1]]].name] if data[1] >= 0 else []
    if op == ops.OP_PICK:
        return [f"mason:{data[1]}"] if s.step == S_MASON else [_event_id(s, data[1])]
    return []


def piece_ids(view: dict[str, Any]) -> set[str]:
    """Every id ``targets`` may name that this view draws (troyes.js draws them by these ids)."""
    seat = view.get("seat")
    out = {"cathedral"} | {f"mason:{v}" for v in range(1, 7)}
    for d in view.get("districts", ()):
        out.update(f"die:{d['owner']}:{code}" for code in d["dice"])
    out.update(f"black:{v}" for v in view.get("black_dice", ()))
    for b, building in enumerate(view.get("buildings", ())):
        out.add(f"building:{b}")
        out.update(f"space:{b}:{i}" for i in range(len(building["spaces"])))
        if seat is not None and building["lying"][seat]:
            out.add(f"lying:{b}")
    out.update("activity:" + a["card"] for a in view.get("activities", ()) if a["face_up"])
    out.update("event:" + e["card"] for e in view.get("event_row", ()))
    if view.get("marauding"):
        out.add("event:" + view["marauding"]["card"])
    for p in view.get("seats", ()):
        if p["seat"] == seat:
            out.update("character:" + c for c in p.get("characters_drawn", ()))
    return out


__all__ = ["pending_view", "piece_ids", "targets", "view"]
