"""Mundus Novus for learning agents (issue 18): the closed action space and the observation tensor.

The action space is every notation the rules can write (``dispatch.py``, ``trade.py``,
``progression.py``), enumerated from the component tables, seats named relative to the seat to
move.  One family is named by its first fleet only: Juan Ponce de Leon's ``split fleets A / B``
becomes ``split fleets A / rest`` (the second fleet is the rest of the owner's caravels, so
the first fleet alone names the decision).  The observation is ``view(seat)`` with the seats
rotated (the observer first): its own hand, money and offer, and only what is public of the
others.  Left out as functions of what is encoded: the event token's name (the event code is
there), development names, kinds and events of queue cards (their codes are there), the
caravel count (the developments are there).
"""

from __future__ import annotations

import functools
from typing import Any

from meeple.engine.encoding import Bounds, Encoder, Obs, relative_notation, vocab

# from state.py (constants)
QUEUE_SIZE = 5
PHASE_NAMES = (
    "coronado", "ponce de leon", "supply", "pirates", "announce", "offer", "trade master tie",
    "exchange", "balancing gift", "progression start", "progression", "choose development", "warehouse",
    "over",
)
(CORONADO, PONCE, SUPPLY, PIRATES, ANNOUNCE, OFFER, TIE, EXCHANGE, GIFT, START, PROG, PICKDEV, KEEP,
 OVER) = range(14)
K, INCA = 10, 9
# from progression.py
MIN_IDENTICAL = 3
MIN_DIFFERENT = 4
MAX_DIFFERENT = 9
CARAVEL_VALUES = range(1, 7)
CARAVEL_COPIES = 2


@functools.cache
def _first_fleets() -> tuple[str, ...]:
    """Every first fleet of a split (``ponce_splits``): caravel values ascending, at most two of each,
    the owner's highest caravel marked ``v(0)`` (last) when Gonzalo Pizarro zeroes it."""
    out: list[str] = []

    def grow(value: int, labels: list[str]) -> None:
        if value > max(CARAVEL_VALUES):
            if labels:
                out.append("+".join(labels))
            for top in CARAVEL_VALUES:  # a zeroed caravel ends the fleet; nothing above it
                if all(int(x) <= top for x in labels) and labels.count(str(top)) < CARAVEL_COPIES:
                    out.append("+".join([*labels, f"{top}(0)"]))
            return
        for k in range(CARAVEL_COPIES + 1):
            grow(value + 1, labels + [str(value)] * k)

    grow(min(CARAVEL_VALUES), [])
    return tuple(sorted(set(out)))


class MundusEncoder(Encoder):
    def canonical(self, notation: str, mover: int, players: int) -> str:
        if notation.startswith("split fleets "):
            return notation.split(" / ", 1)[0] + " / rest"
        return relative_notation(notation, mover, players)

    def notations(self, tables: Any, players: int) -> list[str]:
        t = tables
        res = [r.name for r in t.resources]
        goods, inca = res[:-1], t.resources[-1]
        seats = [f"p{q}" for q in range(players)]
        out: list[str] = [f"take {r}" for r in res] + [f"discard {r}" for r in res]
        out += ["no event"] + [f"force {e.name}" for e in t.events]
        out += ["one fleet"] + [f"split fleets {f} / rest" for f in _first_fleets()]
        out += [f"keep {r}" for r in res] + ["discard the rest"]
        out += [f"different: add {r}" for r in res]
        out += [f"cash different set of {n}" for n in range(MIN_DIFFERENT, MAX_DIFFERENT + 1)]
        out += ["reveal ten different"]
        out += [f"convert {a} to {b}" for a in goods for b in goods if a != b]
        for r in t.resources[:-1]:
            for c in range(1, r.copies + 1):
                for j in range(inca.copies + 1):
                    if c + j >= MIN_IDENTICAL:
                        out.append(f"set {c} {r.name}" + (f" + {j} inca" if j else ""))
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
        res = vocab(r.name for r in t.resources)
        devs = vocab(d.name for d in t.developments)
        codes = vocab(d.code for d in t.developments)
        return {"i_res": {i: res[r.name] for i, r in enumerate(t.resources)},
                "i_devs": {i: devs[d.name] for i, d in enumerate(t.developments)},
                "i_codes": {i: codes[d.code] for i, d in enumerate(t.developments)},
                "phase": vocab(PHASE_NAMES), "events": vocab(e.code for e in t.events),
                "res": vocab(r.name for r in t.resources), "codes": vocab(d.code for d in t.developments),
                "devs": vocab(d.name for d in t.developments), "values": vocab(range(13))}

    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        n = out.players
        res = v["res"]
        out.num("round", view["round"], 0, 60)
        out.onehot("phase", view["phase"], v["phase"])
        out.onehot("event", view["event"], v["events"])
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
            out.counts(pre + "developments", p["developments"], v["devs"], 6)
            out.num(pre + "money", p["money"], 0, 500)
            fleets = p.get("fleets")
            out.flag(pre + "fleets_split", fleets is not None)
            for f in range(2):
                fleet = fleets[f] if fleets and f < len(fleets) else []
                out.counts(f"{pre}fleet{f}", fleet, v["values"], 12)
            out.flag(pre + "offer_committed", p.get("offer_committed"))
            out.num(pre + "offer_size", p.get("offer_size"), 0, 130)
            out.flag(pre + "offer_shown", "offer" in p)
            self._cards(out, pre + "offer", p.get("offer") or {}, res, 130)
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
        self._cards(out, "hand", view.get("hand") or {}, res, 130)
        out.flag("my_offer_shown", "my_offer" in view)
        self._cards(out, "my_offer", view.get("my_offer") or {}, res, 130)
        out.flag("kept_shown", "kept" in view)
        self._cards(out, "kept", view.get("kept") or {}, res, 130)
        gift = view.get("gift")
        out.seat("gift.from", gift and gift["from"])
        out.seat("gift.to", gift and gift["to"])
        out.onehot("gift.card", gift and gift["card"], res)

    def observe_state(self, state: Any, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """The same entries as ``observe(view)`` from the fields; Ponce de Leon's fleets (computed
        by the rules) use the view."""
        s = state
        if s.split and s.abil.get("ponce", -1) >= 0:
            return False
        n, me = out.players, out.me
        values = out.values
        ir, idv, ico = v["i_res"], v["i_devs"], v["i_codes"]
        nres, ndev = len(v["res"]), len(v["devs"])
        over = s.phase == OVER
        revealed = s.phase in (TIE, EXCHANGE)

        def res_counts(row: list[int], start: int) -> list[float]:
            out_row = [0.0] * nres
            for k in range(K):
                if row[start + k]:
                    out_row[ir[k]] += row[start + k]
            return out_row

        values.append(s.round)
        out.onehot("", PHASE_NAMES[s.phase], v["phase"])
        out.onehot("", s.event or None, v["events"])
        out.seat("", s.tm)
        values.append(s.announced or -1)
        values.extend([ir[k] + 1.0 for k in s.market] + [0.0] * (3 - len(s.market)))
        row = [0.0] * nres
        for k in s.supply:
            row[ir[k]] += 1.0
        values.extend(row)
        values.extend([ico[i] + 1.0 for i in s.queue] + [0.0] * (QUEUE_SIZE - len(s.queue)))
        values.extend((len(s.dev_deck), len(s.deck)))
        values.extend(res_counts(s.discard, 0))
        values.append(1.0 if s.dev_ended else 0.0)
        out.seat("", s.winner if s.winner >= 0 else None)
        for q in out.rotate(list(range(n))):
            o = q * K
            values.append(sum(s.hand[o:o + K]))
            row = [0.0] * ndev
            for i in s.owned[q]:
                row[idv[i]] += 1.0
            values.extend(row)
            values.append(s.money[q] if (q == me or over) else -1)
            values.append(0.0)  # fleets_split: only with Ponce de Leon (the view path)
            values.extend([0.0] * (2 * 13))
            if s.phase == OFFER:
                values.append(1.0 if s.done[q] else 0.0)
                values.append(sum(s.offer[o:o + K]) if (s.done[q] or q == me) else -1)
            else:
                values.extend((0.0, -1.0))
            values.append(1.0 if revealed else 0.0)
            values.extend(res_counts(s.offer, o) if revealed else [0.0] * nres)
        entries = []
        if s.phase == SUPPLY:
            entries = [(s.order[i], s.need if i == s.opos else s.order[i + 1])
                       for i in range(s.opos, len(s.order), 2)]
        for i in range(2 * n):
            if i < len(entries):
                out.seat("", entries[i][0])
                values.append(entries[i][1])
            else:
                values.extend([0.0] * n)
                values.append(-1)
        out.seat("", s.cur if s.phase == EXCHANGE else None)
        out.seat("", s.prev if s.phase == EXCHANGE and s.prev >= 0 else None)
        row = [0.0] * nres
        if s.pend_mask or s.pend_inca:
            for k in range(INCA):
                if s.pend_mask >> k & 1:
                    row[ir[k]] += 1.0
            row[ir[INCA]] += s.pend_inca
        values.extend(row)
        if s.phase == PICKDEV:
            kind, c, j = s.pend_set
            out.onehot("", s.tables.resources[kind].name, v["res"])
            values.extend((c, j))
        else:
            values.extend([0.0] * nres)
            values.extend((-1, -1))
        o = me * K
        values.extend(res_counts(s.hand, o))
        mine = s.phase == OFFER
        values.append(1.0 if mine else 0.0)
        values.extend(res_counts(s.offer, o) if mine else [0.0] * nres)
        kept = s.phase == KEEP and s.cur == me
        values.append(1.0 if kept else 0.0)
        values.extend(res_counts(s.offer, o) if kept else [0.0] * nres)
        gift = s.gift
        if gift[0] == me or gift[1] == me:
            out.seat("", gift[0])
            out.seat("", gift[1])
            out.onehot("", s.tables.resources[gift[2]].name, v["res"])
        else:
            values.extend([0.0] * (2 * n + nres))
        return True

    @staticmethod
    def _cards(out: Obs, name: str, cards: dict[str, int], res: dict[Any, int], most: int) -> None:
        out.counts(name, [r for r, c in cards.items() for _ in range(c)], res, most)

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        return Bounds(game.max_steps(players), num_actions, 0.0, 1.0,
                      "game length: Game.max_steps (random play is checked against it); legal actions: "
                      "at most the whole closed space; utility: 1 for first place")


ENCODER = MundusEncoder()
