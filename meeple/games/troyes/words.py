"""The pieces of Troyes' messages (issue 14): seats, dice, spaces and components as message
arguments, rendered in the reader's language (``docs/engine.md``, "Messages (issue 14)").

Phrases here are built where an event, refusal or label is built: events only when the rules
emit them, labels once per cached action (``derived.caches``)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from meeple.engine import messages
from meeple.engine.messages import Message, msg

if TYPE_CHECKING:
    from meeple.games.troyes.state import TroyesState

GAME = "troyes"


@functools.cache
def ref(game: str, table: str, name: str, part: str = "name") -> Message:
    """``meeple.engine.messages.ref``, one shared dict per component (do not mutate it)."""
    return messages.ref(game, table, name, part)

NEUTRAL_SEAT = 4

COLOURS: tuple[Message, ...] = (Message(key="value.red"), Message(key="value.white"), Message(key="value.yellow"))
"""The dice colours (red, white, yellow: the buildings' colours), the shared view words."""


def colour(c: int) -> Message:
    return COLOURS[c]


def activity(name: str) -> Message:
    return ref(GAME, "activities", name)


def character(name: str) -> Message:
    return ref(GAME, "characters", name)


def building(s: TroyesState, b: int) -> Message:
    return ref(GAME, "buildings", s.caches.building_names[b])


def event(s: TroyesState, card: Any) -> Message:
    """An event card of the row, or the permanent Marauding."""
    if card is s.perm:
        return ref(GAME, "permanent", card.name)
    return ref(GAME, "events", card.name)


def event_named(s: TroyesState, name: str) -> Message:
    if name == s.perm.name:
        return ref(GAME, "permanent", name)
    return ref(GAME, "events", name)


@functools.cache
def die(d: int, seat: int) -> Message:
    """Die ``d`` as ``seat`` reads it: ``your red 5``, ``seat 1's red 5``, ``neutral red 5``."""
    owner, c, v = d >> 6, (d >> 3) & 7, d & 7
    if owner == seat:
        return msg("troyes.die.own", colour=COLOURS[c], value=v)
    if owner >= NEUTRAL_SEAT:
        return msg("troyes.die.neutral", colour=COLOURS[c], value=v)
    return msg("troyes.die.seat", seat=owner, colour=COLOURS[c], value=v)


@functools.cache
def plain_die(d: int) -> Message:
    """Die ``d`` by colour and value alone (``white 2``), for a player's own die in an event."""
    return msg("troyes.die.plain", colour=COLOURS[(d >> 3) & 7], value=d & 7)


def space(s: TroyesState, i: int) -> Message:
    """A building space (``Palace 3``; ``Bishopric 3-4, right``), index 0..17 (seed §5.4)."""
    b, sp = i // 6, i % 6
    if s.caches.rows[b]:
        r, pos = divmod(sp, 2)
        if pos:
            return msg("troyes.space.row_right", building=building(s, b), low=2 * r + 1, high=2 * r + 2)
        return msg("troyes.space.row_left", building=building(s, b), low=2 * r + 1, high=2 * r + 2)
    return msg("troyes.space.single", building=building(s, b), value=sp + 1)


def values(vs: list[int] | tuple[int, ...]) -> str:
    """Black dice values as ``6+5`` (a notation both languages read)."""
    return "+".join(map(str, vs))


__all__ = ["COLOURS", "activity", "building", "character", "colour", "die", "event", "event_named",
           "msg", "plain_die", "ref", "space", "values"]


def _plural_entries() -> None:  # pragma: no cover - never called
    """For ``pybabel extract`` only: the keys whose text is chosen by a count ``n`` (``msg(key,
    n=...)``) are plural entries (``ngettext``: English two forms, Chinese one)."""
    from meeple.i18n import ntranslate

    for n in (1,):
        ntranslate(None, "troyes.event.event.revealed", n)
        ntranslate(None, "troyes.event.event.pays_and_loses", n)
        ntranslate(None, "troyes.event.event.pays", n)
        ntranslate(None, "troyes.event.combat", n)
        ntranslate(None, "troyes.event.combat.neutral", n)
        ntranslate(None, "troyes.event.farm", n)
        ntranslate(None, "troyes.event.buy", n)
        ntranslate(None, "troyes.event.buy.neutral", n)
        ntranslate(None, "troyes.event.wages", n)
        ntranslate(None, "troyes.event.wages.short", n)
        ntranslate(None, "troyes.event.workforce", n)
        ntranslate(None, "troyes.event.district", n)
        ntranslate(None, "troyes.event.hire", n)
        ntranslate(None, "troyes.event.hire.no_space", n)
        ntranslate(None, "troyes.event.activity.cubes", n)
        ntranslate(None, "troyes.event.draft.neutral", n)
        ntranslate(None, "troyes.part.deniers", n)
        ntranslate(None, "troyes.label.times", n)
        ntranslate(None, "troyes.label.times.miller", n)


def _board_entries() -> None:  # pragma: no cover - never called
    """For ``pybabel extract`` only: the board's words (``static/games/troyes.js`` builds
    ``troyes.ui.<word>`` at run time, issue 15)."""
    from meeple.i18n import ntranslate, translate

    translate(None, "troyes.ui.round")
    translate(None, "troyes.ui.your_turn")
    translate(None, "troyes.ui.to_move")
    translate(None, "troyes.ui.start_player")
    translate(None, "troyes.ui.with_cube")
    translate(None, "troyes.ui.countering")
    translate(None, "troyes.ui.dice_chosen")
    translate(None, "troyes.ui.under_way")
    translate(None, "troyes.ui.vp")
    translate(None, "troyes.ui.vp_hidden")
    translate(None, "troyes.ui.deniers")
    translate(None, "troyes.ui.influence")
    translate(None, "troyes.ui.supply")
    translate(None, "troyes.ui.district")
    translate(None, "troyes.ui.passed")
    translate(None, "troyes.ui.your_dice")
    translate(None, "troyes.ui.characters")
    translate(None, "troyes.ui.choose_character")
    translate(None, "troyes.ui.your_cubes")
    translate(None, "troyes.ui.your_tradesmen")
    translate(None, "troyes.ui.events_won")
    translate(None, "troyes.ui.neutral")
    translate(None, "troyes.ui.empty")
    translate(None, "troyes.ui.lying")
    translate(None, "troyes.ui.lying_beside")
    translate(None, "troyes.ui.level")
    translate(None, "troyes.ui.card_level")
    translate(None, "troyes.ui.cathedral")
    translate(None, "troyes.ui.cathedral_effect")
    translate(None, "troyes.ui.cathedral_space")
    translate(None, "troyes.ui.black_dice")
    translate(None, "troyes.ui.black_die")
    translate(None, "troyes.ui.face_down")
    translate(None, "troyes.ui.vp_spaces")
    translate(None, "troyes.ui.card_numbers")
    translate(None, "troyes.ui.delayed")
    translate(None, "troyes.ui.event_numbers")
    translate(None, "troyes.ui.score_sheet")
    translate(None, "troyes.ui.score.vp")
    translate(None, "troyes.ui.score.unfinished_events")
    translate(None, "troyes.ui.score.tradesmen")
    translate(None, "troyes.ui.score.cathedral")
    translate(None, "troyes.ui.score.characters")
    translate(None, "troyes.ui.score.total")
    translate(None, "troyes.ui.city_square")
    translate(None, "troyes.ui.buildings")
    translate(None, "troyes.ui.activities")
    translate(None, "troyes.ui.events")
    translate(None, "troyes.ui.decks")
    translate(None, "troyes.ui.seats")
    translate(None, "troyes.ui.grey_supply")
    translate(None, "troyes.ui.pick")
    translate(None, "troyes.ui.unpick")
    translate(None, "troyes.ui.picks_hint")
    translate(None, "troyes.ui.characters_held")
    ntranslate(None, "troyes.ui.cubes_to_place", 1)
    ntranslate(None, "troyes.ui.wage", 1)
    ntranslate(None, "troyes.ui.black_per_round", 1)
