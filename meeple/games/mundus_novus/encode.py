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

from typing import Any

from meeple.engine.encoding import Bounds, Encoder, Obs, relative_notation, vocab
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


def _caravel_labels() -> list[str]:
    """Every caravel as a ``second fleet: add`` step names it (``developments.caravel_labels``): its
    value, or ``v(0)`` for the owner's highest caravel under Gonzalo Pizarro."""
    return [str(v) for v in CARAVEL_VALUES] + [f"{v}(0)" for v in CARAVEL_VALUES]


class MundusEncoder(Encoder):
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

    @staticmethod
    def _cards(out: Obs, name: str, cards: list[dict[str, Any]], res: dict[Any, int], most: int) -> None:
        out.counts(name, [c["card"] for c in cards for _ in range(c["count"])], res, most)

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        return Bounds(game.max_steps(players), num_actions, 0.0, 1.0,
                      "game length: Game.max_steps (random play is checked against it); legal actions: "
                      "at most the whole closed space; utility: 1 for first place")


ENCODER = MundusEncoder()
