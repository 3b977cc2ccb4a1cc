"""Mundus Novus end of the game (seed 'game end' A-C; research §7): stopping the game, and option
``money_end="immediate"``.  Scores and tie-breaks are ``scoring.py``'s."""

from __future__ import annotations

from collections.abc import Iterable

from meeple.engine.core import Event
from meeple.engine.messages import Message, event
from meeple.games.mundus_novus.state import OVER, WIN_MONEY, MundusState
from meeple.games.mundus_novus.words import msg


def end_reason(reason: str) -> Message:
    """The message of a reason ``end_game`` is given (the event's ``reason`` field keeps the English)."""
    if reason == "a player has 75 doubloons":
        return msg("mundus_novus.end.money")
    if reason == "a player has 75 doubloons at the end of the round":
        return msg("mundus_novus.end.money_round")
    if reason == "the development queue could not be refilled":
        return msg("mundus_novus.end.queue")
    return msg("mundus_novus.end.ten_different")


def revert_conversions(s: MundusState) -> None:
    """Seed, merchants (research A7): a converted card counts as its new resource for the whole of its
    owner's Progression turn (every combination, the ten-different win).  When the turn ends it is its
    printed resource again: a converted card that went into a combination lies in the discard pile as
    printed (a converted card is used before a natural card of the same resource), one still in hand is
    kept in a warehouse or discarded as printed."""
    seat = s.seats[s.cur]
    hand, known = seat.hand, seat.known
    spent = s.spent
    for src, dst in reversed(s.conv):
        if spent[dst]:
            spent[dst] -= 1
            spent[src] += 1
            s.discard[dst] -= 1
            s.discard[src] += 1
        else:
            hand[dst] -= 1
            hand[src] += 1
            if known[dst]:
                known[dst] -= 1
            known[src] += 1
    s.conv = []


def richest(s: MundusState) -> int:
    """The most doubloons any seat has."""
    best = 0
    for seat in s.seats:
        if seat.money > best:
            best = seat.money
    return best


def end_game(s: MundusState, ev: list[Event], reason: str) -> None:
    if s.conv:
        # ended during a Progression turn: a merchant's converted card is its printed resource again
        revert_conversions(s)
    s.phase = OVER
    final = [seat.money for seat in s.seats]
    s.by_round += (tuple(final),)  # the last round, ended with the game
    money = [msg("mundus_novus.event.money_of", seat=p, amount=m) for p, m in enumerate(final)]
    ev.append(event("game_over", msg("mundus_novus.event.game_over", reason=end_reason(reason), money=money), reason=reason, money=final))


def check_instant_money(s: MundusState, ev: list[Event]) -> bool:
    """Option ``money_end="immediate"`` (the seed's reading of end A): the game stops as soon as someone
    has 75 doubloons.  Called wherever doubloons are gained: income, Orellana's bonus, shipyards, a
    different set, an Inca cash-in (and after each Progression turn)."""
    if s.options["money_end"] == "immediate" and richest(s) >= WIN_MONEY:
        end_game(s, ev, "a player has 75 doubloons")
        return True
    return False


def check_ten(s: MundusState, seats: Iterable[int], ev: list[Event]) -> bool:
    """Seed end B ("馬上獲勝"): a player whose hand holds ten different resources (1-9 and an Inca relic)
    wins at once.  Called wherever cards come into hands: the deal and the face-up supply (seed 2), each
    take of the exchange, the untaken offers going back and the balancing card (seed 3.4-3.6), a
    merchant's conversion (seed, merchants).  Several players at the same moment (the deal, the offers
    going back): the richest wins (seed end B); still equal, the one with more development cards, then
    the first in seat order from the Trade Master (STAND_IN)."""
    rows = s.seats
    found = None
    for p in seats:
        if all(rows[p].hand):
            if found is None:
                found = [p]
            else:
                found.append(p)
    if found is None:
        return False
    n = s.players
    winner = max(found, key=lambda p: (rows[p].money, len(rows[p].owned), -((p - s.tm) % n)))
    s.winner = winner
    ev.append(event("ten_different", msg("mundus_novus.event.ten_different", seat=winner), seat=winner))
    end_game(s, ev, "ten different resources")
    return True
