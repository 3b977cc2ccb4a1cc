"""Troyes for learning agents (issue 18): the closed action space and the observation tensor.

The notations are kept as the rules write them (no rules or notation change this session), so a
dice group stays one decision: ``dice y4 y5@p1 w2@n`` is a multiset of one to three dice, each a
colour x value x owner (own, another seat, neutral).  The closed space enumerates every such
multiset from the rules with seats relative to the mover (the same group for every seat has one
id), plus every other notation from the tables.  That is 29,259 group ids at 2 players and
129,765 at 4 (most groups are mixed-colour ones only Apprenticeship's cube allows); the
decomposition that would bring Troyes under 2,000 ids (one die at a time, then ``done``) is
described in docs/rl.md and needs a rules-version change of Troyes.

The observation is ``view(seat)`` with the seats rotated (the observer first): its own VP and
characters, and only what is public of the others.  Left out as functions of what is encoded: an
activity's divisor, costs, VP spaces and effect, an event's printed values (the cards are
named), Marauding's printed card, the VP of a tradesman (its space is there).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from meeple.engine.encoding import Bounds, Encoder, Obs, relative_notation, vocab

# from consts.py (moves to state.py)
LETTER = "rwy"
COLOUR_NAMES = ("red", "white", "yellow")
BUILDING_WORDS = ("palace", "bishopric", "city hall")
PHASE_NAMES = ("choose character", "draft", "black dice", "actions", "over")
STEP_NAMES = ("main", "flip", "spend dice", "citizen source", "cube", "dice", "activations",
              "master mason space", "squire event")
NEUTRAL = 4
NO_SPACE = 15
P_KEEP, P_DRAFT, P_BLACK, P_ACTION, P_OVER = 0, 1, 2, 3, 4
S_MASON = 7
VALUES = range(1, 7)
MAX_GROUP = 3  # dice.iter_groups: groups of one to three dice
MAX_ACTIVATIONS = 36  # 3 dice of value 6, an activity divisor of at least 1 ... (x1 .. x36)
FINAL_ITEMS = ("vp", "unfinished_events", "tradesmen", "cathedral", "characters", "total")


def _owners(players: int) -> list[str]:
    """A die's owner as its notation suffix, relative to the mover: own (no suffix), others, neutral."""
    return [""] + [f"@p{k}" for k in range(1, players)] + ["@n"]


def _die_tokens(players: int) -> list[str]:
    """Every die, in the canonical order of a group (owner, colour, value)."""
    return [f"{c}{v}{o}" for o in _owners(players) for c in LETTER for v in VALUES]


def _space_texts(tables: Any) -> list[str]:
    out = []
    for b, spec in enumerate(tables.buildings):
        for sp in range(6):
            if spec.rows:
                r, pos = divmod(sp, 2)
                out.append(f"{BUILDING_WORDS[b]} {2 * r + 1}-{2 * r + 2} {'right' if pos else 'left'}")
            else:
                out.append(f"{BUILDING_WORDS[b]} {sp + 1}")
    return out


class TroyesEncoder(Encoder):
    def canonical(self, notation: str, mover: int, players: int) -> str:
        text = relative_notation(notation, mover, players)
        if text.startswith("dice "):
            order = self._order(players)
            return "dice " + " ".join(sorted(text[5:].split(" "), key=order.__getitem__))
        return text

    def _order(self, players: int) -> dict[str, int]:
        cache = self.__dict__.setdefault("_orders", {})
        hit = cache.get(players)
        if hit is None:
            hit = cache[players] = {t: i for i, t in enumerate(_die_tokens(players))}
        return hit  # type: ignore[no-any-return]

    def notations(self, tables: Any, players: int) -> list[str]:
        t = tables
        dice = _die_tokens(players)
        cards = [a.name for a in t.activities]
        events = [e.name for e in t.events] + [p.name for p in t.permanent]
        spaces = _space_texts(t)
        out: list[str] = ["recruit citizen", "flip dice", "stop flipping", "cannot counter", "build cathedral",
                          "farm", "pass", "no cube", "citizen from supply"]
        out += [f"place {w}" for w in BUILDING_WORDS]
        out += [f"{word} {d}" for word in ("reroll", "flip", "spend") for d in dice]
        for k in range(1, MAX_GROUP + 1):
            out += ["dice " + " ".join(combo) for combo in combinations_with_replacement(dice, k)]
        out += [f"keep {c.name}" for c in t.characters]
        out += [f"draft {sp}" for sp in spaces] + [f"citizen from {sp}" for sp in spaces]
        out += [f"citizen lying at {w}" for w in BUILDING_WORDS] + [f"citizen from {c}" for c in cards]
        out += [f"mason space {v}" for v in VALUES] + [f"squire {e}" for e in events]
        cap = t.board[0].black_dice_cap
        for k in range(1, cap + 1):
            out += ["counter " + "+".join(map(str, combo))
                    for combo in combinations_with_replacement(range(6, 0, -1), k)]
        out += [f"activate {c}" for c in cards] + [f"combat {e}" for e in events]
        out += [f"cube {c}" for c in cards]
        for k in range(1, MAX_ACTIVATIONS + 1):
            out.append(f"x{k}")
            out += [f"x{k} palace", f"x{k} bishopric"]
            out += [f"x{k} palace {a} bishopric {k - a}" for a in range(k - 1, 0, -1)]
        return out

    def vocabs(self, tables: Any) -> dict[str, dict[Any, int]]:
        t = tables
        cards = [a.name for a in t.activities]
        events = [e.name for e in t.events]
        spaces = _space_texts(t)
        targets = ([f"activate {c}" for c in cards] + ["build cathedral", "farm"]
                   + [f"combat {e}" for e in events + [p.name for p in t.permanent]]
                   + [f"place {w}" for w in BUILDING_WORDS])
        sources = (["citizen from supply"] + [f"citizen lying at {w}" for w in BUILDING_WORDS]
                   + [f"citizen from {sp}" for sp in spaces] + [f"citizen from {c}" for c in cards])
        names = {"cards": vocab(cards), "events": vocab(events), "chars": vocab(c.name for c in t.characters)}
        return {"i_cards": {i: names["cards"][c] for i, c in enumerate(cards)},
                "i_events": {i: names["events"][e] for i, e in enumerate(events)},
                "i_chars": {i: names["chars"][c.name] for i, c in enumerate(t.characters)},
                "phase": vocab(PHASE_NAMES), "step": vocab(STEP_NAMES), "cards": vocab(cards),
                "events": vocab(events), "chars": vocab(c.name for c in t.characters),
                "faces": vocab(f"{c}{v}" for c in LETTER for v in VALUES),
                "targets": vocab(targets), "sources": vocab(sources),
                "picker": vocab(("Master Mason", "Squire")), "values": vocab(VALUES)}

    def _owner(self, out: Obs, who: str | None) -> float:
        """A space's or die's owner: 0 nobody, 1 + place after the observer, players + 1 neutral."""
        if who is None:
            return 0.0
        if who == "neutral":
            return out.players + 1.0
        return out.rel_seat(int(who[1:]))

    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        n = out.players
        out.num("round", view["round"], 0, 6)
        out.num("rounds", view["rounds"], 0, 6)
        out.onehot("phase", view["phase"], v["phase"])
        out.onehot("step", view["step"], v["step"])
        out.seat("start_player", view["start_player"])
        for k, p in enumerate(out.rotate(view["seats"])):
            pre = f"seat+{k}."
            out.vector(pre + "(deniers,influence,supply,citizens_owned,district_deniers,characters_held)",
                       [p["deniers"], p["influence"], p["supply"], p["citizens_owned"], p["district_deniers"],
                        p["characters_held"]], -10, 200)
            out.flag(pre + "passed", p["passed"])
            out.counts(pre + "events_won", p["events_won"], v["events"], 1)
            out.num(pre + "vp", p.get("vp"), -100, 400)
            out.flag(pre + "characters_shown", "characters" in p)
            out.counts(pre + "characters", p.get("characters", ()), v["chars"], 1)
            out.counts(pre + "characters_drawn", p.get("characters_drawn", ()), v["chars"], 1)
        for b in view["buildings"]:
            out.vector(f"{b['name']}.spaces", [self._owner(out, o) for o in b["spaces"]], 0, n + 1)
            out.vector(f"{b['name']}.lying", out.rotate(b["lying"]), 0, 20)
        out.num("grey_supply", view["grey_supply"], 0, 40)
        out.vector("cathedral", [self._owner(out, o) for level in view["cathedral"] for o in level], 0, n + 1)
        for i, a in enumerate(view["activities"]):
            pre = f"activity{i}."
            out.onehot(pre + "card", a["card"], v["cards"])
            spaces = [0.0] * n
            for tr in a.get("tradesmen", ()):
                spaces[tr["seat"]] = 20.0 if tr["space"] is None else tr["space"] + 1.0
            out.vector(pre + "tradesman_space(0 none, 20 off the VP spaces)", out.rotate(spaces), 0, 20)
            out.vector(pre + "cubes", out.rotate(a.get("cubes") or [0] * n), 0, 20)
        row = view["event_row"]
        for i in range(len(v["events"])):
            e = row[i] if i < len(row) else None
            pre = f"event_row{i}."
            out.onehot(pre + "card", e and e["card"], v["events"])
            out.vector(pre + "cubes", out.rotate(e["cubes"]) if e else [0] * n, 0, 10)
            out.num(pre + "neutral_cubes", e and e["neutral_cubes"], 0, 10)
        out.vector("marauding_cubes", out.rotate(view["marauding_cubes"]), 0, 10)
        out.vector("event_decks", view["event_decks"], 0, 16)
        districts = view["districts"]
        for k, d in enumerate(out.rotate(districts[:n]) + [districts[n]]):
            out.counts(f"district+{k}.dice", d["dice"], v["faces"], 12)
        out.sequence("black_dice", view["black_dice"], v["values"], 6)
        pend = view["pending"] or {}
        out.onehot("pending.card", pend.get("card"), v["picker"])
        out.num("pending.cubes_to_place", pend.get("cubes_to_place"), 0, 6)
        out.counts("pending.countering", pend.get("countering", ()), v["values"], 6)
        out.num("pending.pool", pend.get("pool"), 0, 200)
        out.num("pending.needed", pend.get("needed"), 0, 36)
        out.onehot("pending.action", pend.get("action"), v["targets"])
        out.onehot("pending.citizen", pend.get("citizen"), v["sources"])
        out.onehot("pending.cube", pend.get("cube"), v["cards"])
        group = [0.0] * (18 * (n + 1))
        for die in pend.get("dice", ()):
            face, _, owner = die.partition("@")
            rank = n if owner == "n" else (int(owner[1:]) - out.me) % n
            group[rank * 18 + v["faces"][face]] += 1.0
        out.vector("pending.dice(owner,colour,value)", group, 0, MAX_GROUP)
        final = view.get("final") or [None] * n
        for k, items in enumerate(out.rotate(final)):
            out.vector(f"final+{k}", [None if items is None else items[x] for x in FINAL_ITEMS], -100, 400)

    def observe_state(self, state: Any, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """The same entries as ``observe(view)`` from the fields; a pending action (its texts come
        from the rules) and the final breakdown use the view."""
        s = state
        if s.phase == P_OVER or (not s.picks and s.phase == P_ACTION and s.tgt_kind):
            return False
        n, me = out.players, out.me
        values = out.values
        icard, iev, ichar = v["i_cards"], v["i_events"], v["i_chars"]
        ncards, nev, nchar = len(v["cards"]), len(v["events"]), len(v["chars"])
        order = [(me + k) % n for k in range(n)]
        code = [0.0] * (NEUTRAL + 1)  # a space's owner code -> relative
        for q in range(n):
            code[q] = (q - me) % n + 1.0
        code[NEUTRAL] = n + 1.0
        values.extend((s.rnd, s.rounds))
        out.onehot("", PHASE_NAMES[s.phase], v["phase"])
        out.onehot("", STEP_NAMES[s.step], v["step"])
        out.seat("", s.start)
        open_vp = bool(s.options.get("open_vp"))
        for q in order:
            values.extend((s.deniers[q], s.infl[q], s.supply[q], s.owned[q], s.district[q], len(s.chars[q]),
                           1.0 if s.passed[q] > 0 else 0.0))
            row = [0.0] * nev
            for e in s.won[q]:
                row[iev[e]] += 1.0
            values.extend(row)
            values.append(s.vp[q] if (open_vp or q == me) else -101)
            values.append(1.0 if q == me else 0.0)
            row = [0.0] * nchar
            if q == me:
                for c in s.chars[q]:
                    row[ichar[c]] += 1.0
            values.extend(row)
            row = [0.0] * nchar
            if q == me and s.phase == P_KEEP and s.order and s.order[0] == q:
                for c in s.pair:
                    row[ichar[c]] += 1.0
            values.extend(row)
        bld, lying = s.bld, s.lying
        for b in range(3):
            values.extend([0.0 if o < 0 else code[o] for o in bld[b * 6:b * 6 + 6]])
            values.extend([lying[b * 4 + q] for q in order])
        values.append(s.grey)
        values.extend([0.0 if o < 0 else code[o] for o in s.cath[:18]])
        for slot in range(9):
            face_up = slot % 3 + 1 <= s.revealed
            row = [0.0] * ncards
            if face_up:
                row[icard[s.slots[slot]]] = 1.0
                values.extend(row)
                trade = s.trade
                values.extend([(20.0 if t == NO_SPACE else float(t)) if (t := trade[slot * 4 + q]) else 0.0
                               for q in order])
                values.extend([s.cubes[slot * 4 + q] for q in order])
            else:
                values.extend(row)
                values.extend([0.0] * (2 * n))
        for i in range(nev):
            row = [0.0] * nev
            if i < len(s.row):
                row[iev[s.row[i]]] = 1.0
                values.extend(row)
                cubes = s.evcubes[i]
                values.extend([cubes.count(q) for q in order])
                values.append(cubes.count(NEUTRAL))
            else:
                values.extend(row)
                values.extend([0.0] * n)
                values.append(-1)
        values.extend([s.maraud.count(q) for q in order])
        values.extend([len(d) for d in s.decks])
        faces = [[0.0] * 18 for _ in range(NEUTRAL + 1)]
        for d in s.dice:
            faces[d >> 6][((d >> 3) & 7) * 6 + (d & 7) - 1] += 1.0
        for q in order:
            values.extend(faces[q])
        values.extend(faces[NEUTRAL])
        values.extend([float(x) for x in s.black] + [0.0] * (6 - len(s.black)))
        if s.picks:
            out.onehot("", "Master Mason" if s.step == S_MASON else "Squire", v["picker"])
            values.append(s.picks)
        else:
            values.extend((0.0, 0.0, -1.0))
        if not s.picks and s.phase == P_BLACK and s.bsel:
            out.counts("", s.bsel, v["values"], 6)
            values.extend((s.pool, sum(s.bsel)))
        else:
            values.extend([0.0] * 6)
            values.extend((-1.0, -1.0))
        values.extend([0.0] * (len(v["targets"]) + len(v["sources"]) + ncards + 18 * (n + 1)))
        values.extend([-101.0] * (len(FINAL_ITEMS) * n))
        return True

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        return Bounds(game.max_steps(players), num_actions, 0.0, 1.0,
                      "game length: Game.max_steps (random play is checked against it); legal actions: "
                      "at most the whole closed space; utility: 1 for first place")


ENCODER = TroyesEncoder()
