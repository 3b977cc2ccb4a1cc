"""Luna Maris for learning agents (issue 18): the closed action space and the observation tensor.

The action space is every notation the rules can write (``modules.py``, ``actions.py``,
``rules.py``), enumerated from the component tables; no notation names a seat.  The
observation is ``view(seat)`` with the seats rotated (the observer first); text that is a
function of a named component (costs, icons, effects) and the static board (ore types) are
left out, since the component identities are there.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from meeple.engine.encoding import Bounds, Encoder, Obs, vocab

# from state.py (STEP_NAMES; consts move to state.py)
STEP_NAMES = ("choose equipment", "place first probe", "place astronaut", "turn", "move",
              "module action", "take food", "feed scientists", "research bonus", "compactor", "over",
              "pay iron")
# from scoring.py (FINAL_ITEMS)
FINAL_ITEMS = ("stress", "seniors", "food diversity", "food value", "CO2", "orders", "resources", "waste")
EMERGENCY = ("energy", "iron", "water")
TRACKS = ("refining", "sustainability")
# from state.py: per-player fields of ``state.pl[seat]`` and the payment step
(VP, ENERGY, WATER, HE3, FE_L, FE_R, TI_L, TI_R, WASTE, CAP, O2, POS, ON_ACT, PROBES, CO2, REF, SUS,
 REF_BONUS, SUS_BONUS, EM_ENERGY, EM_IRON, EM_WATER, PASSED, EQUIP, EQUIP_UP, PENDING) = range(26)
S_PAY = 11
_NUMBERS = itemgetter(VP, O2, CAP, ENERGY, WATER, HE3, WASTE, CO2, PROBES, FE_L, TI_L, FE_R, TI_R, REF)
_FLAGS = itemgetter(REF_BONUS, SUS_BONUS, EM_ENERGY, EM_IRON, EM_WATER)
MAX_IRON_NEED = 12  # the most iron one payment can ask (an order's 5, two refining processes ...)



_PAYING = {"hire": "hiring {card}", "deliver": "order {card}", "refine": "refining", "burn": "burning iron"}


def _paying(found: dict[str, Any] | None) -> str | None:
    """The view's ``turn.paying_for`` (action and card) as the observation's vocabulary word."""
    return None if found is None else _PAYING[found["action"]].format(card=found["card"])

class LunaEncoder(Encoder):
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
        mods = [m.key for m in t.modules]
        names = {
            "cards": vocab(cards), "orders": vocab(o.name for o in t.orders),
            "foods": vocab(f.name for f in t.foods), "equip": vocab(e.name for e in t.equipment),
            "adv": vocab(a.name for a in t.advanced_modules), "mods": vocab(mods),
        }
        # component index -> vocabulary index, for the fast path
        index = {
            "i_cards": {i: names["cards"][c] for i, c in enumerate(cards)},
            "i_orders": {i: names["orders"][o.name] for i, o in enumerate(t.orders)},
            "i_foods": {i: names["foods"][f.name] for i, f in enumerate(t.foods)},
            "i_equip": {i: names["equip"][e.name] for i, e in enumerate(t.equipment)},
            "i_adv": {i: names["adv"][a.name] for i, a in enumerate(t.advanced_modules)},
            "i_mods": {i: names["mods"][m] for i, m in enumerate(mods)},
            "day": {r: 1 for r in t.board[0].day_rounds},
        }
        return {
            **index,
            "step": vocab(STEP_NAMES),
            "mods": vocab(m.key for m in t.modules),
            "adv": vocab(a.name for a in t.advanced_modules),
            "cards": vocab(cards),
            "orders": vocab(o.name for o in t.orders),
            "foods": vocab(f.name for f in t.foods),
            "equip": vocab(e.name for e in t.equipment),
            "paying": vocab([f"hiring {c}" for c in cards] + [f"order {o.name}" for o in t.orders]
                            + ["refining", "burning iron"]),
        }

    def observe(self, view: dict[str, Any], out: Obs, v: dict[str, dict[Any, int]]) -> None:
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
        for k, p in enumerate(out.rotate(view["seats"])):
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
        final = view.get("final_scoring") or [None] * n
        for k, items in enumerate(out.rotate(final)):
            for item in FINAL_ITEMS:
                out.num(f"final+{k}.{item.replace(' ', '_')}", None if items is None else items[item], -60, 60)

    def observe_state(self, state: Any, out: Obs, v: dict[str, dict[Any, int]]) -> bool:
        """The same entries as ``observe(view)``, from the fields (the payment step uses the view:
        its iron and label come from the rules)."""
        s = state
        if s.step == S_PAY:
            return False
        n = out.players
        ic, io, ifd, ie, ia, im = v["i_cards"], v["i_orders"], v["i_foods"], v["i_equip"], v["i_adv"], v["i_mods"]

        def opt(x: int) -> int | None:
            return None if x < 0 else x

        out.num("round", s.round, 0, 6)
        out.onehot("step", STEP_NAMES[s.step], v["step"])
        out.flag("day", s.round in v["day"])
        out.seats("turn_order", s.order, n)
        out.seats("next_turn_order", s.next_order, n)
        values = out.values
        nadv = len(ia)
        me_seat = out.me
        zeros_n = [0.0] * n
        for i in range(len(im)):
            row = zeros_n[:]
            if s.act[i] >= 0:
                row[(s.act[i] - me_seat) % n] = 1.0
            values.extend(row)
            row = [0.0] * nadv
            if s.built[i] >= 0:
                row[ia[s.built[i]]] = 1.0
            values.extend(row)
        for o in s.grid:
            row = zeros_n[:]
            if o >= 0:
                row[(o - me_seat) % n] = 1.0
            values.extend(row)
        out.vector("", [ic[c] + 1.0 for c in s.hire_row] + [0.0] * (3 - len(s.hire_row)), 0, 0)
        out.num("", len(s.senior_deck), 0, 40)
        norders = len(io)
        for st in s.stacks:
            start = len(values)
            values.extend([0.0] * norders)
            if st:
                values[start + io[st[-1]]] = 1.0
            values.append(len(st))
        out.vector("", [ifd[f] + 1.0 for f in s.food_row] + [0.0] * (3 - len(s.food_row)), 0, 0)
        out.num("", len(s.food_deck), 0, 60)
        self._counts(values, s.food_discard, ifd, len(v["foods"]))
        self._counts(values, s.adv_offer, ia, nadv)
        out.seats("", s.build_track, 4)
        self._counts(values, s.equip_offer, ie, len(v["equip"]))
        self._counts(values, s.start_mods, im, len(im))
        ncards, nfoods, nequip, nmods = len(v["cards"]), len(v["foods"]), len(v["equip"]), len(im)
        for q in out.rotate(list(range(n))):
            me = s.pl[q]
            values.extend(_NUMBERS(me))
            values.extend([1.0 if x else 0.0 for x in _FLAGS(me)])
            values.insert(len(values) - 4, me[SUS])  # after the refining bonus, as in the layout
            start = len(values)
            values.extend([0.0] * nmods)
            if me[POS] >= 0:
                values[start + im[me[POS]]] = 1.0
            values.append(1.0 if me[ON_ACT] else 0.0)
            self._counts(values, s.hands[q], ic, ncards)
            self._counts(values, s.rest[q], ic, ncards)
            self._counts(values, s.food[q], ifd, nfoods)
            self._counts(values, s.delivered[q], io, norders)
            start = len(values)
            values.extend([0.0] * nequip)
            if me[EQUIP] >= 0:
                values[start + ie[me[EQUIP]]] = 1.0
            values.append(1.0 if me[EQUIP_UP] else 0.0)
            values.append(1.0 if me[PASSED] else 0.0)
            out.seat("", opt(me[PENDING]))
        start = len(values)
        values.extend([0.0] * ncards)
        if s.card >= 0:
            values[start + ic[s.card]] = 1.0
        values.append(s.acts_left)
        values.extend([1.0 if s.used >> m & 1 else 0.0 for m in range(nmods)])
        start = len(values)
        values.extend([0.0] * nmods)
        if s.module >= 0:
            values[start + im[s.module]] = 1.0
        values.extend((s.pick_left, s.feed_left, 0.0))
        values.extend([0.0] * len(v["paying"]))
        if s.final:
            for q in out.rotate(list(range(n))):
                values.extend(s.final[q])
        else:
            values.extend([-61.0] * (len(FINAL_ITEMS) * n))
        return True

    @staticmethod
    def _counts(values: list[float], items: Any, index: dict[Any, int], size: int) -> None:
        start = len(values)
        values.extend([0.0] * size)
        for item in items:
            values[start + index[item]] += 1.0

    def bounds(self, game: Any, players: int, num_actions: int) -> Bounds:
        return Bounds(game.max_steps(players), num_actions, 0.0, 1.0,
                      "game length: Game.max_steps (1500 per player; random play is checked against it); "
                      "legal actions: at most the whole closed space; utility: 1 for first place")


ENCODER = LunaEncoder()
