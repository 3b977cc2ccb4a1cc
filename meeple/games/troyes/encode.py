"""Troyes for learning agents (issue 18): the closed action space and the observation tensor.

The action space is every notation the rules can write (``actions.py``, ``citizens.py``,
``state.die_text``), enumerated from the component tables and the notation grammar, seats
named relative to the seat to move (``die y5@p1`` is a die of the next seat in turn order,
``@n`` a neutral die).  A dice group is one die at a time, then ``done`` (version 8), so no id
names a combination.  Die values are 1-6; activations are bounded by the largest group total
an activity can reach (three yellow 6s with a Priest cube: 27) over the card's divisor.

The observation is ``view(seat)`` with the seats rotated (the observer first).  Left out as
functions of what is encoded: a face-up activity card's colour, level, divisor, hiring cost,
VP row, delay and effect, and a tradesman's VP (the card and the space are there); an event's
colour, divisor, VP, black dice, effect and boxes (the card is named); Marauding's printed
values; the black dice still needed in a counter (the dice chosen are there).  Dice in a
district and in a pending group are counted by face (their order on the city square is not
kept).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from meeple.engine.core import State
from meeple.engine.encoding import Bounds, Encoder, Obs, vocab
from meeple.games.troyes.citizens import source_text, space_name
from meeple.games.troyes.dice import target_text
from meeple.games.troyes.scoring import breakdown
from meeple.games.troyes.state import (
    BUILDING_WORDS,
    GREY_CITIZENS,
    LETTER,
    MAX_CITIZENS,
    MAX_INFLUENCE,
    NEUTRAL,
    NO_SPACE,
    P_ACTION,
    P_BLACK,
    P_KEEP,
    P_OVER,
    PHASE_NAMES,
    ROUNDS,
    S_MASON,
    START_CITIZENS,
    STEP_NAMES,
    TroyesState,
)

VALUES = range(1, 7)
MAX_ACT_TOTAL = 3 * (6 + 3)  # three yellow 6s, each +3 with a Priest cube (the largest for an activity)
FACES = [f"{c}{v}" for c in LETTER for v in VALUES]
MAX_BLACK = 6
FINAL_PARTS = ("vp", "unfinished_events", "tradesmen", "cathedral", "characters", "total")
_AT = re.compile(r"@p(\d+)$")

if TYPE_CHECKING:
    from librt.vecs import vec  # the observation's buffer when compiled (engine.encoding.Obs)


def _activations(tables: Any) -> tuple[int, int]:
    """The most activations of any card, and of a Miller card (0 without one)."""
    top = max(MAX_ACT_TOTAL // max(1, a.divisor) for a in tables.activities)
    miller = max([MAX_ACT_TOTAL // max(1, a.divisor) for a in tables.activities if a.effect == "miller"] or [0])
    return top, miller


def targets(tables: Any) -> list[str]:
    """Every action a turn can start with (``dice.target_text``)."""
    out = [f"activate {a.name}" for a in tables.activities] + ["build cathedral"]
    out += [f"combat {e.name}" for e in tuple(tables.events) + tuple(tables.permanent)]
    out += [f"place {w}" for w in BUILDING_WORDS] + ["farm"]
    return out


def sources(tables: Any) -> list[str]:
    """Every citizen source (``citizens.source_text``)."""
    out = ["citizen from supply"] + [f"citizen lying at {w}" for w in BUILDING_WORDS]
    out += [f"citizen from {a.name}" for a in tables.activities]
    out += [f"citizen from {space_name(tables, i)}" for i in range(18)]
    return out


_GROUP_VOCABS: dict[int, dict[Any, int]] = {}


def _group_vocab(players: int) -> dict[Any, int]:
    """(face, relative owner or ``"n"``) for the dice of a pending group."""
    hit = _GROUP_VOCABS.get(players)
    if hit is None:
        hit = _GROUP_VOCABS[players] = vocab((f, o) for o in list(range(players)) + ["n"] for f in FACES)
    return hit


class _Index:
    """What the fast path needs of one component set (vocabularies: ``TroyesEncoder.vocabs``):
    component index -> vocabulary index, and sizes."""

    def __init__(self, t: Any, v: dict[str, dict[Any, int]]) -> None:
        self.tables = t
        self.acts: list[int] = [v["acts"][a.name] for a in t.activities]
        self.events: list[int] = [v["events"][e.name] for e in t.events]
        self.chars: list[int] = [v["chars"][c.name] for c in t.characters]
        self.nacts, self.nevents, self.nchars = len(v["acts"]), len(v["events"]), len(v["chars"])
        self.targets: dict[Any, int] = v["targets"]
        self.sources: dict[Any, int] = v["sources"]
        self.nbuildings = len(t.buildings)


class TroyesEncoder(Encoder):
    def __init__(self) -> None:
        super().__init__()
        self._ix: _Index | None = None

    def _index(self, tables: Any, v: dict[str, dict[Any, int]]) -> _Index:
        ix = self._ix
        if ix is None or ix.tables is not tables:
            ix = self._ix = _Index(tables, v)
        return ix

    def notations(self, tables: Any, players: int) -> list[str]:
        t = tables
        owners = [""] + [f"@p{k}" for k in range(1, players)] + ["@n"]
        out: list[str] = [f"keep {c.name}" for c in t.characters]
        out += [f"draft {space_name(t, i)}" for i in range(18)]
        for word in ("reroll", "flip", "spend"):  # own dice only
            out += [f"{word} {f}" for f in FACES]
        out += ["recruit citizen", "flip dice", "stop flipping", "cannot counter", "pass", "no cube", "done"]
        out += [f"counter {v}" for v in VALUES]
        out += targets(t)
        out += sources(t)
        out += [f"cube {a.name}" for a in t.activities if a.delayed]
        out += [f"die {f}{o}" for o in owners for f in FACES]
        top, miller = _activations(t)
        out += [f"x{k}" for k in range(1, top + 1)]
        for k in range(1, miller + 1):  # actions._miller_actions
            for a in range(k, -1, -1):
                out.append(f"x{k} palace" if a == k else f"x{k} bishopric" if a == 0
                           else f"x{k} palace {a} bishopric {k - a}")
        out += [f"mason space {v}" for v in VALUES]
        out += [f"squire {e.name}" for e in tuple(t.events) + tuple(t.permanent)]
        return out

    def vocabs(self, tables: Any) -> dict[str, dict[Any, int]]:
        t = tables
        return {
            "phase": vocab(PHASE_NAMES),
            "step": vocab(STEP_NAMES),
            "chars": vocab(c.name for c in t.characters),
            "acts": vocab(a.name for a in t.activities),
            "events": vocab(e.name for e in t.events),
            "faces": vocab(FACES),
            "values": vocab(VALUES),
            "targets": vocab(targets(t)),
            "sources": vocab(sources(t)),
            "picks": vocab(("Master Mason", "Squire")),
            "pending": vocab(("none", "picks", "countering", "action")),
        }

    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        n = out.players
        me = out.me
        n_events = len(v["events"])
        owners = vocab(list(range(n)) + ["n"])  # relative seats, then neutral

        def owner(who: Any) -> Any:
            """``p2`` / ``neutral`` / ``None`` as a relative seat, ``"n"`` or ``None``."""
            if who is None:
                return None
            if who == "neutral":
                return "n"
            return (int(who[1:]) - me) % n

        out.num("round", view["round"], 0, 6)
        out.num("rounds", view["rounds"], 0, 6)
        out.onehot("phase", view["phase"], v["phase"])
        out.onehot("step", view["step"], v["step"])
        out.seat("start_player", view["start_player"])
        for k, p in enumerate(out.rotate(view["seats"])):
            pre = f"seat+{k}."
            out.num(pre + "deniers", p["deniers"], 0, 500)
            out.num(pre + "influence", p["influence"], 0, MAX_INFLUENCE)
            out.num(pre + "supply", p["supply"], 0, MAX_CITIZENS)
            out.num(pre + "citizens_owned", p["citizens_owned"], 0, MAX_CITIZENS)
            out.num(pre + "district_deniers", p["district_deniers"], 0, 200)
            out.flag(pre + "passed", p["passed"])
            out.sequence(pre + "events_won", p["events_won"], v["events"], n_events)
            out.num(pre + "characters_held", p["characters_held"], 0, 2)
            out.num(pre + "vp", p.get("vp"), 0, 300)  # None (hidden): the low bound - 1
            out.flag(pre + "characters_known", "characters" in p)
            out.counts(pre + "characters", p.get("characters", ()), v["chars"], 1)
            out.counts(pre + "characters_drawn", p.get("characters_drawn", ()), v["chars"], 1)
        for b, bld in enumerate(view["buildings"]):
            for i, who in enumerate(bld["spaces"]):
                out.onehot(f"building{b}.space{i}", owner(who), owners)
            for k, count in enumerate(out.rotate(bld["lying"])):
                out.num(f"building{b}.lying+{k}", count, 0, MAX_CITIZENS)
        out.num("grey_supply", view["grey_supply"], 0, GREY_CITIZENS)
        for lv, level in enumerate(view["cathedral"]):
            for i, who in enumerate(level):
                out.onehot(f"cathedral{lv}.space{i}", owner(who), owners)
        for slot, act in enumerate(view["activities"]):
            pre = f"activity{slot}."
            out.flag(pre + "face_up", act["face_up"])
            out.onehot(pre + "card", act["card"], v["acts"])
            spaces: list[Any] = [None] * n
            for tr in act.get("tradesmen", ()):
                spaces[tr["seat"]] = -1 if tr["space"] is None else tr["space"]
            cubes = act.get("cubes") or [0] * n
            for k in range(n):
                q = (me + k) % n
                out.flag(f"{pre}tradesman+{k}", spaces[q] is not None)
                out.num(f"{pre}tradesman_space+{k}", spaces[q], -1, 5)  # -1: on the card without a space
                out.num(f"{pre}cubes+{k}", cubes[q], 0, 40)
        row = view["event_row"]
        if len(row) > n_events:
            raise ValueError(f"event row of {len(row)} cards, the layout holds {n_events}")
        for i in range(n_events):
            e = row[i] if i < len(row) else None
            out.onehot(f"event{i}.card", None if e is None else e["card"], v["events"])
            cubes = e["cubes"] if e else [0] * n
            for k, c in enumerate(out.rotate(cubes)):
                out.num(f"event{i}.cubes+{k}", c, 0, 20)
            out.num(f"event{i}.neutral_cubes", e["neutral_cubes"] if e else 0, 0, 20)
        for k, c in enumerate(out.rotate(view["marauding_cubes"])):
            out.num(f"marauding.cubes+{k}", c, 0, 20)
        for c, left in enumerate(view["event_decks"]):
            out.num(f"event_deck{c}", left, 0, n_events)
        districts = view["districts"]
        for k, d in enumerate(out.rotate(districts[:n]) + [districts[n]]):
            name = "neutral" if k == n else f"+{k}"
            out.counts(f"district{name}.dice", d["dice"], v["faces"], 18)
        out.counts("black_dice", view["black_dice"], v["values"], MAX_BLACK)
        self._pending(view["pending"], out, v, owner)
        final = view.get("final") or [None] * n
        for k, parts in enumerate(out.rotate(final)):
            for item in ("vp", "unfinished_events", "tradesmen", "cathedral", "characters", "total"):
                out.num(f"final+{k}.{item}", None if parts is None else parts[item], -400, 400)

    def _pending(self, pending: Any, out: Obs, v: dict[str, dict[Any, int]], owner: Any) -> None:
        """The action, Master Mason / Squire cubes or black-dice counter under way (``view.pending_view``)."""
        pending = pending or {}
        kind = ("picks" if "card" in pending else "countering" if "countering" in pending
                else "action" if "action" in pending else "none")
        out.onehot("pending.kind", kind, v["pending"])
        out.onehot("pending.card", pending.get("card"), v["picks"])
        out.num("pending.cubes_to_place", pending.get("cubes_to_place", 0), 0, 40)
        out.counts("pending.countering", pending.get("countering", ()), v["values"], MAX_BLACK)
        out.num("pending.pool", pending.get("pool", 0), 0, 60)
        out.onehot("pending.action", pending.get("action"), v["targets"])
        out.onehot("pending.citizen", pending.get("citizen"), v["sources"])
        out.onehot("pending.cube", pending.get("cube"), v["acts"])
        n = out.players
        dice = []
        for text in pending.get("dice", ()):  # the view names every owner: ``r5@p0``, ``r5@n``
            face, _, who = text.partition("@")
            dice.append((face, "n" if who == "n" else owner(who)))
        out.counts("pending.dice", dice, _group_vocab(n), 3)

    def observe_state(self, state: State, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """The same entries as ``observe(view)``, written by index straight from the fields; the
        pending action's and citizen source's names come from the rules' own ``target_text`` and
        ``source_text``, the final breakdown from ``scoring.breakdown``.  Only non-zero entries are
        written (the array starts at zero)."""
        s = cast(TroyesState, state)
        ix = self._index(s.tables, v)
        n, me = out.players, out.me
        a = out.buf
        p = out.pos
        over = s.phase == P_OVER
        open_vp = over or bool(s.options.get("open_vp"))
        i_acts, i_events, i_chars = ix.acts, ix.events, ix.chars
        n_events, n_chars, n_acts = ix.nevents, ix.nchars, ix.nacts
        if s.rnd:
            a[p] = s.rnd
        a[p + 1] = s.rounds
        p += 2
        a[p + s.phase] = 1.0  # PHASE_NAMES and STEP_NAMES are the vocabularies, in code order
        p += len(PHASE_NAMES)
        a[p + s.step] = 1.0
        p += len(STEP_NAMES)
        a[p + (s.start - me) % n] = 1.0
        p += n
        seats = s.seats
        order = [seats[(me + k) % n] for k in range(n)]  # the seats from the observer on
        keeping = s.phase == P_KEEP and s.order and s.order[0] == me
        for k, seat in enumerate(order):
            if seat.deniers:
                a[p] = seat.deniers
            if seat.infl:
                a[p + 1] = seat.infl
            if seat.supply:
                a[p + 2] = seat.supply
            if seat.owned:
                a[p + 3] = seat.owned
            if seat.district:
                a[p + 4] = seat.district
            if seat.passed > 0:
                a[p + 5] = 1.0
            p += 6
            j = p
            for e in seat.won:
                a[j] = i_events[e] + 1.0
                j += 1
            p += n_events
            chars = seat.chars
            if chars:
                a[p] = len(chars)
            if open_vp or k == 0:
                if seat.vp:
                    a[p + 1] = seat.vp
            else:
                a[p + 1] = -1.0
            p += 2
            if over or k == 0:
                a[p] = 1.0
                for c in chars:
                    a[p + 1 + i_chars[c]] += 1.0
                if k == 0 and keeping:
                    for c in s.pair:
                        a[p + 1 + n_chars + i_chars[c]] += 1.0
            p += 1 + 2 * n_chars
        # an owner's place in the owners one-hot: the seats from the observer on, then neutral
        own = [(q - me) % n for q in range(n)] + [n] * (NEUTRAL + 1 - n)
        bld = s.bld
        step = n + 1
        for b in range(ix.nbuildings):
            for i in range(b * 6, b * 6 + 6):
                o = bld[i]
                if o >= 0:
                    a[p + own[o if o < n else n]] = 1.0
                p += step
            for k, seat in enumerate(order):
                x = seat.lying[b]
                if x:
                    a[p + k] = x
            p += n
        if s.grey:
            a[p] = s.grey
        p += 1
        for o in s.cath:
            if o >= 0:
                a[p + own[o if o < n else n]] = 1.0
            p += step
        slots, revealed = s.slots, s.revealed
        width = 1 + n_acts + 3 * n  # per slot: face up, card one-hot, per seat: tradesman, its space, cubes
        for slot in range(9):  # every tradesman space at -2 (none), as ``observe`` writes an empty slot
            for k in range(n):
                a[p + slot * width + 2 + n_acts + 3 * k] = -2.0
        for slot in range(9):
            if slot % 3 + 1 <= revealed:
                a[p] = 1.0
                a[p + 1 + i_acts[slots[slot]]] = 1.0
                p += 1 + n_acts
                for seat in order:
                    x = seat.trade[slot]
                    if x:
                        a[p] = 1.0
                        a[p + 1] = -1.0 if x == NO_SPACE else x - 1
                    x = seat.cubes[slot]
                    if x:
                        a[p + 2] = x
                    p += 3
            else:
                p += 1 + n_acts + 3 * n
        row = s.row
        if len(row) > n_events:
            raise ValueError(f"event row of {len(row)} cards, the layout holds {n_events}")
        for i, e in enumerate(row):
            a[p + i_events[e]] = 1.0
            p += n_events
            for o in s.evcubes[i]:  # one per cube: by relative seat, then neutral
                a[p + own[o]] += 1.0
            p += n + 1
        p += (n_events - len(row)) * (n_events + n + 1)
        for o in s.maraud:
            if o < n:
                a[p + own[o]] += 1.0
        p += n
        for deck in s.decks:
            if deck:
                a[p] = len(deck)
            p += 1
        nfaces = len(FACES)
        for d in s.dice:  # by owner: the seats from the observer on, then neutral; by face
            o = d >> 6
            a[p + own[o if o < n else n] * nfaces + ((d >> 3) & 7) * 6 + (d & 7) - 1] += 1.0
        p += (n + 1) * nfaces
        for x in s.black:
            a[p + x - 1] += 1.0
        p += len(VALUES)
        p = self._pending_state(s, a, p, ix, own)
        size = 6 * n
        if over:
            parts = breakdown(s)
            for k in range(n):
                part = parts[(me + k) % n]
                for item in FINAL_PARTS:
                    a[p] = part[item]
                    p += 1
        else:
            p = out.fill(p, size, -401.0)
        out.pos = p
        return True

    @staticmethod
    def _pending_state(s: TroyesState, a: vec[float], p: int, ix: _Index, own: list[int]) -> int:
        """The pending entries (as ``_pending`` from ``pending_view``) from ``p`` on; the next place."""
        kind = 0
        if s.picks:
            kind = 1
        elif s.phase == P_BLACK:
            if s.bsel:
                kind = 2
        elif s.phase == P_ACTION and s.tgt_kind:
            kind = 3
        a[p + kind] = 1.0
        p += 4
        if kind == 1:
            a[p + (0 if s.step == S_MASON else 1)] = 1.0
            a[p + 2] = s.picks
        p += 3
        if kind == 2:
            for x in s.bsel:
                a[p + x - 1] += 1.0
            if s.pool:
                a[p + len(VALUES)] = s.pool
        p += len(VALUES) + 1
        targets, sources_ = ix.targets, ix.sources
        n_acts = ix.nacts
        if kind == 3:
            i = targets.get(target_text(s, s.tgt_kind, s.tgt_arg))
            if i is not None:
                a[p + i] = 1.0
            if s.src >= 0:
                i = sources_.get(source_text(s, s.src))
                if i is not None:
                    a[p + len(targets) + i] = 1.0
            if s.mod >= 0:
                a[p + len(targets) + len(sources_) + ix.acts[s.slots[s.mod]]] = 1.0
        p += len(targets) + len(sources_) + n_acts
        if kind == 3:
            for d in s.group:
                o = d >> 6
                a[p + own[o if o < s.players else s.players] * len(FACES) + ((d >> 3) & 7) * 6 + (d & 7) - 1] += 1.0
        return p + (s.players + 1) * len(FACES)

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        """Derived from the rules (docs/rl.md "Bounds", Troyes)."""
        t = game.default_tables()
        n, rounds, top = players, ROUNDS[players], _activations(t)[0]
        miller = _activations(t)[1]
        spaces = 18  # building spaces: one die each per round, the only dice there are
        gain = max(2 * top, 3 * max(t.board[0].cathedral_influence), top)  # influence one action can bring
        per_action = 8 + top  # action, citizen, cube, 3 dice + done, activations, one pick per activation
        black = 6 * 3 + spaces  # per black die: counter, done or cannot counter; one spend per die
        influence = -(-5 * (MAX_INFLUENCE * n + spaces * gain + 6) // 4)  # <= 5 decisions per 4 influence
        per_round = spaces * per_action + n + black + influence
        length = 2 * n + n * START_CITIZENS[n] + rounds * per_round
        own = MAX_CITIZENS  # own dice <= own citizens in buildings
        main = 9 + 1 + (2 * rounds + 1) + 3 + 1 + own + 1 + 1 + 1  # targets, rerolls, recruit, flip, pass
        steps = {"main": main, "citizen source": 1 + 3 + 9 + spaces, "dice": spaces + 1,
                 "activations": top + sum(k + 1 for k in range(1, miller + 1)),
                 "counter": 6 + 2 + own + 2, "draft": spaces, "flip": own + 1, "spend": own,
                 "squire": 2 * rounds + 1}
        most = max(steps.values())
        note = (f"game length: {2 * n} character choices + {n * START_CITIZENS[n]} draft placements + "
                f"{rounds} rounds x {per_round} (<= {spaces} actions of <= {per_action} decisions, "
                f"{n} passes, {black} black-dice decisions, {influence} influence decisions); legal "
                f"actions: the largest step ({max(steps, key=lambda k: steps[k])}: {most}); utility: "
                f"1 for first place")
        return Bounds(length, most, 0.0, 1.0, note)


ENCODER = TroyesEncoder()
