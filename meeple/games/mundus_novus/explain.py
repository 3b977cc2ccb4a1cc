"""Why a typed Mundus Novus action is not legal, in the game's own terms."""

from __future__ import annotations

from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    CORONADO,
    EXCHANGE,
    GIFT,
    INCA,
    KEEP,
    OFFER,
    PHASE_NAMES,
    PICKDEV,
    PIRATES,
    PONCE,
    PROG,
    START,
    SUPPLY,
    TIE,
    K,
    MundusState,
)

EXPECTED = {
    CORONADO: "'no event' or 'force <event>' (Coronado)",
    PONCE: "'one fleet' or 'split fleets ...' (Ponce de Leon)",
    SUPPLY: "'take <resource>' from the face-up supply",
    PIRATES: "'discard <resource>' (Pirates)",
    ANNOUNCE: "'announce 2', 'announce 3' or 'announce 4'",
    OFFER: "'offer <resource>'",
    TIE: "'trade master pN' among the tied players",
    EXCHANGE: "'take <resource> from pN' or 'swap <resource> from pN for <resource>'",
    GIFT: "'give <resource> to pN'",
    START: "'pN starts progression'",
    PROG: "'set ...', 'different: add ...', 'cash N inca', 'convert ...' or 'end turn'",
    PICKDEV: "'take nN <card>' (or 'take deck top')",
    KEEP: "'keep <resource>' or 'discard the rest'",
}


def _kind(s: MundusState, word: str) -> int:
    for k, r in enumerate(s.tables.resources):
        if r.name == word:
            return k
    return -1


def explain(s: MundusState, text: str) -> str | None:
    p = s.cur
    o = p * K
    words = text.split()
    head = words[0] if words else ""
    phase = PHASE_NAMES[s.phase]
    if s.phase == EXCHANGE and head in ("take", "swap") and " from p" in text:
        rest = text.split(" ", 1)[1]
        card, _, tail = rest.partition(" from p")
        victim_txt = tail.split(" ", 1)[0]
        if victim_txt.isdigit():
            v = int(victim_txt)
            if v == p:
                return "you cannot take from your own offer"
            if not 0 <= v < s.players:
                return f"there is no player p{v}"
            k = _kind(s, card)
            if k < 0:
                return f"{card!r} is not a resource"
            from meeple.games.mundus_novus.trade import blocked

            if v == blocked(s):
                return (f"p{v} just took from you; you may take back from p{v} only when nobody else has "
                        "cards on offer")
            if not s.offer[v * K + k]:
                return f"p{v} has no {card} on offer"
            if head == "swap":
                m = _kind(s, text.rsplit(" for ", 1)[-1])
                if m not in s.market:
                    return "that card is not in the market"
                if m == k:
                    return "you cannot take back the card you just put into the market"
    if s.phase == OFFER and head == "offer":
        if text == "offer nothing":
            return "only the owner of Bartolome de las Casas may offer nothing"
        k = _kind(s, text[6:])
        if k >= 0 and not s.hand[o + k]:
            return f"you have no {text[6:]} in hand"
    if s.phase == PROG:
        if head == "set":
            if s.sets:
                return "you already made an identical set this round (only King's Help allows more)"
            if s.options["one_set_only"] and s.cash_done:
                return "only one combination per round (option one_set_only)"
            return ("an identical set needs at least 3 cards of one resource you hold (Inca relics are "
                    "wild, at least one real card)")
        if head == "different:":
            if s.diff_done:
                return "you already cashed a set of different resources this round"
            return "a set of different resources needs at least 4 different resources in hand"
        if head == "cash" and text.endswith("inca"):
            if s.inca_done:
                return "you already cashed Inca relics this round"
            return f"you have {s.hand[o + INCA]} Inca relics (at most 5 per cash-in)"
        if head == "reveal":
            return "you need all ten resources (1-9 and an Inca relic) in hand"
        if head == "convert":
            return "needs an unused merchant whose value band contains the target resource"
    if s.phase == ANNOUNCE and head == "announce":
        return "the Trade Master announces 2, 3 or 4 cards"
    if s.phase == PICKDEV and head == "take":
        return "this set may only take the queue positions the set table allows (Storm: n°1 only)"
    if s.phase == TIE and head == "trade":
        return "the Trade Master token can only go to one of the tied players"
    exp = EXPECTED.get(s.phase)
    if exp:
        return f"p{p} is in the {phase} step and must choose {exp}"
    return None
