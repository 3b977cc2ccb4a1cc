"""What a Luna Maris player reads, as catalog messages (issue 14): events, refusal reasons and action
labels name a key (``luna_maris.event.*``, ``luna_maris.refusal.*``, ``luna_maris.label.*``) and its
arguments; components are named by ``ref`` (``luna_maris.<table>.<slug>.name``).

``msg`` is the engine's ``meeple.engine.messages.msg`` (its English fallback comes from cached
templates and cached component names: the rules build their events on every ``apply``, bots included).
"""

from __future__ import annotations

import functools
from typing import Any

from meeple.engine.messages import Message, msg, ref
from meeple.i18n.catalog import ntranslate, translate

GAME = "luna_maris"


@functools.cache
def cref(table: str, name: str) -> Message:
    """A component's name as a message argument (shared: never changed)."""
    return ref(GAME, table, name)


@functools.cache
def ref_text(table: str, name: str) -> Message:
    """A component's text (an equipment tile's effect) as a message argument."""
    return ref(GAME, table, name, "text")


def card(s: Any, c: int) -> Message:
    """A scientist (juniors first, then seniors, as ``s.cards``)."""
    sc = s.cards[c]
    return cref("seniors" if sc.senior else "juniors", sc.name)


def food(s: Any, f: int) -> Message:
    return cref("foods", s.tab.foods[f].name)


def module(s: Any, m: int) -> Message:
    return cref("modules", s.tab.modules[m].name)


def equipment(s: Any, e: int) -> Message:
    return cref("equipment", s.tab.equipment[e].name)


def space(s: Any, i: int) -> Message:
    return cref("mining_spaces", s.tab.mining_spaces[i].name)


_PROCESS: dict[int, Message] = {}


def process(s: Any, pr: Any) -> Message:
    """A refining or recycling process (the advanced recycling table when it is the one in use)."""
    found = _PROCESS.get(id(pr))
    if found is None:
        t = s.tab
        found = cref("refining", pr.name)
        for table in ("refining", "recycling", "adv_recycling"):
            if any(x is pr for x in getattr(t, table)):
                found = cref(table, pr.name)
                break
        _PROCESS[id(pr)] = found
    return found


_WORDS: dict[str, Message] = {
    "energy": msg("luna_maris.word.energy"),
    "iron": msg("luna_maris.word.iron"),
    "water": msg("luna_maris.word.water"),
    "titanium": msg("luna_maris.word.titanium"),
    "vp": msg("luna_maris.word.vp"),
    "stress": msg("luna_maris.word.stress"),
    "co2": msg("luna_maris.word.co2"),
    "refining": msg("luna_maris.word.refining"),
    "sustainability": msg("luna_maris.word.sustainability"),
    "left": msg("luna_maris.word.left"),
    "right": msg("luna_maris.word.right"),
    "he3": msg("luna_maris.word.he3"),
    "waste": msg("luna_maris.word.waste"),
    "food": msg("luna_maris.word.food"),
    "rest": msg("luna_maris.word.rest"),
}


@functools.cache
def word(name: str) -> Message:
    """A game word as a message argument (``iron``, ``refining``, ``left``...)."""
    return Message(key=_WORDS[name.lower().replace("-", "")]["key"])


def _plural_entries() -> None:  # pragma: no cover - never called: marks the plural entries for pybabel
    ntranslate(None, "luna_maris.event.return_many", 1)
    ntranslate(None, "luna_maris.event.waste_lost", 1)
    ntranslate(None, "luna_maris.label.feed", 1)


def _board_entries() -> None:  # pragma: no cover - never called: the board's words (static/games/luna_maris.js)
    """Marks for ``pybabel extract`` the phrases the browser board reads (``luna_maris.board.*``)."""
    translate(None, "luna_maris.board.senior")
    translate(None, "luna_maris.board.ai")
    translate(None, "luna_maris.board.ai_disc")
    translate(None, "luna_maris.board.ai_cards_left")
    translate(None, "luna_maris.board.junior")
    translate(None, "luna_maris.board.icons")
    translate(None, "luna_maris.board.hire_cost")
    translate(None, "luna_maris.board.order")
    translate(None, "luna_maris.board.food")
    translate(None, "luna_maris.board.kind.potato")
    translate(None, "luna_maris.board.kind.lettuce")
    translate(None, "luna_maris.board.kind.tomato")
    translate(None, "luna_maris.board.kind.soy")
    translate(None, "luna_maris.board.kind.wheat")
    translate(None, "luna_maris.board.kind.algae")
    translate(None, "luna_maris.board.extra.vp")
    translate(None, "luna_maris.board.extra.water")
    translate(None, "luna_maris.board.extra.energy")
    translate(None, "luna_maris.board.extra.stress")
    translate(None, "luna_maris.board.extra.iron")
    translate(None, "luna_maris.board.extra.co2")
    translate(None, "luna_maris.board.activated_by")
    translate(None, "luna_maris.board.activation_free")
    translate(None, "luna_maris.board.activation_space")
    translate(None, "luna_maris.board.corridors")
    translate(None, "luna_maris.board.astronaut")
    translate(None, "luna_maris.board.astronaut_active")
    translate(None, "luna_maris.board.space")
    translate(None, "luna_maris.board.probe_of")
    translate(None, "luna_maris.board.hiring")
    translate(None, "luna_maris.board.orders")
    translate(None, "luna_maris.board.food_display")
    translate(None, "luna_maris.board.advanced")
    translate(None, "luna_maris.board.build_track")
    translate(None, "luna_maris.board.equipment")
    translate(None, "luna_maris.board.o2")
    translate(None, "luna_maris.board.o2_text")
    translate(None, "luna_maris.board.stress_text")
    translate(None, "luna_maris.board.belt_left")
    translate(None, "luna_maris.board.belt_right")
    translate(None, "luna_maris.board.conveyor")
    translate(None, "luna_maris.board.waste_space")
    translate(None, "luna_maris.board.raises_co2")
    translate(None, "luna_maris.board.raises_stress")
    translate(None, "luna_maris.board.co2_space")
    translate(None, "luna_maris.board.research")
    translate(None, "luna_maris.board.research_text")
    translate(None, "luna_maris.board.emergency")
    translate(None, "luna_maris.board.emergency_cube")
    translate(None, "luna_maris.board.hand")
    translate(None, "luna_maris.board.rest")
    translate(None, "luna_maris.board.delivered")
    translate(None, "luna_maris.board.at")
    translate(None, "luna_maris.board.passed")
    translate(None, "luna_maris.board.round")
    translate(None, "luna_maris.board.day")
    translate(None, "luna_maris.board.night")
    translate(None, "luna_maris.board.turn_order")
    translate(None, "luna_maris.board.modules")
    translate(None, "luna_maris.board.mining")
    translate(None, "luna_maris.board.boards")
    translate(None, "luna_maris.board.your_turn")
    translate(None, "luna_maris.board.waiting")
    translate(None, "luna_maris.board.vp")
    translate(None, "luna_maris.board.t_stress")
    translate(None, "luna_maris.board.t_waste")
    translate(None, "luna_maris.board.t_co2")
    translate(None, "luna_maris.board.t_food")
    translate(None, "luna_maris.board.final")
    translate(None, "luna_maris.board.total")
    translate(None, "luna_maris.board.over")
    translate(None, "luna_maris.board.all_boards")
    translate(None, "luna_maris.board.probes")
    translate(None, "luna_maris.board.probe_slot")
    translate(None, "luna_maris.board.processes")
    translate(None, "luna_maris.board.level_four")
    ntranslate(None, "luna_maris.board.stack", 1)
    ntranslate(None, "luna_maris.board.playing", 1)

STEP_WORDS: tuple[Message, ...] = tuple(Message(key=m["key"]) for m in (
    msg("luna_maris.step.choose_equipment"), msg("luna_maris.step.place_first_probe"),
    msg("luna_maris.step.place_astronaut"), msg("luna_maris.step.turn"), msg("luna_maris.step.move"),
    msg("luna_maris.step.module_action"), msg("luna_maris.step.take_food"), msg("luna_maris.step.feed_scientists"),
    msg("luna_maris.step.research_bonus"), msg("luna_maris.step.compactor"), msg("luna_maris.step.over"),
    msg("luna_maris.step.pay_iron")))
"""The steps of a turn (``state.STEP_NAMES``, in order) as message arguments."""


def step_word(step: int) -> Message:
    return STEP_WORDS[step]
