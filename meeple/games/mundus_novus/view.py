"""What one seat may see of a Mundus Novus position (hidden parts: research §1, seed 4.2)."""

from __future__ import annotations

from typing import Any

from meeple.engine.core import Action
from meeple.games.mundus_novus.developments import caravel_labels, caravels, fleets
from meeple.games.mundus_novus.state import (
    CH_PONCE,
    EXCHANGE,
    INCA,
    KEEP,
    OFFER,
    OP_CONVERT,
    OP_DIFF_ADD,
    OP_FLEET_ADD,
    OP_GIFT,
    OP_INCA,
    OP_KEEP,
    OP_OFFER,
    OP_PICK,
    OP_PIRATE,
    OP_SET,
    OP_SET_ADD,
    OP_START,
    OP_SUPPLY,
    OP_SWAP,
    OP_TAKE,
    OP_TM,
    PHASE_NAMES,
    PICKDEV,
    PONCE,
    SUPPLY,
    TEN_DIFFERENT_BONUS,
    TIE,
    K,
    MundusState,
)


def _dev(s: MundusState, i: int) -> dict[str, Any]:
    """A development card as the board draws it (issue 15): its code, the catalog key of its name
    (its effect text is the same key ending ``.text``, issue 14), its kind (a ``value.*`` word), the
    event key of its bottom-left symbol, and the numbers its effect text names (the entry's fields, so
    a component pack's numbers show)."""
    d = s.tables.developments[i]
    out: dict[str, Any] = {"code": d.code, "key": s.fx.dev_keys[i], "kind": d.kind,
                           "event": s.fx.event_keys.get(d.event) if d.event else None, "income": d.income}
    if d.kind == "caravel":
        out["ship"] = d.ship
    elif d.kind == "warehouse":
        out["keeps"] = d.keeps
    elif d.kind == "merchant":
        out["band"] = [d.band_lo, d.band_hi]
    return out


def _cards(s: MundusState, row: list[int]) -> list[dict[str, Any]]:
    """Resource cards by kind (a row of ``K`` counts), in value order: the catalog key of each kind
    (``card``) and how many."""
    keys = s.fx.res_keys
    return [{"card": keys[k], "count": row[k]} for k in range(K) if row[k]]


def _resources(s: MundusState) -> list[dict[str, Any]]:
    """The resource kinds as the board draws them: catalog key, printed value (0: the Inca relic has
    none) and value in an offer (seed 3.3: the relic counts 10)."""
    keys = s.fx.res_keys
    return [{"card": keys[k], "value": r.value, "offer": r.offer_value} for k, r in enumerate(s.tables.resources)]


def _payouts(s: MundusState) -> dict[str, Any]:
    """The player aid's tables (seed 4.1, 4.2): how far down the queue an identical set reaches by its
    size and value band, and what a different set and an Inca cash-in pay."""
    t = s.tables
    return {"identical": [{"cards": r.cards, "reach": list(r.reach)} for r in t.identical],
            "different": [{"cards": r.cards, "doubloons": r.doubloons} for r in t.different],
            "inca": [{"cards": r.cards, "doubloons": r.doubloons} for r in t.inca]}


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
    keys = s.fx.res_keys
    revealed = s.phase in (TIE, EXCHANGE)
    over = s.phase == len(PHASE_NAMES) - 1
    players = []
    for p in range(n):
        row = s.seats[p]
        cards = [s.tables.developments[i] for i in row.owned]
        entry: dict[str, Any] = {
            "seat": p,
            "hand_size": sum(row.hand),
            # issue 15: each card with its kind and numbers, so that the board can draw and explain it
            "developments": [_dev(s, i) for i in row.owned],
            "caravels": sum(1 for d in cards if d.kind == "caravel"),
            "money": row.money if (p == seat or over) else None,
        }
        if s.split and s.holders[CH_PONCE] == p:
            entry["fleets"] = fleets(s, p)  # Ponce de Leon's two fleets this round (public)
        elif s.fleet2 and s.phase == PONCE and s.cur == p:
            entry["fleets"] = fleets_so_far(s, p)  # version 5: the split being chosen (public)
        if s.phase == OFFER:
            entry["offer_committed"] = bool(row.committed)
            entry["offer_size"] = sum(row.offer) if (row.committed or p == seat) else None
        elif revealed:
            entry["offer"] = _cards(s, row.offer)
        players.append(entry)
    view: dict[str, Any] = {
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        # the round's event as its catalog key (its name; ``.text`` for what it does), issue 14
        "event": s.fx.event_keys.get(s.event, s.event) if s.event else None,
        "event_token": s.fx.event_keys.get(s.event, s.event) if s.event else "no event",
        "trade_master": s.tm,
        "announced": s.announced or None,
        # resource cards as catalog keys (issue 14); their values are in "resources"
        "market": [keys[k] for k in s.market],
        "supply": [keys[k] for k in s.supply],
        "queue": [dict(_dev(s, i), position=n + 1) for n, i in enumerate(s.queue)],
        "development_deck": len(s.dev_deck),
        "resource_deck": len(s.deck),
        "discard": _cards(s, s.discard),
        "queue_exhausted": s.dev_ended,
        "seats": players,
        "winner": s.winner if s.winner >= 0 else None,
        "resources": _resources(s),
        "payouts": _payouts(s),
    }
    if over:
        # the score sheet's rounds (issue 15 follow-up): each seat's doubloons at the end of each
        # round, as the table saw them announced; the ten-different bonus apart
        view["score_by_round"] = [{"round": r + 1, "scores": list(m)} for r, m in enumerate(s.by_round)]
        if s.winner >= 0:
            view["score_sheet"] = [{"ten_different_bonus": TEN_DIFFERENT_BONUS if p == s.winner else 0}
                                   for p in range(n)]
    if s.phase == SUPPLY:
        # seed 2.2: the fleets still to take face-up cards, in order (the first one is choosing now and
        # "cards" is what it still takes)
        view["supply_order"] = [
            {"seat": s.order[i], "cards": s.need if i == s.opos else s.counts[i]}
            for i in range(s.opos, len(s.order))]
    if s.phase == EXCHANGE:
        view["taker"] = s.cur
        view["last_taker"] = s.prev if s.prev >= 0 else None
    if s.pend_mask or s.pend_inca:
        view["pending_different"] = [keys[k] for k in range(INCA) if s.pend_mask >> k & 1] + [
            keys[INCA]] * s.pend_inca
    if s.phase == PICKDEV or s.building:
        # (version 5: also the identical set being built, card by card, shown at the table)
        view["pending_set"] = {"resource": keys[s.set_kind], "cards": s.set_cards, "inca": s.set_inca}
    if seat is not None:
        mine = s.seats[seat]
        view["hand"] = _cards(s, mine.hand)
        if s.phase == OFFER:
            view["my_offer"] = _cards(s, mine.offer)
        if s.phase == KEEP and s.cur == seat:
            view["kept"] = _cards(s, mine.offer)
        if s.gift_from == seat or s.gift_to == seat:
            view["gift"] = {"from": s.gift_from, "to": s.gift_to, "card": keys[s.gift_kind]}
    return view


# --- the pieces an action involves (issue 27: State.targets, Game.piece_ids) -------------------------

HAND_OPS = frozenset((OP_PIRATE, OP_OFFER, OP_GIFT, OP_CONVERT, OP_SET, OP_DIFF_ADD, OP_KEEP, OP_SET_ADD))


def _slug(key: str) -> str:
    """A resource card's id: the slug of its catalog key (``mundus_novus.resources.cocoa.name``)."""
    return key.split(".")[2]


def targets(s: MundusState, action: Action) -> list[str]:
    """The cards, seats and caravels ``action`` plays, as ``piece_ids`` names them: ``hand:<kind>``
    (a card of the mover's hand), ``supply:<kind>``, ``market:<kind>``, ``offer:<seat>:<kind>`` (a
    card of another seat's revealed offer), ``queue:<i>`` (0-based), ``deck``, ``seat:<q>`` and
    ``ship:<value>`` (one of the mover's caravels).  Coronado's events and the ends of turns have none."""
    data = action.data
    op = data[0]
    keys = s.fx.res_keys
    if op in HAND_OPS:
        return ["hand:" + _slug(keys[data[1]])]
    if op == OP_INCA:
        return ["hand:" + _slug(keys[INCA])]
    if op == OP_SUPPLY:
        return ["supply:" + _slug(keys[data[1]])]
    if op == OP_TAKE:
        return [f"offer:{data[1]}:{_slug(keys[data[2]])}"]
    if op == OP_SWAP:
        return [f"offer:{data[1]}:{_slug(keys[data[2]])}", "market:" + _slug(keys[data[3]])]
    if op == OP_TM or op == OP_START:
        return [f"seat:{data[1]}"]
    if op == OP_PICK:
        return [f"queue:{data[1]}"] if data[1] >= 0 else ["deck"]
    if op == OP_FLEET_ADD:
        return [f"ship:{caravels(s, s.cur)[data[1]]}"]
    return []


def piece_ids(view: dict[str, Any]) -> set[str]:
    """Every id ``targets`` may name that this view draws (the board, mundus_novus.js, by the same
    ids)."""
    seat = view.get("seat")
    out = {"deck"}
    out.update("hand:" + _slug(c["card"]) for c in view.get("hand", ()))
    out.update("supply:" + _slug(k) for k in view.get("supply", ()))
    out.update("market:" + _slug(k) for k in view.get("market", ()))
    out.update(f"queue:{i}" for i in range(len(view.get("queue", ()))))
    for p in view.get("seats", ()):
        out.add(f"seat:{p['seat']}")
        out.update(f"offer:{p['seat']}:{_slug(c['card'])}" for c in p.get("offer", ()))
        if p["seat"] == seat:
            out.update(f"ship:{d['ship']}" for d in p["developments"] if d["kind"] == "caravel")
    return out
