"""Why a typed Mundus Novus action is not legal, in the game's own terms (one check per rule)."""

from __future__ import annotations

from meeple.games.mundus_novus.progression import reach
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
    event_for,
)
from meeple.games.mundus_novus.trade import blocked

EXPECTED = {
    CORONADO: "'no event' or 'force <event>' (Coronado)",
    PONCE: "'one fleet', 'second fleet: add <caravel>' or 'split fleets' (Ponce de Leon)",
    SUPPLY: "'take <resource>' from the face-up supply",
    PIRATES: "'discard <resource>' (Pirates)",
    ANNOUNCE: "'announce 2', 'announce 3' or 'announce 4'",
    OFFER: "'offer <resource>'",
    TIE: "'trade master pN' among the tied players",
    EXCHANGE: "'take <resource> from pN' or 'swap <resource> from pN for <resource>'",
    GIFT: "'give <resource> to pN'",
    START: "'pN starts progression'",
    PROG: "'set ...', 'set: add ...', 'cash set', 'different: add ...', 'cash N inca', 'convert ...' or 'end turn'",
    PICKDEV: "'take nN <card>' (or 'take deck top')",
    KEEP: "'keep <resource>' or 'discard the rest'",
}

BANDS = ("1-3", "4-6", "7-9")


def _kind(s: MundusState, word: str) -> int:
    word = word.strip()
    for k, r in enumerate(s.tables.resources):
        if r.name == word:
            return k
    return -1


def _seat(word: str) -> int:
    return int(word[1:]) if word.startswith("p") and word[1:].isdigit() else -1


def explain(s: MundusState, text: str) -> str | None:
    words = text.split()
    head = words[0] if words else ""
    checks = {
        CORONADO: _coronado, PONCE: _ponce, SUPPLY: _supply, PIRATES: _pirates, ANNOUNCE: _announce,
        OFFER: _offer, TIE: _tie, EXCHANGE: _exchange, GIFT: _gift, START: _start, PROG: _progression,
        PICKDEV: _pick, KEEP: _keep,
    }
    check = checks.get(s.phase)
    reason = check(s, text, head) if check else None
    if reason:
        return reason
    exp = EXPECTED.get(s.phase)
    if exp:
        return f"seat {s.cur} is in the {PHASE_NAMES[s.phase]} step and must choose {exp}"
    return None


def _coronado(s: MundusState, text: str, head: str) -> str | None:
    """Research A10: Coronado forces one of the five events."""
    if head == "force":
        names = ", ".join(e.name for e in s.tables.events)
        return f"{text[6:]!r} is not an event; Coronado may force one of: {names}"
    return None


def _ponce(s: MundusState, text: str, head: str) -> str | None:
    """Seed, Ponce de Leon: two non-empty fleets made of the caravels he owns."""
    if text.startswith("split fleets "):
        return ("a split divides your caravels into two non-empty fleets: choose the second fleet one "
                "caravel at a time ('second fleet: add <caravel>', lowest first), then 'split fleets'")
    if text.startswith("second fleet: add"):
        return ("a split must divide exactly your caravels into two non-empty fleets: the second fleet "
                "takes caravels lowest first, never your lowest caravel, each split once (see the listed "
                "caravels)")
    if text == "split fleets":
        return "put at least one caravel in the second fleet first ('second fleet: add <caravel>')"
    if text == "one fleet" and s.fleet2:
        return "you have begun a second fleet: add caravels to it or 'split fleets'"
    return None


def _supply(s: MundusState, text: str, head: str) -> str | None:
    """Seed 2.2: a fleet takes cards from the face-up supply only."""
    if head == "take":
        names = ", ".join(s.names[k] for k in sorted(s.supply))
        return f"{text[5:]} is not among the face-up supply cards ({names})"
    return None


def _pirates(s: MundusState, text: str, head: str) -> str | None:
    """Seed, Pirates: the discarded card comes from your hand."""
    if head == "discard":
        return f"you have no {text[8:]} in hand"
    return None


def _announce(s: MundusState, text: str, head: str) -> str | None:
    """Seed 3.1: 2 to 4 cards."""
    if head == "announce":
        return "the Trade Master announces 2, 3 or 4 cards"
    return None


def _offer(s: MundusState, text: str, head: str) -> str | None:
    """Seed 3.2: N cards from your hand; only Bartolome de las Casas may offer none."""
    if head != "offer":
        return None
    if text == "offer nothing":
        if s.abil.get("casas", -1) == s.cur:
            return "you have already put a card in your offer"
        return "only the owner of Bartolome de las Casas may offer nothing"
    k = _kind(s, text[6:])
    if k < 0:
        return f"{text[6:]!r} is not a resource"
    if not s.hand[s.cur * K + k]:
        return f"you have no {text[6:]} in hand"
    return None


def _tie(s: MundusState, text: str, head: str) -> str | None:
    """Seed 3.3: on a tie the outgoing Trade Master chooses among the tied players."""
    if head == "trade":
        return "the Trade Master token can only go to one of the tied players"
    return None


def _exchange(s: MundusState, text: str, head: str) -> str | None:
    """Seed 3.4-3.5: take a card from another player's offer (not straight back, A4), into hand or
    through the market for a different market card."""
    if head in ("take", "swap") and " from seat " in text:
        return f"name the seat as pN, e.g. {text.replace(' from seat ', ' from p')!r}"
    if head not in ("take", "swap") or " from p" not in text:
        return None
    p = s.cur
    rest = text.split(" ", 1)[1]
    card, _, tail = rest.partition(" from p")
    victim_txt = tail.split(" ", 1)[0]
    if not victim_txt.isdigit():
        return None
    v = int(victim_txt)
    if v == p:
        return "you cannot take from your own offer"
    if not 0 <= v < s.players:
        return f"there is no seat {v}"
    k = _kind(s, card)
    if k < 0:
        return f"{card!r} is not a resource"
    if v == blocked(s):
        return (f"seat {v} just took from you; you may take back from seat {v} only when nobody else has "
                "cards on offer")
    if not s.offer[v * K + k]:
        return f"seat {v} has no {card} on offer"
    if head == "swap":
        if " for " not in text:
            return "write the swap as 'swap <resource> from pN for <market card>'"
        wanted = text.rsplit(" for ", 1)[-1]
        m = _kind(s, wanted)
        if m not in s.market:
            market = ", ".join(s.names[x] for x in s.market)
            return f"{wanted!r} is not in the market (the market holds {market})"
        if m == k:
            return "you cannot take back the card you just put into the market"
    return None


def _gift(s: MundusState, text: str, head: str) -> str | None:
    """Seed 3.6 B: the Trade Master gives one card of his hand to the player left one card short."""
    if head != "give" or " to " not in text:
        return None
    card, _, to = text[5:].rpartition(" to ")
    if _seat(to) != s.need:
        return f"the balancing card goes to seat {s.need}, the player left one card short"
    k = _kind(s, card)
    if k < 0 or not s.hand[s.cur * K + k]:
        return f"you have no {card} in hand"
    return None


def _start(s: MundusState, text: str, head: str) -> str | None:
    """Seed 4: the Trade Master chooses who starts the Progression."""
    if text.endswith("starts progression"):
        return f"choose a seat from 0 to {s.players - 1} (p0 to p{s.players - 1})"
    return None


def _progression(s: MundusState, text: str, head: str) -> str | None:
    """Seed 4.1, 4.2, merchants; research A1, A2, A7, A9, §10.7."""
    p = s.cur
    o = p * K
    if s.building:
        kind = s.names[s.pend_set[0]]
        if text.startswith("set: add "):
            k = _kind(s, text[len("set: add "):])
            if k >= 0 and k != INCA and s.pend_set[2]:
                return "the set's resource cards come before its Inca relics: add Inca relics or 'cash set'"
            if k >= 0 and k != INCA and k != s.pend_set[0]:
                return f"every card of an identical set is {kind} (or a wild Inca relic)"
            if k >= 0:
                return f"you have no more {s.names[k]} in hand for the set"
        return f"finish the identical set of {kind} first ('set: add ...' or 'cash set')"
    if head == "set:" or text == "cash set":
        return "begin an identical set with its first 3 cards first, e.g. 'set 3 cotton' or 'set 2 cotton + 1 inca'"
    pending = bool(s.pend_mask or s.pend_inca)
    if pending and head != "different:" and not text.startswith("cash different"):
        return "finish the set of different resources first ('different: add ...' or 'cash different set')"
    if head == "set":
        return _set_reason(s, text)
    if head == "different:" or text.startswith("cash different"):
        return _different_reason(s, text)
    if head == "cash" and text.endswith("inca"):
        if s.inca_done:
            return "you already cashed Inca relics this round"
        if s.options["one_set_only"] and s.cash_done:
            return "only one combination per round (option one_set_only)"
        count = words_int(text, 1)
        top = max(r.cards for r in s.tables.inca)
        if count > top:
            return f"at most {top} Inca relics per cash-in"
        if count < 1:
            return "write the cash-in as 'cash <n> inca' with n from 1 to 5"
        return f"you have only {relics(s.hand[o + INCA])}"
    if head == "reveal":
        return ("ten different resources win by themselves the moment a hand holds all ten resources "
                "(1-9 and an Inca relic): there is nothing to reveal")
    if head == "convert":
        return _convert_reason(s, text)
    return None


def relics(count: int) -> str:
    """``count`` Inca relics with the right noun ("1 Inca relic", "no Inca relic")."""
    if count == 0:
        return "no Inca relic"
    return "1 Inca relic" if count == 1 else f"{count} Inca relics"


def words_int(text: str, i: int) -> int:
    parts = text.split()
    return int(parts[i]) if len(parts) > i and parts[i].isdigit() else 0


def _set_reason(s: MundusState, text: str) -> str:
    """Seed 4.1: one identical set of 3+ cards (King's Help: several), Inca relics wild, at least one real
    card (A9)."""
    p = s.cur
    o = p * K
    if s.sets and event_for(s, p) != "KH":
        return "you already made an identical set this round (only King's Help allows more)"
    if s.options["one_set_only"] and s.cash_done:
        return "only one combination per round (option one_set_only)"
    if not s.queue and not (s.abil.get("almagro", -1) == p and s.dev_deck):
        return "there is no development card left to take"
    body, _, extra = text[4:].partition(" + ")
    parts = body.split(" ", 1)
    count = int(parts[0]) if parts[0].isdigit() else 0
    k = _kind(s, parts[1]) if len(parts) > 1 else -1
    incas = words_int(extra, 0)
    if extra and (len(extra.split()) != 2 or extra.split()[1] != "inca" or incas < 1):
        return "write the wild relics as ' + <n> inca', e.g. 'set 2 cotton + 1 inca'"
    if k == INCA:
        return "an identical set needs at least one real resource card; cash Inca relics alone instead"
    if k < 0:
        return "write the set as 'set <count> <resource>' (and ' + <n> inca')"
    if count < 1:
        return "an identical set needs at least one real resource card (Inca relics are only wild)"
    if count > s.hand[o + k]:
        return f"you have only {s.hand[o + k]} {s.names[k]}"
    if incas > s.hand[o + INCA]:
        return f"you have only {relics(s.hand[o + INCA])}"
    if count + incas > 3:
        return ("an identical set begins with its first 3 cards (resource cards first), then grows one card "
                "at a time: 'set 3 <resource>', then 'set: add <resource>' or 'set: add inca relic', then "
                "'cash set'")
    return "an identical set needs at least 3 cards (Inca relics are wild)"


def _different_reason(s: MundusState, text: str) -> str:
    """Seed 4.2: 4 to 9 cards of different values, once per round; Inca relics not allowed (A2)."""
    p = s.cur
    o = p * K
    if s.diff_done:
        return "you already cashed a set of different resources this round"
    if s.options["one_set_only"] and s.cash_done:
        return "only one combination per round (option one_set_only)"
    size = bin(s.pend_mask).count("1") + s.pend_inca
    if text.startswith("cash different"):
        return f"a set of different resources needs 4 to 9 cards; yours has {size}"
    k = _kind(s, text[len("different: add "):])
    if k == INCA and not s.options["inca_wild_in_different"]:
        return "Inca relics cannot stand in a set of different resources (option inca_wild_in_different)"
    if k >= 0 and k < INCA and s.pend_mask >> k & 1:
        return f"{s.names[k]} is already in the set: every card must be a different resource"
    if k >= 0 and not s.hand[o + k]:
        return f"you have no {s.names[k]} in hand"
    if size >= 9:
        return "a set of different resources has at most 9 cards"
    return "a set of different resources needs at least 4 different resources in hand"


def _convert_reason(s: MundusState, text: str) -> str:
    """Seed, merchants (research A7): each merchant once per Progression turn turns one non-Inca card into
    a value of its band."""
    p = s.cur
    src_txt, _, dst_txt = text[8:].partition(" to ")
    src, dst = _kind(s, src_txt), _kind(s, dst_txt)
    devs = s.tables.developments
    merchants = [i for i in s.owned[p] if devs[i].kind == "merchant"]
    if not merchants:
        return "you own no merchant"
    if src == INCA:
        return "a merchant cannot convert an Inca relic"
    if dst == INCA:
        return "a merchant cannot make an Inca relic"
    if src < 0 or dst < 0:
        return "write 'convert <resource> to <resource>'"
    if not s.hand[p * K + src]:
        return f"you have no {s.names[src]} in hand"
    unused = [i for i in merchants if not s.merch_used >> i & 1]
    if not unused:
        return "each of your merchants has already converted a card this turn"
    bands = ", ".join(f"{devs[i].band_lo}-{devs[i].band_hi}" for i in unused)
    return f"your unused merchants convert into values {bands} only"


def _pick(s: MundusState, text: str, head: str) -> str | None:
    """Seed 4.1 table; Storm: n°1 only; Almagro: the deck's top card."""
    if head != "take":
        return None
    if text == "take deck top":
        if not s.dev_deck:
            return "the development deck is empty: there is no top card to take"
        return "only the owner of Diego de Almagro may take the development deck's top card"

    kind, c, j = s.pend_set
    if event_for(s, s.cur) == "ST":
        return "Storm: an identical set can only take queue card n°1"
    band = BANDS[(s.tables.resources[kind].value - 1) // 3]
    r = reach(s, kind, c + j)
    if r == 1 and s.options["low_set_reward"] == "deck" and s.dev_deck:
        return f"a set of {c + j} cards of value {band} takes the development deck's top card (option low_set_reward)"
    if r >= len(s.queue):
        return f"the queue has only {len(s.queue)} cards"
    if r == 1:
        return f"a set of {c + j} cards of value {band} reaches queue card n°1 only"
    return f"a set of {c + j} cards of value {band} reaches queue cards n°1 to n°{r} only"


def _keep(s: MundusState, text: str, head: str) -> str | None:
    """Seed, warehouses: keep cards from your hand."""
    if head == "keep":
        return f"you have no {text[5:]} left in hand to keep"
    return None
