"""What a seat sees of a Troyes position (the hidden parts: docs/rules/troyes.md, "Hidden information")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.troyes import scoring
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
            "cube": s.tables.activities[s.slots[s.mod]].name if s.mod >= 0 else None,
            "dice": [die_text(d, NEUTRAL + 1) for d in s.group]}


__all__ = ["pending_view", "view"]
