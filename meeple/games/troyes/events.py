"""Events (seed §4 事件 and §5.3 處理事件): revealing and resolving the event row, the black
dice, and cubes on an event until it is full and scored by majority."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.core import Event
from meeple.engine.messages import event
from meeple.games.troyes import words as W
from meeple.games.troyes.citizens import enter_building, placement_blocked
from meeple.games.troyes.components import RED, WHITE, YELLOW
from meeple.games.troyes.dice import event_card
from meeple.games.troyes.state import (
    MARAUD,
    NEUTRAL,
    SHORT_PENALTY,
    gain_influence,
    lose_vp,
)
from meeple.games.troyes.words import msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState


def reveal_events(s: TroyesState, ev: list[Event]) -> None:
    """Turn up the next red event and the white/yellow event it names, to the row's right end."""
    red = s.decks[RED]
    if not red:
        return
    card = red.pop()
    s.row.append(card)
    s.evcubes.append([])
    s.reveals += 1
    names = [W.event(s, s.evts[card])]
    follow = s.evts[card].follow_up
    if follow in (WHITE, YELLOW) and s.decks[follow]:
        other = s.decks[follow].pop()
        s.row.append(other)
        s.evcubes.append([])
        names.append(W.event(s, s.evts[other]))
    ev.append(event("event", msg("troyes.event.event.revealed", n=len(names), cards=names)))


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
    card = W.event_named(s, name)
    if effect in ("neutral_bishopric", "neutral_city_hall"):
        b = WHITE if effect == "neutral_bishopric" else YELLOW
        if s.grey > 0 and neutral_entry_blocked(s, b, name, ev):
            return
        if s.grey > 0:
            s.grey -= 1
            enter_building(s, NEUTRAL, b, 6, ev)
            ev.append(event("event", msg("troyes.event.event.neutral_enters", card=card,
                                               building=W.building(s, b))))
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
        short = money > s.seats[p].deniers or infl > s.seats[p].infl
        s.seats[p].deniers = max(0, s.seats[p].deniers - money)
        s.seats[p].infl = max(0, s.seats[p].infl - infl)
        if money and infl:
            ev.append(event("event", msg("troyes.event.event.pays_and_loses", card=card,
                                                         seat=p, n=money, influence=infl), seat=p))
        elif money:
            ev.append(event("event", msg("troyes.event.event.pays", card=card,
                                                         seat=p, n=money), seat=p))
        elif infl:
            ev.append(event("event", msg("troyes.event.event.loses", card=card,
                                                         seat=p, influence=infl), seat=p))
        if short:
            lose_vp(s, p, SHORT_PENALTY, msg("troyes.why.could_not_comply", card=card), ev)


def neutral_entry_blocked(s: TroyesState, b: int, name: str, ev: list[Event]) -> bool:
    """Seed §5.4 (同一回合同一個玩家同一個地區只能被推出一個) applies to an event's neutral
    citizen too: if it would push out a citizen of a player protected at that building (a second
    push-out there this round), it stays in the grey supply.  Only possible when two such events
    hit one building in a round (a component pack; the stand-in events have one per building)."""
    o = placement_blocked(s, b, 6)
    if o < 0:
        return False
    ev.append(event("event", msg("troyes.event.event.neutral_blocked", card=W.event_named(s, name),
                                      building=W.building(s, b), seat=o)))
    return True


def roll_black_dice(s: TroyesState, ev: list[Event]) -> None:
    """The start player rolls the black dice (at most the 6 that exist)."""
    count = min(s.black[0] if s.black else 0, s.brd.black_dice_cap)
    s.black = sorted((s.rng.die() for _ in range(count)), reverse=True)
    if s.black:
        ev.append(event("black", msg("troyes.event.black.rolled", values=" ".join(map(str, s.black)))))


def event_rewards(cubes: list[int], first: int, second: int) -> tuple[dict[int, int], int]:
    """VP per owner for a completed event, and who takes the card.

    Most cubes: the higher value; second most: the lower value.  Tied owners add the
    values of the places they share and split them, rounded down (STAND_IN rounding).
    The card goes to the owner with most cubes; among tied owners, the one who placed
    a cube first (seed §5.3)."""
    count: dict[int, int] = {}
    for o in cubes:
        count[o] = count.get(o, 0) + 1
    levels = sorted(set(count.values()), reverse=True)
    shares: dict[int, int] = {o: 0 for o in count}
    values = [first, second]
    place = 0
    for level in levels:
        if place >= 2:
            break
        tied = [o for o in count if count[o] == level]
        pot = sum(values[place:place + len(tied)])
        for o in tied:
            shares[o] += pot // len(tied)
        place += len(tied)
    top = [o for o in count if count[o] == levels[0]] if levels else []
    winner = min(top, key=cubes.index) if top else NEUTRAL
    return shares, winner


def event_cubes(s: TroyesState, owner: int, arg: int, k: int, ev: list[Event]) -> None:
    """Put cubes on an event, +1 influence each; a full event is scored (seed §5.3)."""
    card = event_card(s, arg)
    cubes = s.maraud if arg == MARAUD else s.evcubes[arg]
    k = min(k, card.boxes - len(cubes))
    cubes.extend([owner] * k)
    if owner != NEUTRAL:
        gain_influence(s, owner, k)
    if owner == NEUTRAL:
        ev.append(event("combat", msg("troyes.event.combat.neutral", n=k, card=W.event(s, card)), seat=owner))
    else:
        ev.append(event("combat", msg("troyes.event.combat", seat=owner, n=k,
                                                          card=W.event(s, card)), seat=owner))
    if len(cubes) < card.boxes:
        return
    shares, winner = event_rewards(cubes, card.vp_first, card.vp_second)
    for q, gained in sorted(shares.items()):
        if q != NEUTRAL and gained:
            s.seats[q].vp += gained
            ev.append(event("event_scored", msg("troyes.event.event_scored", seat=q, vp=gained,
                                                                card=W.event(s, card)), seat=q))
    if arg == MARAUD:
        s.maraud.clear()
        ev.append(event("event_done", msg("troyes.event.event_done.marauding", card=W.event(s, card))))
        return
    card_i = s.row.pop(arg)
    s.evcubes.pop(arg)
    if winner == NEUTRAL:
        s.gone.append(card_i)
        ev.append(event("event_done", msg("troyes.event.event_done.neutral", card=W.event(s, card))))
    else:
        s.seats[winner].won.append(card_i)
        ev.append(event("event_done", msg("troyes.event.event_done", seat=winner,
                                                               card=W.event(s, card)), seat=winner))
