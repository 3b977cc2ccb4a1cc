"""Why a typed Mundus Novus action is not legal, in the game's own terms (one check per rule)."""

from __future__ import annotations

from typing import Any

from meeple.engine.messages import Message
from meeple.games.mundus_novus.progression import reach
from meeple.games.mundus_novus.state import (
    ANNOUNCE,
    CH_ALMAGRO,
    CH_CASAS,
    CORONADO,
    EXCHANGE,
    GIFT,
    INCA,
    KEEP,
    OFFER,
    PICKDEV,
    PIRATES,
    PONCE,
    PROG,
    START,
    SUPPLY,
    TIE,
    MundusState,
    event_for,
    res_arg,
    res_args,
)
from meeple.games.mundus_novus.trade import blocked
from meeple.games.mundus_novus.words import msg


def expected(s: MundusState) -> Message | None:
    """What the seat to move must choose in this step (the refusal when no rule check applies)."""
    ph, seat = s.phase, s.cur
    if ph == CORONADO:
        return msg("mundus_novus.refusal.expected.coronado", seat=seat)
    if ph == PONCE:
        return msg("mundus_novus.refusal.expected.ponce", seat=seat)
    if ph == SUPPLY:
        return msg("mundus_novus.refusal.expected.supply", seat=seat)
    if ph == PIRATES:
        return msg("mundus_novus.refusal.expected.pirates", seat=seat)
    if ph == ANNOUNCE:
        return msg("mundus_novus.refusal.expected.announce", seat=seat)
    if ph == OFFER:
        return msg("mundus_novus.refusal.expected.offer", seat=seat)
    if ph == TIE:
        return msg("mundus_novus.refusal.expected.tie", seat=seat)
    if ph == EXCHANGE:
        return msg("mundus_novus.refusal.expected.exchange", seat=seat)
    if ph == GIFT:
        return msg("mundus_novus.refusal.expected.gift", seat=seat)
    if ph == START:
        return msg("mundus_novus.refusal.expected.start", seat=seat)
    if ph == PROG:
        return msg("mundus_novus.refusal.expected.progression", seat=seat)
    if ph == PICKDEV:
        return msg("mundus_novus.refusal.expected.pick", seat=seat)
    if ph == KEEP:
        return msg("mundus_novus.refusal.expected.keep", seat=seat)
    return None


BANDS = ("1-3", "4-6", "7-9")


def _kind(s: MundusState, word: str) -> int:
    word = word.strip()
    for k, r in enumerate(s.tables.resources):
        if r.name == word:
            return k
    return -1


def _word(s: MundusState, word: str) -> Any:
    """A typed resource as a refusal names it: its catalog name when it is one (issue 14), else as typed."""
    k = _kind(s, word)
    return res_arg(s, k) if k >= 0 else word.strip()


def _seat(word: str) -> int:
    return int(word[1:]) if word.startswith("p") and word[1:].isdigit() else -1


def explain(s: MundusState, text: str) -> Message | None:
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
    return expected(s)


def _coronado(s: MundusState, text: str, head: str) -> Message | None:
    """Research A10: Coronado forces one of the five events."""
    if head == "force":
        names = [{"key": s.fx.event_keys[e.code]} for e in s.tables.events]
        return msg("mundus_novus.refusal.coronado.not_event_coronado_may", x1=repr(text[6:]), names=names)
    return None


def _ponce(s: MundusState, text: str, head: str) -> Message | None:
    """Seed, Ponce de Leon: two non-empty fleets made of the caravels he owns."""
    if text.startswith("split fleets "):
        return (msg("mundus_novus.refusal.ponce.split_divides_caravels_into"))
    if text.startswith("second fleet: add"):
        return (msg("mundus_novus.refusal.ponce.split_must_divide_exactly"))
    if text == "split fleets":
        return msg("mundus_novus.refusal.ponce.put_at_least_one")
    if text == "one fleet" and s.fleet2:
        return msg("mundus_novus.refusal.ponce.have_begun_second_fleet")
    return None


def _supply(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 2.2: a fleet takes cards from the face-up supply only."""
    if head == "take":
        names = res_args(s, sorted(s.supply))
        return msg("mundus_novus.refusal.supply.not_among_face_up", x1=_word(s, text[5:]), names=names)
    return None


def _pirates(s: MundusState, text: str, head: str) -> Message | None:
    """Seed, Pirates: the discarded card comes from your hand."""
    if head == "discard":
        return msg("mundus_novus.refusal.pirates.have_no_hand", x1=_word(s, text[8:]))
    return None


def _announce(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 3.1: 2 to 4 cards."""
    if head == "announce":
        return msg("mundus_novus.refusal.announce.trade_master_announces_2")
    return None


def _offer(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 3.2: N cards from your hand; only Bartolome de las Casas may offer none."""
    if head != "offer":
        return None
    if text == "offer nothing":
        if s.holders[CH_CASAS] == s.cur:
            return msg("mundus_novus.refusal.offer.have_already_put_card")
        return msg("mundus_novus.refusal.offer.only_owner_bartolome_de")
    k = _kind(s, text[6:])
    if k < 0:
        return msg("mundus_novus.refusal.offer.not_resource", x1=repr(text[6:]))
    if not s.seats[s.cur].hand[k]:
        return msg("mundus_novus.refusal.offer.have_no_hand", x1=_word(s, text[6:]))
    return None


def _tie(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 3.3: on a tie the outgoing Trade Master chooses among the tied players."""
    if head == "trade":
        return msg("mundus_novus.refusal.tie.trade_master_token_can")
    return None


def _exchange(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 3.4-3.5: take a card from another player's offer (not straight back, A4), into hand or
    through the market for a different market card."""
    if head in ("take", "swap") and " from seat " in text:
        return msg("mundus_novus.refusal.exchange.name_seat_as_pn", x1=repr(text.replace(' from seat ', ' from p')))
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
        return msg("mundus_novus.refusal.exchange.cannot_take_from_own")
    if not 0 <= v < s.players:
        return msg("mundus_novus.refusal.exchange.there_no_seat", v=v)
    k = _kind(s, card)
    if k < 0:
        return msg("mundus_novus.refusal.exchange.not_resource", card=repr(card))
    if v == blocked(s):
        return (msg("mundus_novus.refusal.exchange.seat_just_took_from", v=v))
    if not s.seats[v].offer[k]:
        return msg("mundus_novus.refusal.exchange.seat_has_no_offer", v=v, card=_word(s, card))
    if head == "swap":
        if " for " not in text:
            return msg("mundus_novus.refusal.exchange.write_swap_as_swap")
        wanted = text.rsplit(" for ", 1)[-1]
        m = _kind(s, wanted)
        if m not in s.market:
            market = res_args(s, s.market)
            return msg("mundus_novus.refusal.exchange.not_market_market_holds", wanted=repr(wanted), market=market)
        if m == k:
            return msg("mundus_novus.refusal.exchange.cannot_take_back_card")
    return None


def _gift(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 3.6 B: the Trade Master gives one card of his hand to the player left one card short."""
    if head != "give" or " to " not in text:
        return None
    card, _, to = text[5:].rpartition(" to ")
    if _seat(to) != s.need:
        return msg("mundus_novus.refusal.gift.balancing_card_goes_seat", need=s.need)
    k = _kind(s, card)
    if k < 0 or not s.seats[s.cur].hand[k]:
        return msg("mundus_novus.refusal.gift.have_no_hand", card=_word(s, card))
    return None


def _start(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 4: the Trade Master chooses who starts the Progression."""
    if text.endswith("starts progression"):
        return msg("mundus_novus.refusal.start.choose_seat_from_0", x1=s.players - 1, x2=s.players - 1)
    return None


def _progression(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 4.1, 4.2, merchants; research A1, A2, A7, A9, §10.7."""
    p = s.cur
    hand = s.seats[p].hand
    if s.building:
        kind = res_arg(s, s.set_kind)
        if text.startswith("set: add "):
            k = _kind(s, text[len("set: add "):])
            if k >= 0 and k != INCA and s.set_inca:
                return msg("mundus_novus.refusal.progression.set_s_resource_cards")
            if k >= 0 and k != INCA and k != s.set_kind:
                return msg("mundus_novus.refusal.progression.every_card_identical_set", kind=kind)
            if k >= 0:
                return msg("mundus_novus.refusal.progression.have_no_more_hand", x1=res_arg(s, k))
        return msg("mundus_novus.refusal.progression.finish_identical_set_first", kind=kind)
    if head == "set:" or text == "cash set":
        return msg("mundus_novus.refusal.progression.begin_identical_set_with")
    pending = bool(s.pend_mask or s.pend_inca)
    if pending and head != "different:" and not text.startswith("cash different"):
        return msg("mundus_novus.refusal.progression.finish_set_different_resources")
    if head == "set":
        return _set_reason(s, text)
    if head == "different:" or text.startswith("cash different"):
        return _different_reason(s, text)
    if head == "cash" and text.endswith("inca"):
        if s.inca_done:
            return msg("mundus_novus.refusal.progression.already_cashed_inca_relics")
        if s.options["one_set_only"] and s.cash_done:
            return msg("mundus_novus.refusal.progression.only_one_combination_per")
        count = words_int(text, 1)
        top = max(r.cards for r in s.tables.inca)
        if count > top:
            return msg("mundus_novus.refusal.progression.at_most_inca_relics", top=top)
        if count < 1:
            return msg("mundus_novus.refusal.progression.write_cash_as_cash")
        return msg("mundus_novus.refusal.progression.have_only", x1=relics(hand[INCA]))
    if head == "reveal":
        return (msg("mundus_novus.refusal.progression.ten_different_resources_win"))
    if head == "convert":
        return _convert_reason(s, text)
    return None


def relics(count: int) -> Message:
    """``count`` Inca relics with the right noun ("1 Inca relic", "no Inca relic")."""
    if count == 0:
        return msg("mundus_novus.refusal.relics.no_inca_relic")
    return msg("mundus_novus.refusal.relics", n=count)


def words_int(text: str, i: int) -> int:
    parts = text.split()
    return int(parts[i]) if len(parts) > i and parts[i].isdigit() else 0


def _set_reason(s: MundusState, text: str) -> Message:
    """Seed 4.1: one identical set of 3+ cards (King's Help: several), Inca relics wild, at least one real
    card (A9)."""
    p = s.cur
    hand = s.seats[p].hand
    if s.sets and event_for(s, p) != "KH":
        return msg("mundus_novus.refusal.set_reason.already_made_identical_set")
    if s.options["one_set_only"] and s.cash_done:
        return msg("mundus_novus.refusal.set_reason.only_one_combination_per")
    if not s.queue and not (s.holders[CH_ALMAGRO] == p and s.dev_deck):
        return msg("mundus_novus.refusal.set_reason.there_no_development_card")
    body, _, extra = text[4:].partition(" + ")
    parts = body.split(" ", 1)
    count = int(parts[0]) if parts[0].isdigit() else 0
    k = _kind(s, parts[1]) if len(parts) > 1 else -1
    incas = words_int(extra, 0)
    if extra and (len(extra.split()) != 2 or extra.split()[1] != "inca" or incas < 1):
        return msg("mundus_novus.refusal.set_reason.write_wild_relics_as")
    if k == INCA:
        return msg("mundus_novus.refusal.set_reason.identical_set_needs_at")
    if k < 0:
        return msg("mundus_novus.refusal.set_reason.write_set_as_set")
    if count < 1:
        return msg("mundus_novus.refusal.set_reason.identical_set_needs_at_2")
    if count > hand[k]:
        return msg("mundus_novus.refusal.set_reason.have_only", x1=hand[k], x2=res_arg(s, k))
    if incas > hand[INCA]:
        return msg("mundus_novus.refusal.set_reason.have_only_2", x1=relics(hand[INCA]))
    if count + incas > 3:
        return (msg("mundus_novus.refusal.set_reason.identical_set_begins_with"))
    return msg("mundus_novus.refusal.set_reason.identical_set_needs_at_3")


def _different_reason(s: MundusState, text: str) -> Message:
    """Seed 4.2: 4 to 9 cards of different values, once per round; Inca relics not allowed (A2)."""
    p = s.cur
    hand = s.seats[p].hand
    if s.diff_done:
        return msg("mundus_novus.refusal.different_reason.already_cashed_set_different")
    if s.options["one_set_only"] and s.cash_done:
        return msg("mundus_novus.refusal.different_reason.only_one_combination_per")
    size = bin(s.pend_mask).count("1") + s.pend_inca
    if text.startswith("cash different"):
        return msg("mundus_novus.refusal.different_reason.set_different_resources_needs", size=size)
    k = _kind(s, text[len("different: add "):])
    if k == INCA and not s.options["inca_wild_in_different"]:
        return msg("mundus_novus.refusal.different_reason.inca_relics_cannot_stand")
    if k >= 0 and k < INCA and s.pend_mask >> k & 1:
        return msg("mundus_novus.refusal.different_reason.already_set_every_card", x1=res_arg(s, k))
    if k >= 0 and not hand[k]:
        return msg("mundus_novus.refusal.different_reason.have_no_hand", x1=res_arg(s, k))
    if size >= 9:
        return msg("mundus_novus.refusal.different_reason.set_different_resources_has")
    return msg("mundus_novus.refusal.different_reason.set_different_resources_needs_2")


def _convert_reason(s: MundusState, text: str) -> Message:
    """Seed, merchants (research A7): each merchant once per Progression turn turns one non-Inca card into
    a value of its band."""
    p = s.cur
    src_txt, _, dst_txt = text[8:].partition(" to ")
    src, dst = _kind(s, src_txt), _kind(s, dst_txt)
    devs = s.tables.developments
    merchants = [i for i in s.seats[p].owned if devs[i].kind == "merchant"]
    if not merchants:
        return msg("mundus_novus.refusal.convert_reason.own_no_merchant")
    if src == INCA:
        return msg("mundus_novus.refusal.convert_reason.merchant_cannot_convert_inca")
    if dst == INCA:
        return msg("mundus_novus.refusal.convert_reason.merchant_cannot_make_inca")
    if src < 0 or dst < 0:
        return msg("mundus_novus.refusal.convert_reason.write_convert_resource_resource")
    if not s.seats[p].hand[src]:
        return msg("mundus_novus.refusal.convert_reason.have_no_hand", x1=res_arg(s, src))
    unused = [i for i in merchants if not s.merch_used >> i & 1]
    if not unused:
        return msg("mundus_novus.refusal.convert_reason.each_merchants_has_already")
    bands = ", ".join(f"{devs[i].band_lo}-{devs[i].band_hi}" for i in unused)
    return msg("mundus_novus.refusal.convert_reason.unused_merchants_convert_into", bands=bands)


def _pick(s: MundusState, text: str, head: str) -> Message | None:
    """Seed 4.1 table; Storm: n°1 only; Almagro: the deck's top card."""
    if head != "take":
        return None
    if text == "take deck top":
        if not s.dev_deck:
            return msg("mundus_novus.refusal.pick.development_deck_empty_there")
        return msg("mundus_novus.refusal.pick.only_owner_diego_de")

    kind, c, j = s.set_kind, s.set_cards, s.set_inca
    if event_for(s, s.cur) == "ST":
        return msg("mundus_novus.refusal.pick.storm_identical_set_can")
    band = BANDS[(s.tables.resources[kind].value - 1) // 3]
    r = reach(s, kind, c + j)
    if r == 1 and s.options["low_set_reward"] == "deck" and s.dev_deck:
        return msg("mundus_novus.refusal.pick.set_cards_value_takes", x1=c + j, band=band)
    if r >= len(s.queue):
        return msg("mundus_novus.refusal.pick.queue_has_only_cards", x1=len(s.queue))
    if r == 1:
        return msg("mundus_novus.refusal.pick.set_cards_value_reaches", x1=c + j, band=band)
    return msg("mundus_novus.refusal.pick.set_cards_value_reaches_2", x1=c + j, band=band, r=r)


def _keep(s: MundusState, text: str, head: str) -> Message | None:
    """Seed, warehouses: keep cards from your hand."""
    if head == "keep":
        return msg("mundus_novus.refusal.keep.have_no_left_hand", x1=_word(s, text[5:]))
    return None
