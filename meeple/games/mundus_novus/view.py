"""What one seat may see of a Mundus Novus position (hidden parts: research §1, seed 4.2)."""

from __future__ import annotations

from typing import Any

from meeple.games.mundus_novus.developments import caravel_labels, fleets
from meeple.games.mundus_novus.events import event_name
from meeple.games.mundus_novus.state import (
    EXCHANGE,
    INCA,
    KEEP,
    OFFER,
    PHASE_NAMES,
    PICKDEV,
    PONCE,
    SUPPLY,
    TIE,
    K,
    MundusState,
)


def _dev(s: MundusState, i: int) -> dict[str, Any]:
    d = s.tables.developments[i]
    # issue 14: the catalog key of the card's name (the English name stays for notations and encoders)
    return {"code": d.code, "name": d.name, "key": s.fx.dev_keys[i], "kind": d.kind, "event": d.event or None}


def _cards(s: MundusState, row: list[int], start: int) -> dict[str, int]:
    res = s.tables.resources
    return {res[k].name: row[start + k] for k in range(K) if row[start + k]}


def fleets_so_far(s: MundusState, seat: int) -> list[list[int]]:
    """Ponce de Leon's split being chosen (version 5): the caravels not yet in the second fleet, and the
    second fleet so far, as caravel values (Pizarro's highest caravel counting 0, as in ``fleets``)."""
    labels = caravel_labels(s, seat)
    values = [0 if lab.endswith("(0)") else int(lab) for lab in labels]
    return [[v for i, v in enumerate(values) if not s.fleet2 >> i & 1],
            [v for i, v in enumerate(values) if s.fleet2 >> i & 1]]


def view(s: MundusState, seat: int | None) -> dict[str, Any]:
    """Public: the board, everyone's developments, hand sizes, revealed offers.  Private to ``seat``: its
    hand, its money, its face-down offer.  Never shown: other hands, others' money, unrevealed offers,
    deck orders, the card a Trade Master gave face down."""
    n = s.players
    res = s.tables.resources
    revealed = s.phase in (TIE, EXCHANGE)
    over = s.phase == len(PHASE_NAMES) - 1
    players = []
    for p in range(n):
        o = p * K
        cards = [s.tables.developments[i] for i in s.owned[p]]
        entry: dict[str, Any] = {
            "seat": p,
            "hand_size": sum(s.hand[o:o + K]),
            # names only ("Caravel 6", "Warehouse (keeps 2)", "Merchant 4-6", a character's name): they say
            # all that an owned card does, and stay readable in the seats table
            "developments": [d.name for d in cards],
            "caravels": sum(1 for d in cards if d.kind == "caravel"),
            "money": s.money[p] if (p == seat or over) else None,
        }
        if s.split and s.abil.get("ponce", -1) == p:
            entry["fleets"] = fleets(s, p)  # Ponce de Leon's two fleets this round (public)
        elif s.fleet2 and s.phase == PONCE and s.cur == p:
            entry["fleets"] = fleets_so_far(s, p)  # version 5: the split being chosen (public)
        if s.phase == OFFER:
            entry["offer_committed"] = bool(s.done[p])
            entry["offer_size"] = sum(s.offer[o:o + K]) if (s.done[p] or p == seat) else None
        elif revealed:
            entry["offer"] = _cards(s, s.offer, o)
        players.append(entry)
    view: dict[str, Any] = {
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "event": s.event or None,
        "event_token": event_name(s, s.event) if s.event else "no event",
        "trade_master": s.tm,
        "announced": s.announced or None,
        "market": [res[k].name for k in s.market],
        "supply": [res[k].name for k in s.supply],
        "queue": [dict(_dev(s, i), position=n + 1) for n, i in enumerate(s.queue)],
        "development_deck": len(s.dev_deck),
        "resource_deck": len(s.deck),
        "discard": {res[k].name: s.discard[k] for k in range(K) if s.discard[k]},
        "queue_exhausted": s.dev_ended,
        "seats": players,
        "winner": s.winner if s.winner >= 0 else None,
    }
    if s.phase == SUPPLY:
        # seed 2.2: the fleets still to take face-up cards, in order (the first one is choosing now and
        # "cards" is what it still takes)
        view["supply_order"] = [
            {"seat": s.order[i], "cards": s.need if i == s.opos else s.order[i + 1]}
            for i in range(s.opos, len(s.order), 2)]
    if s.phase == EXCHANGE:
        view["taker"] = s.cur
        view["last_taker"] = s.prev if s.prev >= 0 else None
    if s.pend_mask or s.pend_inca:
        view["pending_different"] = [res[k].name for k in range(INCA) if s.pend_mask >> k & 1] + [
            res[INCA].name] * s.pend_inca
    if s.phase == PICKDEV or s.building:
        # (version 5: also the identical set being built, card by card, shown at the table)
        kind, c, j = s.pend_set
        view["pending_set"] = {"resource": res[kind].name, "cards": c, "inca": j}
    if seat is not None:
        o = seat * K
        view["hand"] = _cards(s, s.hand, o)
        if s.phase == OFFER:
            view["my_offer"] = _cards(s, s.offer, o)
        if s.phase == KEEP and s.cur == seat:
            view["kept"] = _cards(s, s.offer, o)
        if s.gift[0] == seat or s.gift[1] == seat:
            view["gift"] = {"from": s.gift[0], "to": s.gift[1], "card": res[s.gift[2]].name}
    return view
