"""The words of Messina's messages (issue 14): component references and the phrases that events,
refusal reasons, action labels and the view name (``msg`` / ``ref``, docs/engine.md "Messages").

The fixed words are built once here; a component is named by its catalog key (``ref``), so a reader
sees it in their language.  Plural entries (a count ``n``) are listed in ``_plural_entries`` for
``pybabel extract``, which reads ``msg`` calls as singular entries.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from meeple.engine.messages import Message, msg, ref
from meeple.games.messina.state import D0, DOCK0

if TYPE_CHECKING:
    from meeple.games.messina.state import MessinaState

G = "messina"


CLASS_WORDS: tuple[Message, ...] = (msg("messina.word.craftsman"), msg("messina.word.aristocrat"),
                                    msg("messina.word.nun"))
TRACK_WORDS: tuple[Message, ...] = (msg("messina.word.popularity"), msg("messina.word.city"),
                                    msg("messina.word.church"))
CARGO_WORDS: dict[str, Message] = {"spices": msg("messina.word.spices"), "cloth": msg("messina.word.cloth"),
                                   "gems": msg("messina.word.gems")}
REWARD_WORDS: tuple[Message, ...] = (
    msg("messina.reward.none"), msg("messina.reward.city_or_church"), msg("messina.reward.lightning"),
    msg("messina.reward.lieutenant"), msg("messina.reward.activate"), msg("messina.reward.upgrade_overseer"),
    msg("messina.reward.upgrade_advance_overseer"))
"""Per register reward code (``components.REWARD_NAMES``)."""
PAY_WORDS: tuple[Message, ...] = (msg("messina.word.one_coin"), msg("messina.word.one_wood"),
                                  msg("messina.word.one_fire"), msg("messina.word.one_major_fire"),
                                  msg("messina.word.one_vp"))
"""Per swap payment (``buildings.PAY_NAMES``)."""
ESTATE = msg("messina.word.estate")
LIGHTNING = msg("messina.source.lightning")
LOST = msg("messina.word.lost")
STATUS_WORDS: tuple[Message, ...] = (msg("messina.word.ready"), msg("messina.word.standing"),
                                     msg("messina.word.lying"))
"""A lieutenant's status in the view: ready, standing, spent (lying)."""

TASKS: dict[int, Message] = {
    1: msg("messina.task.place"), 2: msg("messina.task.slot"), 3: msg("messina.task.cabin"),
    4: msg("messina.task.fight"), 5: msg("messina.task.main"), 6: msg("messina.task.ship"),
    7: msg("messina.task.ship_fight"), 8: msg("messina.task.overseer"), 9: msg("messina.task.activate"),
    10: msg("messina.task.scroll"), 11: msg("messina.task.upgrade"), 12: msg("messina.task.build"),
    13: msg("messina.task.city_or_church"), 14: msg("messina.task.lightning"),
    15: msg("messina.task.upgrade_overseer"), 16: msg("messina.task.staff"), 17: msg("messina.task.pay"),
    18: msg("messina.task.give_up"), 19: msg("messina.task.quarantine_pick"),
}
"""What the seat to move must do, per task kind (the view's ``now.step`` holds its key: ``turns.TASK_KEYS``)."""
DECIDE = msg("messina.task.decide")


def task_word(kind: int) -> Message:
    return TASKS.get(kind, DECIDE)


@functools.cache
def cref(table: str, name: str) -> Message:
    """``ref("messina", table, name)``, cached (the same dict each time: never change it)."""
    return ref(G, table, name)


@functools.cache
def _docks(name: str) -> Message:
    return msg("messina.word.docks", docks=name)


def node(s: MessinaState, n: int) -> Message | str:
    """A city node by its name: a harbour, the docks of one, or a district ("" for a district
    space with no tile yet, named only by the prebuilt moves, which are never offered there)."""
    name = s.nname[n]
    if not name:
        return name
    if n < DOCK0:
        return cref("harbours", name)
    if n < D0:
        return _docks(name)
    return cref("hexes", name)


def hex_ref(name: str) -> Message:
    return cref("hexes", name)


def effect_ref(name: str) -> Message:
    return cref("effects", name)


def lieutenant_where(s: MessinaState, loc: int) -> Message | str:
    """Where a lieutenant is: the estate or a node."""
    return ESTATE if loc < 0 or loc >= len(s.nname) else node(s, loc)


def cost(coins: int, wood: int) -> Message:
    """A price in coins and wood (``free`` when nothing)."""
    if coins and wood:
        return msg("messina.word.coins_and_wood", coins=msg("messina.word.coins", n=coins),
                   wood=msg("messina.word.wood", n=wood))
    if wood:
        return msg("messina.word.wood", n=wood)
    if coins:
        return msg("messina.word.coins", n=coins)
    return msg("messina.word.free")


def _plural_entries() -> None:  # pragma: no cover - never called: for pybabel extract
    """The plural entries (``msg(..., n=...)``): ``pybabel extract`` reads ``msg`` calls as singular."""
    from meeple.i18n.catalog import ntranslate

    ntranslate("en", "messina.word.coins", 1)
    ntranslate("en", "messina.word.wood", 1)
    ntranslate("en", "messina.event.rat", 1)
    ntranslate("en", "messina.event.wheel", 1)
    ntranslate("en", "messina.event.wheel.citizens", 1)
    ntranslate("en", "messina.event.cured", 1)
    ntranslate("en", "messina.event.rescue", 1)
    ntranslate("en", "messina.event.rescue.quarantine", 1)
    ntranslate("en", "messina.event.rats_push_back", 1)
    ntranslate("en", "messina.event.ship_taken", 1)
    ntranslate("en", "messina.event.place.paid", 1)
    ntranslate("en", "messina.label.move.paid", 1)
    ntranslate("en", "messina.label.buy.city", 1)
    ntranslate("en", "messina.label.buy.church", 1)
    ntranslate("en", "messina.label.take_ship", 1)
    ntranslate("en", "messina.label.advance", 1)
    ntranslate("en", "messina.word.craftsmen", 1)
    ntranslate("en", "messina.word.aristocrats", 1)
    ntranslate("en", "messina.word.nuns", 1)
    ntranslate("en", "messina.word.upgraded_count", 1)
    ntranslate("en", "messina.word.any_upgraded_count", 1)
    ntranslate("en", "messina.label.advance.via", 1)
    ntranslate("en", "messina.refusal.move_cost", 1)
    ntranslate("en", "messina.refusal.register_price", 1)
    ntranslate("en", "messina.refusal.fire_needed", 1)
    ntranslate("en", "messina.refusal.major_fire_needed", 1)
    ntranslate("en", "messina.refusal.ship_fire_needed", 1)
    ntranslate("en", "messina.refusal.need_coins", 1)
    ntranslate("en", "messina.refusal.need_wood", 1)
    ntranslate("en", "messina.event.automa.idle", 1)
    ntranslate("en", "messina.event.automa.citizens", 1)
    ntranslate("en", "messina.event.automa.cabins", 1)


def _board_entries() -> None:  # pragma: no cover - never called: for pybabel extract
    """The board's words (issue 15, static/games/messina.js reads them as ``messina.board.*``)."""
    from meeple.i18n.catalog import ntranslate, translate

    translate("en", "messina.board.any_upgraded")
    translate("en", "messina.board.automa")
    translate("en", "messina.board.automa_lieutenant")
    translate("en", "messina.board.automa_line")
    translate("en", "messina.board.cabin")
    translate("en", "messina.board.cabin_plain")
    translate("en", "messina.board.cabin_tile")
    translate("en", "messina.board.cabins")
    translate("en", "messina.board.citizen_of")
    translate("en", "messina.board.city")
    translate("en", "messina.board.district")
    translate("en", "messina.board.docks")
    translate("en", "messina.board.empty")
    translate("en", "messina.board.empty_stack")
    translate("en", "messina.board.estate")
    translate("en", "messina.board.fire_price")
    translate("en", "messina.board.harbour")
    translate("en", "messina.board.legend")
    translate("en", "messina.board.lieutenant")
    translate("en", "messina.board.lieutenant_cost")
    translate("en", "messina.board.more_stacks")
    translate("en", "messina.board.no_workshops")
    translate("en", "messina.board.or")
    translate("en", "messina.board.overseer")
    translate("en", "messina.board.overseer_step")
    translate("en", "messina.board.overseers")
    translate("en", "messina.board.petal")
    translate("en", "messina.board.rat")
    translate("en", "messina.board.rat_marker")
    translate("en", "messina.board.registers")
    translate("en", "messina.board.repopulated")
    translate("en", "messina.board.res.coins")
    translate("en", "messina.board.res.fire")
    translate("en", "messina.board.res.major_fire")
    translate("en", "messina.board.res.rats")
    translate("en", "messina.board.res.ships")
    translate("en", "messina.board.res.tokens")
    translate("en", "messina.board.res.vp")
    translate("en", "messina.board.res.wood")
    translate("en", "messina.board.reward_later")
    translate("en", "messina.board.reward_now")
    translate("en", "messina.board.round")
    translate("en", "messina.board.scroll")
    translate("en", "messina.board.scrolls")
    translate("en", "messina.board.sep")
    translate("en", "messina.board.slot")
    translate("en", "messina.board.space")
    translate("en", "messina.board.space_reward")
    translate("en", "messina.board.supply")
    translate("en", "messina.board.upgraded_citizen")
    translate("en", "messina.board.via")
    translate("en", "messina.board.wagon")
    translate("en", "messina.board.wagon_stack")
    translate("en", "messina.board.wagons")
    translate("en", "messina.board.waiting")
    translate("en", "messina.board.wheel")
    translate("en", "messina.board.wheel_title")
    translate("en", "messina.board.workshop")
    translate("en", "messina.board.workshop2")
    translate("en", "messina.board.workshops")
    translate("en", "messina.board.your_turn")
    ntranslate("en", "messina.board.citizens", 1)
    ntranslate("en", "messina.board.count", 1)
    ntranslate("en", "messina.board.cubes", 1)
    ntranslate("en", "messina.board.ship", 1)


__all__ = ["cref", "msg", "CARGO_WORDS", "CLASS_WORDS", "DECIDE", "ESTATE", "LIGHTNING", "LOST", "PAY_WORDS", "REWARD_WORDS", "STATUS_WORDS",
           "TASKS", "TRACK_WORDS", "cost", "effect_ref", "hex_ref", "lieutenant_where", "node", "task_word"]
