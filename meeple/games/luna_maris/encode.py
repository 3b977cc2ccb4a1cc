"""Luna Maris for learning agents (issue 18): the closed action space and the observation tensor.

The action space is every notation the rules can write (``modules.py``, ``actions.py``,
``rules.py``), enumerated from the component tables; no notation names a seat.  The
observation is ``view(seat)`` with the seats rotated (the observer first); text that is a
function of a named component (costs, icons, effects) and the static board (ore types) are
left out, since the component identities are there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from meeple.engine.core import State
from meeple.engine.encoding import Bounds, Encoder, Obs, vocab
from meeple.games.luna_maris import words as W
from meeple.games.luna_maris.modules import iron_need
from meeple.games.luna_maris.state import LunaState
from meeple.games.luna_maris.view import paying_for

# from state.py (STEP_NAMES; consts move to state.py)
STEP_NAMES = ("choose equipment", "place first probe", "place astronaut", "turn", "move",
              "module action", "take food", "feed scientists", "research bonus", "compactor", "over",
              "pay iron")
# from scoring.py (FINAL_ITEMS)
FINAL_ITEMS = ("stress", "seniors", "food diversity", "food value", "CO2", "orders", "resources", "waste")
EMERGENCY = ("energy", "iron", "water")
TRACKS = ("refining", "sustainability")
S_PAY = 11  # from state.py: the payment step
LEVELS = ("basic", "intermediate", "advanced")  # from state.py: the solo difficulty
AI_NUMS = (("vp", -60, 300), ("water", 0, 30), ("waste", 0, 12), ("co2", 0, 6), ("probes_on_board", 0, 6),
           ("cards_left", 0, 5))
"""The solo AI's numbers in the observation (then its two research levels)."""
MAX_IRON_NEED = 12  # the most iron one payment can ask (an order's 5, two refining processes ...)

if TYPE_CHECKING:
    from librt.vecs import vec  # the observation's buffer when compiled (engine.encoding.Obs)


def _counts(a: vec[float], p: int, items: list[int], index: list[int], size: int) -> int:
    """Counts of ``items`` (component indices) over a vocabulary of ``size``, from ``p``; the next place."""
    for item in items:
        a[p + index[item]] += 1.0
    return p + size


_PAYING = {"hire": "hiring {card}", "deliver": "order {card}", "refine": "refining", "burn": "burning iron"}


def _paying(found: dict[str, Any] | None) -> str | None:
    """The view's ``turn.paying_for`` (action and card) as the observation's vocabulary word."""
    return None if found is None else _PAYING[found["action"]].format(card=found["card"])


class _Index:
    """What the fast path needs of one component set: component index -> vocabulary index (the
    vocabularies are ``LunaEncoder.vocabs``), sizes and the day rounds."""

    def __init__(self, t: Any, v: dict[str, dict[Any, int]]) -> None:
        self.tables = t
        self.cards: list[int] = [v["cards"][c.name] for c in tuple(t.juniors) + tuple(t.seniors)]
        self.orders: list[int] = [v["orders"][o.name] for o in t.orders]
        self.foods: list[int] = [v["foods"][f.name] for f in t.foods]
        self.equip: list[int] = [v["equip"][e.name] for e in t.equipment]
        self.adv: list[int] = [v["adv"][a.name] for a in t.advanced_modules]
        self.mods: list[int] = [v["mods"][m.key] for m in t.modules]
        self.day: set[int] = {int(r) for r in t.board[0].day_rounds}
        self.ncards, self.nfoods, self.nequip = len(v["cards"]), len(v["foods"]), len(v["equip"])
        self.nai = len(v["ai"])
        self.paying: dict[Any, int] = v["paying"]
        self.level: dict[Any, int] = v["level"]


def _row(a: vec[float], p: int, values: list[int]) -> int:
    """``values`` from ``p`` on (zeros are not written: the array starts at zero); the next place."""
    for x in values:
        if x:
            a[p] = x
        p += 1
    return p


class LunaEncoder(Encoder):
    def __init__(self) -> None:
        super().__init__()
        self._ix: _Index | None = None

    def notations(self, tables: Any, players: int) -> list[str]:
        t = tables
        mods = [m.key for m in t.modules]
        cards = [c.name for c in tuple(t.juniors) + tuple(t.seniors)]
        equip = [e.name.lower() for e in t.equipment]
        spaces = [sp.name for sp in t.mining_spaces]
        out: list[str] = []
        out += [f"take {e}" for e in equip]  # choosing equipment
        out += [f"probe {sp}" for sp in spaces]
        out += [f"start {m}" for m in mods]
        out += [f"play {c}" for c in cards] + [f"return {c}" for c in cards]
        out += [f"feed {f.name}" for f in t.foods] + ["feed without food"]
        out += [f"go {m}" for m in mods]
        out += [f"emergency {e}" for e in EMERGENCY]
        out += ["pass", "end turn", "done", "stop", "skip"]
        # module actions; '... with <equipment>' where the rules offer it
        with_eq: list[str] = [f"probe {sp}" for sp in spaces]
        with_eq += [f"hire {c}" for c in cards]
        with_eq += [f"deliver {o.name}" for o in t.orders]
        with_eq += ["concentrate left", "concentrate right", "buy food"]
        with_eq += [f"cut co2 {n}" for n in range(1, t.board[0].energy_cap + 1)]
        out += with_eq + [f"{a} with {e}" for a in with_eq for e in equip]
        out += [f"research {tr}" for tr in TRACKS]
        out += [f"refine {pr.name}" for pr in t.refining]
        out += [f"refine D {a.name}+{b.name}" for a in t.refining for b in t.refining]
        out += ["extract", "burn iron", "burn water", "take food", "rest"]
        recycling = tuple(t.recycling) + tuple(t.adv_recycling)
        out += [f"recycle {pr.name}" for pr in recycling]
        out += [f"recycle D {a.name}+{b.name}" for a in recycling for b in recycling]
        out += [f"build {m}" for m in mods]
        out += [f"pay {need - ti} iron {ti} titanium" for need in range(MAX_IRON_NEED + 1)
                for ti in range(need + 1)]
        out += [f"bonus {b.name}" for b in t.research_bonuses]
        out += [f"compact {pr.name}" for pr in recycling]
        out += [f"take {f.name}" for f in t.foods]
        return out

    def vocabs(self, tables: Any) -> dict[str, dict[Any, int]]:
        t = tables
        cards = [c.name for c in tuple(t.juniors) + tuple(t.seniors)]
        return {
            "step": vocab(STEP_NAMES),
            "mods": vocab(m.key for m in t.modules),
            "adv": vocab(a.name for a in t.advanced_modules),
            "cards": vocab(cards),
            "orders": vocab(o.name for o in t.orders),
            "foods": vocab(f.name for f in t.foods),
            "equip": vocab(e.name for e in t.equipment),
            "paying": vocab([f"hiring {c}" for c in cards] + [f"order {o.name}" for o in t.orders]
                            + ["refining", "burning iron"]),
            "ai": vocab(W.cref("ai_cards", c.name)["key"] for c in t.ai_cards),
            "level": vocab(LEVELS),
        }

    def _index(self, tables: Any, v: dict[str, dict[Any, int]]) -> _Index:
        ix = self._ix
        if ix is None or ix.tables is not tables:
            ix = self._ix = _Index(tables, v)
        return ix

    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        solo = "ai" in view
        if solo:  # the AI's marks (probes, activations, the build track, turn order) are seat 1
            out.players = 2
        n = out.players
        out.num("round", view["round"], 0, 6)
        out.onehot("step", view["step"], v["step"])
        out.flag("day", view["day"])
        out.seats("turn_order", view["turn_order"], n)
        out.seats("next_turn_order", view["next_turn_order"], n)
        for m in view["modules"]:
            out.seat(f"module.{m['key']}.activated_by", m["activated_by"])
            out.onehot(f"module.{m['key']}.advanced", m["advanced"], v["adv"])
        for sp in view["mining_area"]:
            out.seat(f"mining.{sp['space']}.probe", sp["probe"])
        out.sequence("hiring_row", view["hiring_row"], v["cards"], 3)
        out.num("senior_deck", view["senior_deck"], 0, 40)
        for k, st in enumerate(view["order_stacks"]):
            out.onehot(f"order_stack{k}.top", st["top"], v["orders"])
            out.num(f"order_stack{k}.count", st["count"], 0, 5)
        out.sequence("food_display", view["food_display"], v["foods"], 3)
        out.num("food_deck", view["food_deck"], 0, 60)
        out.counts("food_discard", view["food_discard"], v["foods"], 4)
        out.counts("advanced_offer", view["advanced_offer"], v["adv"], 1)
        out.seats("build_track", view["build_track"], 4)
        out.counts("equipment_offer", view["equipment_offer"], v["equip"], 1)
        out.counts("start_modules", view["start_modules"], v["mods"], 1)
        for k, p in enumerate(view["seats"] if solo else out.rotate(view["seats"])):
            pre = f"seat+{k}."
            for key, hi in (("vp", 300), ("o2_used", 10), ("o2_cap", 10), ("energy", 10), ("water", 30),
                            ("he3", 30), ("waste", 12), ("co2", 6), ("probes_on_board", 6)):
                out.num(pre + key, p[key], -60 if key == "vp" else 0, hi)
            for side in ("left", "right"):
                for ore in ("iron", "titanium"):
                    out.num(f"{pre}conveyor.{side}.{ore}", p["conveyor"][side][ore], 0, 30)
            for tr in TRACKS:
                out.num(f"{pre}research.{tr}", p["research"][tr], 0, 6)
                out.flag(f"{pre}research_bonus_taken.{tr}", p["research_bonus_taken"][tr])
            for e in EMERGENCY:
                out.flag(f"{pre}emergency.{e}", p["emergency"][e])
            out.onehot(pre + "astronaut", p["astronaut"], v["mods"])
            out.flag(pre + "on_activation_space", p["on_activation_space"])
            out.counts(pre + "hand", p["hand"], v["cards"], 1)
            out.counts(pre + "rest", p["rest"], v["cards"], 1)
            out.counts(pre + "food", p["food"], v["foods"], 4)
            out.counts(pre + "orders", p["orders"], v["orders"], 1)
            out.onehot(pre + "equipment", p["equipment"], v["equip"])
            out.flag(pre + "equipment_face_up", p["equipment_face_up"])
            out.flag(pre + "passed", p["passed"])
            out.seat(pre + "pending_pass_reward", p["pending_pass_reward"])
        turn = view["turn"]
        out.onehot("turn.scientist", turn["scientist"], v["cards"])
        out.num("turn.module_actions_left", turn["module_actions_left"], 0, 4)
        out.counts("turn.modules_used", turn["modules_used"], v["mods"], 1)
        out.onehot("turn.at_module", turn["at_module"], v["mods"])
        out.num("turn.food_to_take", turn["food_to_take"], 0, 4)
        out.num("turn.scientists_to_return", turn["scientists_to_return"], 0, 12)
        out.num("turn.iron_to_pay", turn["iron_to_pay"], 0, MAX_IRON_NEED)
        out.onehot("turn.paying_for", _paying(turn["paying_for"]), v["paying"])
        final = view.get("final_scoring") or [None] * len(view["seats"])
        for k, items in enumerate(final if solo else out.rotate(final)):
            for item in FINAL_ITEMS:
                out.num(f"final+{k}.{item.replace(' ', '_')}", None if items is None else items[item], -60, 60)
        if solo:
            self.observe_ai(view["ai"], out, v)
            out.players = 1

    @staticmethod
    def observe_ai(ai: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
        """Solo: the view's ``ai`` (the AI's board, this round's card, its final items)."""
        out.onehot("ai.level", ai["level"], v["level"])
        for key, lo, hi in AI_NUMS:
            out.num(f"ai.{key}", ai[key], lo, hi)
        for tr in TRACKS:
            out.num(f"ai.research.{tr}", ai["research"][tr], 0, 6)
        out.flag("ai.on_activation_space", ai["on_activation_space"])
        out.flag("ai.passed", ai["passed"])
        out.onehot("ai.disc", ai["disc"], v["mods"])
        out.counts("ai.hand", ai["hand"], v["cards"], 1)
        out.counts("ai.food", ai["food"], v["foods"], 4)
        out.counts("ai.orders", ai["orders"], v["orders"], 1)
        card = ai["card"]
        out.onehot("ai.card", None if card is None else card["name"], v["ai"])
        out.num("ai.card.next", None if card is None else card["next"], 0, 12)
        final = ai.get("final_scoring")
        for item in FINAL_ITEMS:
            out.num(f"ai.final.{item.replace(' ', '_')}", None if final is None else final[item], -60, 60)

    @staticmethod
    def observe_ai_state(s: LunaState, a: vec[float], p: int, ix: _Index) -> int:
        """``observe_ai`` by index from the fields; the next place."""
        ai = s.seats[1]
        a[p + ix.level[s.options["difficulty"]]] = 1.0
        p += len(ix.level)
        p = _row(a, p, [ai.vp, ai.water, ai.waste, ai.co2, ai.probes, len(s.ai_deck), ai.ref, ai.sus,
                        1 if ai.on_act else 0, 1 if ai.passed else 0])
        im = ix.mods
        if ai.pos >= 0:
            a[p + im[ai.pos]] = 1.0
        p += len(im)
        p = _counts(a, p, ai.hand, ix.cards, ix.ncards)
        p = _counts(a, p, ai.food, ix.foods, ix.nfoods)
        p = _counts(a, p, ai.delivered, ix.orders, len(ix.orders))
        if s.ai_card >= 0:
            a[p + s.ai_card] = 1.0  # the AI cards' vocabulary is in card order
        p += ix.nai
        a[p] = s.ai_next if s.ai_card >= 0 else -1.0
        p += 1
        if s.final:
            return _row(a, p, s.final[1])
        for k in range(len(FINAL_ITEMS)):
            a[p + k] = -61.0
        return p + len(FINAL_ITEMS)

    def observe_state(self, state: State, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """The same entries as ``observe(view)``, written by index straight from the fields (the
        payment step's iron from the rules' own ``iron_need``, what it pays for from the view's
        ``paying_for``).  Only non-zero entries are written (the array starts at zero)."""
        s = cast(LunaState, state)
        ix = self._index(s.tables, v)
        seats = s.seats
        n, me_seat = len(seats), out.me  # solo: the AI's marks are seat 1 of 2
        ns = s.players
        a = out.buf
        p = out.pos
        ic, io, ifd, ie, ia, im = ix.cards, ix.orders, ix.foods, ix.equip, ix.adv, ix.mods
        if s.round:
            a[p] = s.round
        p += 1
        a[p + s.step] = 1.0  # STEP_NAMES is the step vocabulary, in step order
        p += len(STEP_NAMES)
        if s.round in ix.day:
            a[p] = 1.0
        p += 1
        for k, x in enumerate(s.order):
            a[p + k] = (x - me_seat) % n + 1
        p += n
        for k, x in enumerate(s.next_order):
            a[p + k] = (x - me_seat) % n + 1
        p += n
        nadv, nmods, norders = len(ia), len(im), len(io)
        ncards, nfoods, nequip = ix.ncards, ix.nfoods, ix.nequip
        act, built = s.act, s.built
        for i in range(nmods):
            if act[i] >= 0:
                a[p + (act[i] - me_seat) % n] = 1.0
            p += n
            if built[i] >= 0:
                a[p + ia[built[i]]] = 1.0
            p += nadv
        for o in s.grid:
            if o >= 0:
                a[p + (o - me_seat) % n] = 1.0
            p += n
        for k, c in enumerate(s.hire_row):
            a[p + k] = ic[c] + 1
        p += 3
        if s.senior_deck:
            a[p] = len(s.senior_deck)
        p += 1
        for st in s.stacks:
            if st:
                a[p + io[st[-1]]] = 1.0
                a[p + norders] = len(st)
            p += norders + 1
        for k, f in enumerate(s.food_row):
            a[p + k] = ifd[f] + 1
        p += 3
        if s.food_deck:
            a[p] = len(s.food_deck)
        p += 1
        p = _counts(a, p, s.food_discard, ifd, nfoods)
        p = _counts(a, p, s.adv_offer, ia, nadv)
        for k, x in enumerate(s.build_track):
            a[p + k] = (x - me_seat) % n + 1
        p += 4
        p = _counts(a, p, s.equip_offer, ie, nequip)
        p = _counts(a, p, s.start_mods, im, nmods)
        for k in range(ns):
            me = seats[(me_seat + k) % ns]
            # the view's numbers (vp, O2 used, O2 cap, cubes, CO2, probes, conveyor, research), flags
            p = _row(a, p, [me.vp, me.o2, me.cap, me.energy, me.water, me.he3, me.waste, me.co2, me.probes,
                            me.fe_l, me.ti_l, me.fe_r, me.ti_r, me.ref, 1 if me.ref_bonus else 0, me.sus,
                            1 if me.sus_bonus else 0, 1 if me.em_energy else 0, 1 if me.em_iron else 0,
                            1 if me.em_water else 0])
            if me.pos >= 0:
                a[p + im[me.pos]] = 1.0
            p += nmods
            if me.on_act:
                a[p] = 1.0
            p = _counts(a, p + 1, me.hand, ic, ncards)
            p = _counts(a, p, me.rest, ic, ncards)
            p = _counts(a, p, me.food, ifd, nfoods)
            p = _counts(a, p, me.delivered, io, norders)
            if me.equip >= 0:
                a[p + ie[me.equip]] = 1.0
            p += nequip
            if me.equip_up:
                a[p] = 1.0
            if me.passed:
                a[p + 1] = 1.0
            p += 2
            if me.pending >= 0:
                a[p + (me.pending - me_seat) % n] = 1.0
            p += n
        if s.card >= 0:
            a[p + ic[s.card]] = 1.0
        p += ncards
        if s.acts_left:
            a[p] = s.acts_left
        p += 1
        used = s.used
        for m in range(nmods):
            if used >> m & 1:
                a[p + m] = 1.0
        p += nmods
        if s.module >= 0:
            a[p + im[s.module]] = 1.0
        p += nmods
        if s.pick_left:
            a[p] = s.pick_left
        if s.feed_left:
            a[p + 1] = s.feed_left
        paying = ix.paying
        if s.step == S_PAY:
            a[p + 2] = iron_need(s, s.cur, s.pay_op, s.pay_arg)[0]
            a[p + 3 + paying[_paying(paying_for(s))]] = 1.0
        p += 3 + len(paying)
        nitems = len(FINAL_ITEMS)
        if s.final:
            for k in range(ns):
                p = _row(a, p, s.final[(me_seat + k) % ns])
        else:
            p = out.fill(p, nitems * ns, -61.0)
        if ns == 1:
            p = self.observe_ai_state(s, a, p, ix)
        out.pos = p
        return True

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        """Derived from the rules (docs/rl.md "Bounds", Luna Maris)."""
        t = game.default_tables()
        n = players
        cards = len(t.juniors) // 4 + len(t.seniors)  # a seat's own juniors and every senior
        foods = len(vocab(f.name for f in t.foods))
        spaces = len(t.mining_spaces)
        top_value = max(int(f.name.split()[1]) for f in t.foods)
        extras = sum(1 for f in t.foods if "+" in f.name)  # value-1 cards with an extra (one lowers stress)
        # O2: each module visit costs >= 1 O2 and O2 used never exceeds the cap (<= 8); headroom comes
        # back only as the cap rises: stress lowered from where the round began (<= 5 steps), the
        # Airlock's stress (<= 3 probes a game), the research bonuses (2) and food extras, and stress
        # from the waste gauge, whose every point costs >= 1.5 visits to make and rest away
        visits = 3 * (8 + 5 + 3 + 2 + extras)
        per_visit = 10  # go, main, extra, done, payment, research bonus, Compactor, <= 3 food picks
        # feeds: one without food returns a scientist, so those are at most the rest pile (the seat's
        # cards) plus the round's plays; one with food spends a card (at most the whole food deck)
        feeds = cards + visits + len(t.foods)
        per_round = visits * (2 + per_visit) + feeds * (2 + top_value) + 1  # plays, feeds, pass
        length = 3 * n + 5 * n * per_round + 3 * n  # set-up choices, 5 rounds, emergency cubes
        recycle = max(len(t.recycling) * (1 + len(t.recycling)), len(t.adv_recycling) * (1 + len(t.adv_recycling)))
        refine = len(t.refining) * (1 + len(t.refining))
        cut = 2 * t.board[0].energy_cap
        steps = {"turn": cards + foods + 1 + 1 + 3, "airlock": 2 * spaces + 4, "industry": refine + cut + 4,
                 "recycling": recycle + 4, "move": len(t.modules) + 4, "return": cards + 4,
                 "pay": MAX_IRON_NEED + 1 + 3, "first probe": spaces, "cargo": 2 * len({o.name.rstrip("0123456789") for o in t.orders}) + 4}  # one face-up order a kind
        most = max(steps.values())
        note = (f"game length: {3 * n} set-up choices + 5 rounds x {n} seats x {per_round} (<= {visits} "
                f"module visits, O2-bound, of <= {per_visit} decisions, as many plays, <= {feeds} feeds) + {3 * n} "
                f"emergency cubes; legal actions: the largest step ({max(steps, key=lambda k: steps[k])}: "
                f"{most}); utility: 1 for first place")
        return Bounds(length, most, 0.0, 1.0, note)


ENCODER = LunaEncoder()
