"""The round of Troyes (seed §1-4 and 'round end') and the effects of actions (seed §5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Event
from meeple.games.troyes import scoring
from meeple.games.troyes.components import RED, WHITE, YELLOW
from meeple.games.troyes.consts import (
    INCOME,
    MARAUD,
    MAX_INFLUENCE,
    NEUTRAL,
    NO_SPACE,
    P_ACTION,
    P_BLACK,
    P_OVER,
    S_MAIN,
    S_MASON,
    S_SQUIRE,
    SHORT_PENALTY,
    SRC_BLD,
    SRC_CARD,
    SRC_LYING,
    SRC_SUPPLY,
    START_CITIZENS,
    die,
)
from meeple.games.troyes.dice import cathedral_places, event_card, expelled_by, placement_blocked

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


# Seats are named by their 0-based index everywhere a person reads them (docs/engine.md).
_PNAMES = ("seat 0", "seat 1", "seat 2", "seat 3", "neutral")
_PNAMES_START = ("Seat 0", "Seat 1", "Seat 2", "Seat 3", "Neutral")


def pname(p: int) -> str:
    """``seat 2`` (mid-sentence); ``neutral`` for the neutral colour."""
    return _PNAMES[p]


def pname_start(p: int) -> str:
    """``Seat 2``, for the start of an event text."""
    return _PNAMES_START[p]


def gain_influence(s: TroyesState, p: int, k: int) -> None:
    """Influence is capped at 20; anything above is lost (research §3.3)."""
    s.infl[p] = min(MAX_INFLUENCE, s.infl[p] + k)


def lose_vp(s: TroyesState, p: int, k: int, why: str, ev: list[Event]) -> None:
    """A penalty never takes a player below 0 VP (research §4, S6/S7)."""
    lost = min(k, s.vp[p])
    s.vp[p] -= lost
    ev.append({"type": "penalty", "seat": p, "text": f"{pname_start(p)} loses {lost} VP: {why}"})


# --- setup: the draft --------------------------------------------------------------------------

def draft_order(s: TroyesState) -> list[int]:
    """Snake order of the starting-citizen draft (research §2): start player first, then back."""
    n = s.players
    seats = [(s.start + i) % n for i in range(n)]
    order: list[int] = []
    for k in range(START_CITIZENS[n]):
        order.extend(seats if k % 2 == 0 else seats[::-1])
    return order


def draft_citizen(s: TroyesState, p: int, b: int, pos: int, ev: list[Event]) -> None:
    """Place one starting citizen on the chosen empty space (research §2)."""
    s.bld[b * 6 + pos] = p
    s.supply[p] -= 1
    ev.append({"type": "draft", "seat": p,
               "text": f"{pname_start(p)} places a starting citizen in the {s.tables.buildings[b].name}"})


def fill_neutrals(s: TroyesState, ev: list[Event]) -> None:
    """After the draft, grey citizens fill every empty building space (research §2)."""
    k = 0
    for i in range(18):
        if s.bld[i] < 0 and s.grey > 0:
            s.bld[i] = NEUTRAL
            s.grey -= 1
            k += 1
    ev.append({"type": "draft", "text": f"{k} neutral citizens fill the empty spaces"})


# --- the round ------------------------------------------------------------------------------

def begin_round(s: TroyesState) -> list[Event]:
    """Phases 1-4 of a round up to the black dice (seed §1-4)."""
    s.rnd += 1
    ev: list[Event] = [{"type": "round", "round": s.rnd,
                        "text": f"round {s.rnd} of {s.rounds}; {pname(s.start)} is the start player"}]
    reveal_activities(s, ev)
    income_and_wages(s, ev)
    workforce(s, ev)
    reveal_events(s, ev)
    resolve_events(s, ev)
    roll_black_dice(s, ev)
    if s.black:
        s.phase, s.step, s.turn = P_BLACK, S_MAIN, s.start
    else:
        ev.extend(start_actions(s))
    return ev


def reveal_activities(s: TroyesState, ev: list[Event]) -> None:
    """Rounds 1-3 turn up the level I/II/III activity card of each colour (seed §1)."""
    if s.rnd > 3:
        return
    s.revealed = s.rnd
    s.reveals += 1
    names = [s.acts[s.slots[c * 3 + s.rnd - 1]].name for c in range(3)]
    ev.append({"type": "reveal", "text": f"activity cards revealed: {', '.join(names)}"})


def income_and_wages(s: TroyesState, ev: list[Event]) -> None:
    """10 deniers each, then wages per own citizen; short: pay all and lose 2 VP (seed §2)."""
    t = s.tables
    for p in range(s.players):
        s.deniers[p] += INCOME
        wage = 0
        for b in range(3):
            rate = t.buildings[b].wage
            if rate:
                wage += rate * s.bld[b * 6:b * 6 + 6].count(p)
        if wage > s.deniers[p]:
            s.deniers[p] = 0
            ev.append({"type": "wages", "seat": p, "text": f"{pname_start(p)} cannot pay {wage} deniers of wages"})
            lose_vp(s, p, SHORT_PENALTY, "wages unpaid", ev)
        else:
            s.deniers[p] -= wage
            ev.append({"type": "wages", "seat": p, "text": f"{pname_start(p)} earns 10 and pays {wage} in wages"})


def workforce(s: TroyesState, ev: list[Event]) -> None:
    """One die of the building's colour per citizen in it, into the owner's district;
    the start player rolls the neutral dice (seed §3)."""
    rng = s.rng
    s.dice = []
    for owner in list(range(s.players)) + [NEUTRAL]:
        for i in range(18):
            if s.bld[i] == owner:
                s.dice.append(die(owner, i // 6, rng.die()))
    s.dice.sort()
    ev.append({"type": "workforce", "text": f"{len(s.dice)} dice rolled into the districts"})


def reveal_events(s: TroyesState, ev: list[Event]) -> None:
    """Turn up the next red event and the white/yellow event it names, to the row's right end."""
    red = s.decks[RED]
    if not red:
        return
    card = red.pop()
    s.row.append(card)
    s.evcubes.append([])
    s.reveals += 1
    names = [s.evts[card].name]
    follow = s.evts[card].follow_up
    if follow in (WHITE, YELLOW) and s.decks[follow]:
        other = s.decks[follow].pop()
        s.row.append(other)
        s.evcubes.append([])
        names.append(s.evts[other].name)
    ev.append({"type": "event", "text": f"events revealed: {', '.join(names)}"})


def resolve_events(s: TroyesState, ev: list[Event]) -> None:
    """Marauding, then every card in the row from left to right (seed §4)."""
    black = s.perm.black_dice
    for card_i in list(s.row):
        card = s.evts[card_i]
        black += card.black_dice
        if card.effect:
            event_effect(s, card.name, card.effect, ev)
    s.black = [black]  # count, rolled next


def event_effect(s: TroyesState, name: str, effect: str, ev: list[Event]) -> None:
    """A white/yellow event's effect on every player; who cannot comply fully does what
    they can and loses 2 VP for this card (research §4, S7)."""
    if effect in ("neutral_bishopric", "neutral_city_hall"):
        b = WHITE if effect == "neutral_bishopric" else YELLOW
        if s.grey > 0 and neutral_entry_blocked(s, b, name, ev):
            return
        if s.grey > 0:
            s.grey -= 1
            enter_building(s, NEUTRAL, b, 6, ev)
            ev.append({"type": "event", "text": f"{name}: a neutral citizen enters the "
                                                 f"{s.tables.buildings[b].name}"})
        return
    for p in range(s.players):
        money, infl = 0, 0
        if effect == "pay_2":
            money = 2
        elif effect == "lose_influence_2":
            infl = 2
        elif effect == "pay_per_bishopric":
            money = s.bld[6:12].count(p)
        elif effect == "pay_per_city_hall":
            money = s.bld[12:18].count(p)
        elif effect == "lose_influence_and_denier":
            money, infl = 1, 1
        short = money > s.deniers[p] or infl > s.infl[p]
        s.deniers[p] = max(0, s.deniers[p] - money)
        s.infl[p] = max(0, s.infl[p] - infl)
        parts = ([f"pays {money} deniers"] if money else []) + ([f"loses {infl} influence"] if infl else [])
        if parts:
            ev.append({"type": "event", "seat": p, "text": f"{name}: {pname(p)} {' and '.join(parts)}"})
        if short:
            lose_vp(s, p, SHORT_PENALTY, f"could not comply with {name}", ev)


def neutral_entry_blocked(s: TroyesState, b: int, name: str, ev: list[Event]) -> bool:
    """Seed §5.4 (同一回合同一個玩家同一個地區只能被推出一個) applies to an event's neutral
    citizen too: if it would push out a citizen of a player protected at that building (a second
    push-out there this round), it stays in the grey supply.  Only possible when two such events
    hit one building in a round (a component pack; the stand-in events have one per building)."""
    o = placement_blocked(s, b, 6)
    if o < 0:
        return False
    ev.append({"type": "event", "text": f"{name}: no neutral citizen enters the {s.tables.buildings[b].name} "
                                        f"({pname(o)} was already pushed out of it this round)"})
    return True


def roll_black_dice(s: TroyesState, ev: list[Event]) -> None:
    """The start player rolls the black dice (at most the 6 that exist)."""
    count = min(s.black[0] if s.black else 0, s.brd.black_dice_cap)
    s.black = sorted((s.rng.die() for _ in range(count)), reverse=True)
    if s.black:
        ev.append({"type": "black", "text": f"black dice: {' '.join(map(str, s.black))}"})


def start_actions(s: TroyesState) -> list[Event]:
    s.phase, s.step, s.turn = P_ACTION, S_MAIN, s.start
    s.passed = [0] * s.players
    if not s.dice:
        return end_round(s)
    return [{"type": "phase", "text": "actions begin"}]


def end_round(s: TroyesState) -> list[Event]:
    """District deniers to purses, lying citizens home, unused dice out, start player left
    (seed 'round end'); the game ends after the round of the last red event."""
    ev: list[Event] = []
    for p in range(s.players):
        if s.district[p]:
            ev.append({"type": "district", "seat": p,
                       "text": f"{pname_start(p)} collects {s.district[p]} deniers from the district"})
        s.deniers[p] += s.district[p]
        s.district[p] = 0
        for b in range(3):
            s.supply[p] += s.lying[b * 4 + p]
            s.lying[b * 4 + p] = 0
    s.expelled = [0] * 12
    s.dice = []
    s.black = []
    s.passed = [0] * s.players
    s.start = (s.start + 1) % s.players
    if not s.decks[RED]:
        s.final = scoring.final_scores(s)
        s.phase = P_OVER
        s.reveals += 1
        for p in range(s.players):
            names = ", ".join(s.tables.characters[c].name for c in s.chars[p])
            ev.append({"type": "characters", "seat": p, "text": f"{pname_start(p)} reveals {names}"})
        ev.append({"type": "game_over", "scores": list(s.final),
                   "text": "game over; scores " + ", ".join(map(str, s.final))})
        return ev
    ev.extend(begin_round(s))
    return ev


# --- citizens -------------------------------------------------------------------------------

def take_citizen(s: TroyesState, p: int, src: int) -> None:
    """Remove the citizen ``p`` moves from its source (supply, lying, or an activity card)."""
    if src == SRC_SUPPLY:
        s.supply[p] -= 1
    elif SRC_LYING <= src < SRC_LYING + 3:
        s.lying[(src - SRC_LYING) * 4 + p] -= 1
    elif src >= SRC_BLD:
        s.bld[src - SRC_BLD] = -1  # the space stays empty until someone enters it
    else:
        s.trade[(src - SRC_CARD) * 4 + p] = 0  # its VP space becomes free; nobody slides left


def enter_building(s: TroyesState, p: int, b: int, v: int, ev: list[Event]) -> None:
    """A citizen enters building ``b`` with die value ``v``, pushing out as seed §5.4 says."""
    out = expelled_by(s, b, v)
    if out >= 0:
        o = s.bld[out]
        if o == NEUTRAL:
            s.grey += 1  # STAND_IN: an expelled neutral citizen goes back to the grey supply
        else:
            s.lying[b * 4 + o] += 1
            s.expelled[b * 4 + o] = 1
        whose = "A neutral citizen" if o == NEUTRAL else f"{pname_start(o)}'s citizen"
        ev.append({"type": "expel", "seat": o,
                   "text": f"{whose} is pushed out of the {s.tables.buildings[b].name}"})
    if s.tables.buildings[b].rows:
        left = b * 6 + (min(max(v, 1), 6) - 1) // 2 * 2
        if s.bld[left] >= 0:
            s.bld[left + 1] = s.bld[left]
        s.bld[left] = p
    else:
        s.bld[b * 6 + min(max(v, 1), 6) - 1] = p


def hire(s: TroyesState, p: int, slot: int, src: int, ev: list[Event]) -> None:
    """Pay the hiring cost; the tradesman takes the leftmost free VP space (seed §5.1)."""
    card = s.acts[s.slots[slot]]
    s.deniers[p] -= card.hire_cost
    take_citizen(s, p, src)
    used = {s.trade[slot * 4 + q] for q in range(s.players)}
    space = NO_SPACE
    for k in range(len(card.vp_spaces)):
        if k + 1 not in used:
            space = k + 1
            break
    s.trade[slot * 4 + p] = space
    where = "no VP space" if space == NO_SPACE else f"VP space {space} ({card.vp_spaces[space - 1]} VP)"
    ev.append({"type": "hire", "seat": p,
               "text": f"{pname_start(p)} hires a tradesman onto {card.name} for {card.hire_cost} deniers, {where}"})


# --- effects of actions ----------------------------------------------------------------------

def cathedral_cubes(s: TroyesState, p: int, values: list[int], ev: list[Event]) -> int:
    """Cubes on the cathedral: 1 VP and 1 or 2 influence each (seed §5.2)."""
    board = s.brd
    placed = cathedral_places(s, values)
    for i in placed:
        s.cath[i] = p
        s.vp[p] += board.cathedral_vp
        gain_influence(s, p, board.cathedral_influence[i % 6])
        ev.append({"type": "cathedral", "seat": p,
                   "text": f"{pname_start(p)} builds on cathedral level {i // 6 + 1}, space {i % 6 + 1}: "
                           f"+{board.cathedral_vp} VP, +{board.cathedral_influence[i % 6]} influence"})
    return len(placed)


def event_cubes(s: TroyesState, owner: int, arg: int, k: int, ev: list[Event]) -> None:
    """Put cubes on an event, +1 influence each; a full event is scored (seed §5.3)."""
    card = event_card(s, arg)
    cubes = s.maraud if arg == MARAUD else s.evcubes[arg]
    k = min(k, card.boxes - len(cubes))
    cubes.extend([owner] * k)
    if owner != NEUTRAL:
        gain_influence(s, owner, k)
    ev.append({"type": "combat", "seat": owner,
               "text": f"{pname_start(owner)} puts {k} cube(s) on {card.name} (+{k} influence)"})
    if len(cubes) < card.boxes:
        return
    shares, winner = scoring.event_rewards(cubes, card.vp_first, card.vp_second)
    for q, gained in sorted(shares.items()):
        if q != NEUTRAL and gained:
            s.vp[q] += gained
            ev.append({"type": "event_scored", "seat": q, "text": f"{pname_start(q)} scores {gained} VP for {card.name}"})
    if arg == MARAUD:
        s.maraud.clear()
        ev.append({"type": "event_done", "text": "Marauding is driven off and starts again"})
        return
    card_i = s.row.pop(arg)
    s.evcubes.pop(arg)
    if winner == NEUTRAL:
        s.gone.append(card_i)
        ev.append({"type": "event_done", "text": f"{card.name} is removed (neutral majority)"})
    else:
        s.won[winner].append(card_i)
        ev.append({"type": "event_done", "seat": winner, "text": f"{pname_start(winner)} takes {card.name}"})


def activity_effect(s: TroyesState, p: int, slot: int, times: int, choice: int, ev: list[Event]) -> None:
    """The card's effect, ``times`` activations (research §6, 10.2)."""
    card = s.acts[s.slots[slot]]
    e = card.effect
    d = v = i = 0
    if card.delayed:
        s.cubes[slot * 4 + p] += times
        ev.append({"type": "activity", "seat": p, "text": f"{pname_start(p)} puts {times} cube(s) on {card.name}"})
        return
    if e == "merchant":
        d = 2 * times
    elif e == "watchman":
        d = 3 * times
    elif e == "baker":
        d = times * sum(1 for x in s.dice if (x >> 3) & 7 == YELLOW)
    elif e == "innkeeper":
        d, i = -times, times
    elif e == "artisan":
        d, i = 6 * times, -times
    elif e == "miller":  # ``choice`` activations count the Palace, the others the Bishopric
        d = 2 * (choice * s.bld[0:6].count(p) + (times - choice) * s.bld[6:12].count(p))
    elif e == "goldsmith":
        d, v = 2 * times, times
    elif e == "journeyman":
        d, v = -3 * times, 2 * times
    elif e == "sculptor":
        v = times
    elif e in ("glassmaker", "tournament"):
        v = 2 * times
    elif e == "confessor":
        i = 2 * times
    elif e == "reliquary":
        v, i = times, times
    elif e == "sergeant":
        d, i = times, times
    elif e == "patron":
        v = times * min(3, len(s.won[p]))
    elif e == "master_mason":
        if any(s.cath[k] < 0 for k in range(12, 18)):  # a space is free on some level
            s.picks, s.step = times, S_MASON  # the player picks each space (actions.mason_actions)
    elif e == "squire":
        s.picks, s.step = times, S_SQUIRE  # the player picks each event (actions.squire_actions)
    s.deniers[p] += d
    s.vp[p] += v
    if i > 0:
        gain_influence(s, p, i)
    else:
        s.infl[p] += i
    parts = [f"{d:+d} deniers" if d else "", f"{v:+d} VP" if v else "", f"{i:+d} influence" if i else ""]
    ev.append({"type": "activity", "seat": p,
               "text": f"{pname_start(p)} activates {card.name} x{times}: " + (", ".join(x for x in parts if x) or "done")})
