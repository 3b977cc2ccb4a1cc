"""Mundus Novus for learning agents (issue 18): the closed action space and the observation tensor.

The action space is every notation the rules can write (``actions.py``, ``derived.py``),
enumerated from the component tables, seats named relative to the seat to move.  Since version 5
the two large combinations are chosen one part at a time: an identical set starts with its first
3 cards (``set 2 cotton + 1 inca``) and grows by ``set: add <resource>`` until ``cash set``;
Juan Ponce de Leon's second fleet is chosen by ``second fleet: add <caravel>`` until
``split fleets``.  The observation is ``view(seat)`` with the seats
rotated (the observer first): its own hand, money and offer, and only what is public of the
others.  Left out as functions of what is encoded: the event token's name (the event code is
there), development names, kinds and events of queue cards (their codes are there), the
caravel count (the developments are there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from meeple.engine.core import State
from meeple.engine.encoding import Bounds, Encoder, Obs, relative_notation, vocab
from meeple.games.mundus_novus.developments import caravels, fleets
from meeple.games.mundus_novus.state import (
    CH_PIZARRO,
    CH_PONCE,
    EXCHANGE,
    INCA,
    KEEP,
    OFFER,
    OVER,
    PICKDEV,
    PONCE,
    SUPPLY,
    TIE,
    K,
    MundusState,
)
from meeple.i18n.components import key as component_key

# from state.py (constants)
QUEUE_SIZE = 5
PHASE_NAMES = (
    "coronado", "ponce de leon", "supply", "pirates", "announce", "offer", "trade master tie",
    "exchange", "balancing gift", "progression start", "progression", "choose development", "warehouse",
    "over",
)
# from progression.py
MIN_IDENTICAL = 3
MIN_DIFFERENT = 4
MAX_DIFFERENT = 9
CARAVEL_VALUES = range(1, 7)

if TYPE_CHECKING:
    from librt.vecs import vec  # the observation's buffer when compiled (engine.encoding.Obs)


def _caravel_labels() -> list[str]:
    """Every caravel as a ``second fleet: add`` step names it (``developments.caravel_labels``): its
    value, or ``v(0)`` for the owner's highest caravel under Gonzalo Pizarro."""
    return [str(v) for v in CARAVEL_VALUES] + [f"{v}(0)" for v in CARAVEL_VALUES]


class _Index:
    """What the fast path needs of one component set (vocabularies: ``MundusEncoder.vocabs``):
    component index -> vocabulary index and sizes."""

    def __init__(self, t: Any, v: dict[str, dict[Any, int]]) -> None:
        self.tables = t
        self.res: list[int] = [v["res"][r.name] for r in t.resources]
        self.codes: list[int] = [v["codes"][d.code] for d in t.developments]
        self.devs: list[int] = [v["devs"][d.name] for d in t.developments]
        self.events: dict[Any, int] = v["events"]
        self.nres, self.nvalues, self.ndevs = len(v["res"]), len(v["values"]), len(v["devs"])


def _fleets(s: MundusState, p: int) -> list[list[int]] | None:
    """Seat ``p``'s fleets as the view shows them (``view.fleets_so_far`` while the split is chosen)."""
    if s.split and s.holders[CH_PONCE] == p:
        return fleets(s, p)
    if s.fleet2 and s.phase == PONCE and s.cur == p:
        values = list(caravels(s, p))
        if values and s.holders[CH_PIZARRO] == p:
            values[-1] = 0
        return [[v for i, v in enumerate(values) if not s.fleet2 >> i & 1],
                [v for i, v in enumerate(values) if s.fleet2 >> i & 1]]
    return None

def _counts(a: vec[float], p: int, row: list[int], ires: list[int]) -> None:
    """Card counts ``row`` (``K`` counts by resource kind) over the resource vocabulary, from ``p``."""
    for k in range(K):
        if row[k]:
            a[p + ires[k]] = row[k]


class MundusEncoder(Encoder):
    def __init__(self) -> None:
        super().__init__()
        self._ix: _Index | None = None

    def _index(self, tables: Any, v: dict[str, dict[Any, int]]) -> _Index:
        ix = self._ix
        if ix is None or ix.tables is not tables:
            ix = self._ix = _Index(tables, v)
        return ix

    def canonical(self, notation: str, mover: int, players: int) -> str:
        return relative_notation(notation, mover, players)

    def notations(self, tables: Any, players: int) -> list[str]:
        t = tables
        res = [r.name for r in t.resources]
        goods, inca = res[:-1], t.resources[-1]
        seats = [f"p{q}" for q in range(players)]
        out: list[str] = [f"take {r}" for r in res] + [f"discard {r}" for r in res]
        out += ["no event"] + [f"force {e.name}" for e in t.events]
        out += ["one fleet", "split fleets"] + [f"second fleet: add {c}" for c in _caravel_labels()]
        out += [f"keep {r}" for r in res] + ["discard the rest"]
        out += [f"different: add {r}" for r in res]
        out += [f"cash different set of {n}" for n in range(MIN_DIFFERENT, MAX_DIFFERENT + 1)]
        out += ["reveal ten different"]
        out += [f"convert {a} to {b}" for a in goods for b in goods if a != b]
        for r in t.resources[:-1]:  # an identical set's first 3 cards, plain ones first
            for c in range(1, min(r.copies, MIN_IDENTICAL) + 1):
                if MIN_IDENTICAL - c <= inca.copies:
                    out.append(f"set {c} {r.name}" + (f" + {MIN_IDENTICAL - c} inca" if c < MIN_IDENTICAL else ""))
        out += [f"set: add {r}" for r in res] + ["cash set"]
        out += [f"cash {c} inca" for c in range(1, max(x.cards for x in t.inca) + 1)]
        out += ["end turn", "take deck top", "offer nothing"]
        devs = sorted({d.name for d in t.developments})
        out += [f"take n{i + 1} {d}" for i in range(QUEUE_SIZE) for d in devs]
        out += [f"offer {r}" for r in res] + [f"announce {c}" for c in (2, 3, 4)]
        out += [f"trade master {q}" for q in seats] + [f"{q} starts progression" for q in seats]
        out += [f"give {r} to {q}" for r in res for q in seats]
        out += [f"take {r} from {q}" for r in res for q in seats[1:]]
        out += [f"swap {a} from {q} for {b}" for a in res for q in seats[1:] for b in res if a != b]
        return out

    def vocabs(self, tables: Any) -> dict[str, dict[Any, int]]:
        t = tables
        return {"phase": vocab(PHASE_NAMES), "events": vocab(e.code for e in t.events),
                "res": vocab(r.name for r in t.resources), "codes": vocab(d.code for d in t.developments),
                "devs": vocab(d.name for d in t.developments), "values": vocab(range(13)),
                # issue 15: the view names these by catalog key; the same indices as by name or code
                "res_keys": vocab(component_key("mundus_novus", "resources", r.name) for r in t.resources),
                "dev_keys": vocab(component_key("mundus_novus", "developments", d.name) for d in t.developments),
                "event_keys": vocab(component_key("mundus_novus", "events", e.name) for e in t.events)}

    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        n = out.players
        res = v["res_keys"]  # the view names resources, developments and events by catalog key
        out.num("round", view["round"], 0, 60)
        out.onehot("phase", view["phase"], v["phase"])
        out.onehot("event", view["event"], v["event_keys"])
        out.seat("trade_master", view["trade_master"])
        out.num("announced", view["announced"], 0, 4)
        out.sequence("market", view["market"], res, 3)
        out.counts("supply", view["supply"], res, 30)
        out.sequence("queue", [d["code"] for d in view["queue"]], v["codes"], QUEUE_SIZE)
        out.num("development_deck", view["development_deck"], 0, 44)
        out.num("resource_deck", view["resource_deck"], 0, 130)
        self._cards(out, "discard", view["discard"], res, 130)
        out.flag("queue_exhausted", view["queue_exhausted"])
        out.seat("winner", view["winner"])
        for k, p in enumerate(out.rotate(view["seats"])):
            pre = f"seat+{k}."
            out.num(pre + "hand_size", p["hand_size"], 0, 130)
            out.counts(pre + "developments", [d["key"] for d in p["developments"]], v["dev_keys"], 6)
            out.num(pre + "money", p["money"], 0, 500)
            fleets = p.get("fleets")
            out.flag(pre + "fleets_split", fleets is not None)
            for f in range(2):
                fleet = fleets[f] if fleets and f < len(fleets) else []
                out.counts(f"{pre}fleet{f}", fleet, v["values"], 12)
            out.flag(pre + "offer_committed", p.get("offer_committed"))
            out.num(pre + "offer_size", p.get("offer_size"), 0, 130)
            out.flag(pre + "offer_shown", "offer" in p)
            self._cards(out, pre + "offer", p.get("offer") or [], res, 130)
        order = view.get("supply_order") or []
        for i in range(2 * n):
            entry = order[i] if i < len(order) else None
            out.seat(f"supply_order{i}.seat", entry and entry["seat"])
            out.num(f"supply_order{i}.cards", entry and entry["cards"], 0, 30)
        out.seat("taker", view.get("taker"))
        out.seat("last_taker", view.get("last_taker"))
        out.counts("pending_different", view.get("pending_different") or [], res, MAX_DIFFERENT)
        pending = view.get("pending_set")
        out.onehot("pending_set.resource", pending and pending["resource"], res)
        out.num("pending_set.cards", pending and pending["cards"], 0, 16)
        out.num("pending_set.inca", pending and pending["inca"], 0, 12)
        self._cards(out, "hand", view.get("hand") or [], res, 130)
        out.flag("my_offer_shown", "my_offer" in view)
        self._cards(out, "my_offer", view.get("my_offer") or [], res, 130)
        out.flag("kept_shown", "kept" in view)
        self._cards(out, "kept", view.get("kept") or [], res, 130)
        gift = view.get("gift")
        out.seat("gift.from", gift and gift["from"])
        out.seat("gift.to", gift and gift["to"])
        out.onehot("gift.card", gift and gift["card"], res)

    def observe_state(self, state: State, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """The same entries as ``observe(view)``, written by index straight from the fields (the
        fleets from the rules' ``fleets`` and ``caravels``); only the non-zero ones (the array
        starts at zero)."""
        s = cast(MundusState, state)
        ix = self._index(s.tables, v)
        n, me = out.players, out.me
        b = out.buf
        p = out.pos
        ires, icodes, idevs = ix.res, ix.codes, ix.devs
        nres, nvalues, ndevs, nevents = ix.nres, ix.nvalues, ix.ndevs, len(ix.events)
        phase = s.phase
        over = phase == OVER
        if s.round:
            b[p] = s.round
        b[p + 1 + phase] = 1.0  # PHASE_NAMES is the phase vocabulary, in phase order
        p += 1 + len(PHASE_NAMES)
        if s.event:
            i = ix.events.get(s.event)
            if i is not None:
                b[p + i] = 1.0
        p += nevents
        b[p + (s.tm - me) % n] = 1.0
        p += n
        b[p] = s.announced or -1.0
        p += 1
        for k, r in enumerate(s.market):
            b[p + k] = ires[r] + 1
        p += 3
        for r in s.supply:
            b[p + ires[r]] += 1.0
        p += nres
        for k, d in enumerate(s.queue):
            b[p + k] = icodes[d] + 1
        p += QUEUE_SIZE
        if s.dev_deck:
            b[p] = len(s.dev_deck)
        if s.deck:
            b[p + 1] = len(s.deck)
        p += 2
        _counts(b, p, s.discard, ires)
        p += nres
        if s.dev_ended:
            b[p] = 1.0
        p += 1
        if s.winner >= 0:
            b[p + (s.winner - me) % n] = 1.0
        p += n
        offer_phase = phase == OFFER
        revealed = phase == TIE or phase == EXCHANGE
        fleets_shown = bool(s.split or s.fleet2)
        seats = s.seats
        for k in range(n):
            q = (me + k) % n
            seat = seats[q]
            b[p] = sum(seat.hand)
            p += 1
            for d in seat.owned:
                b[p + idevs[d]] += 1.0
            p += ndevs
            b[p] = seat.money if k == 0 or over else -1
            p += 1
            if fleets_shown:
                fl = _fleets(s, q)
                if fl is not None:
                    b[p] = 1.0
                    for f in range(min(2, len(fl))):
                        base = p + 1 + f * nvalues
                        for x in fl[f]:
                            b[base + x] += 1.0
            p += 1 + 2 * nvalues
            if offer_phase:
                if seat.committed:
                    b[p] = 1.0
                b[p + 1] = sum(seat.offer) if seat.committed or k == 0 else -1
            else:
                b[p + 1] = -1.0
            p += 2
            if revealed:
                b[p] = 1.0
                _counts(b, p + 1, seat.offer, ires)
            p += 1 + nres
        width = n + 1
        if phase == SUPPLY:
            order, counts, opos = s.order, s.counts, s.opos
            j = 0
            for i in range(opos, len(order)):
                b[p + j * width + (order[i] - me) % n] = 1.0
                b[p + j * width + n] = s.need if i == opos else counts[i]
                j += 1
            for j in range(len(order) - opos, 2 * n):
                b[p + j * width + n] = -1.0
        else:
            for j in range(2 * n):
                b[p + j * width + n] = -1.0
        p += 2 * n * width
        if phase == EXCHANGE:
            b[p + (s.cur - me) % n] = 1.0
            if s.prev >= 0:
                b[p + n + (s.prev - me) % n] = 1.0
        p += 2 * n
        mask = s.pend_mask
        if mask or s.pend_inca:
            for r in range(INCA):
                if mask >> r & 1:
                    b[p + ires[r]] += 1.0
            b[p + ires[INCA]] += s.pend_inca
        p += nres
        if phase == PICKDEV or s.building:
            b[p + ires[s.set_kind]] = 1.0
            b[p + nres] = s.set_cards
            b[p + nres + 1] = s.set_inca
        else:
            b[p + nres] = b[p + nres + 1] = -1.0
        p += nres + 2
        mine = seats[me]
        _counts(b, p, mine.hand, ires)
        p += nres
        if offer_phase:
            b[p] = 1.0
            _counts(b, p + 1, mine.offer, ires)
        p += 1 + nres
        if phase == KEEP and s.cur == me:
            b[p] = 1.0
            _counts(b, p + 1, mine.offer, ires)
        p += 1 + nres
        if s.gift_from == me or s.gift_to == me:
            b[p + (s.gift_from - me) % n] = 1.0
            b[p + n + (s.gift_to - me) % n] = 1.0
            b[p + 2 * n + ires[s.gift_kind]] = 1.0
        p += 2 * n + nres
        out.pos = p
        return True

    @staticmethod
    def _cards(out: Obs, name: str, cards: list[dict[str, Any]], res: dict[Any, int], most: int) -> None:
        out.counts(name, [c["card"] for c in cards for _ in range(c["count"])], res, most)

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        """Derived from the rules (docs/rl.md "Bounds", Mundus Novus): no finite game length."""
        t = game.default_tables()
        n, kinds, market = players, len(t.resources), 3
        goods = kinds - 1
        steps = {"exchange": (n - 1) * kinds * (1 + market),  # take or swap one card of another offer
                 "progression": goods * (goods - 1) + goods * MIN_IDENTICAL + kinds + max(x.cards for x in t.inca) + 1,
                 "balancing gift": kinds * (n - 1), "coronado": 1 + len(t.events),
                 "ponce de leon": 2 + len(_caravel_labels())}
        most = max(steps.values())
        note = (f"game length: no finite bound (nobody has to cash a set, so doubloons and the development "
                f"queue need not move); {game.max_steps(n)} is a horizon; legal actions: the largest step "
                f"({max(steps, key=lambda k: steps[k])}: {most}); utility: 1 for first place")
        return Bounds(game.max_steps(n), most, 0.0, 1.0, note, length_from_rules=False)


ENCODER = MundusEncoder()
