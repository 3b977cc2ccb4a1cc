"""Values derived from the component tables, built once per component set.

Everything here goes through the engine: ``tables.derived(key, build)`` for a value of the
tables alone (kept on the immutable ``Tables`` object, so a component pack gets values of
its own), and ``tables.cache(key, limit)`` for values keyed by a part of a position, which
the bots meet again and again (a search replays the same turns on fresh determinizations).
Each cache's key holds everything its value depends on besides the tables."""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from meeple.engine.components import PositionCache, Tables

# per character: (metric, its points for each value 0..the highest threshold, its
# (threshold, points) steps)
CharacterRule = tuple[str, list[int], tuple[tuple[int, int], ...]]


def points(steps: tuple[tuple[int, int], ...], value: int) -> int:
    """The points of the last step whose threshold ``value`` reaches (0: none)."""
    pts = 0
    for need, got in steps:
        if value >= need:
            pts = got
    return pts


def _build_character_rules(tables: Tables) -> list[CharacterRule]:
    rules: list[CharacterRule] = []
    for ch in tables.characters:
        steps = tuple(zip(ch.thresholds, ch.points, strict=False))
        top = max([0] + [need for need, _ in steps])
        rules.append((ch.metric, [points(steps, v) for v in range(top + 1)], steps))
    return rules


def character_rules(tables: Tables) -> list[CharacterRule]:
    """Per character card: (metric, points for each value 0..its highest threshold, its steps).
    A value above the highest threshold reaches every step, as the highest does."""
    return tables.derived("troyes.character_rules", _build_character_rules)


def _build_card_pools(tables: Tables) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    events = tuple(tuple(i for i, e in enumerate(tables.events) if e.colour == colour) for colour in range(3))
    slots = tuple(tuple(i for i, a in enumerate(tables.activities) if a.colour == slot // 3 and a.level == slot % 3 + 1)
                  for slot in range(9))
    return events, slots


def card_pools(tables: Tables) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The event cards of each colour, and the activity cards that may lie in each slot
    (colour * 3 + level - 1), in table order (what a determinization deals from)."""
    return tables.derived("troyes.card_pools", _build_card_pools)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (make fast): unpickled without calling __init__
class Caches:
    """The caches keyed by a part of a position, one set per component tables (each a
    ``tables.cache``).  A state holds its set in ``caches`` (shared by every copy)."""

    __slots__ = ("main", "group_tries", "die_actions", "times", "cube_actions",
                 "sources", "drafts", "picks", "combats", "slot_infos", "row_infos", "plans", "activates",
                 "rows", "wages", "building_names")

    def __init__(self, tables: Tables) -> None:
        cache = tables.cache
        self.main: PositionCache = cache("troyes.main_actions", 20000)  # actions.main_key -> main-step actions
        # actions.group_key (the pending action and what its groups read) -> its legal groups and their trie
        self.group_tries: PositionCache = cache("troyes.group_tries", 20000)
        self.die_actions: PositionCache = cache("troyes.die_actions")  # (kind, die, seat) -> ``reroll r3``, ``die y5@p1``...
        self.times: PositionCache = cache("troyes.times")  # top * 2 + miller -> ``x1`` ...
        self.cube_actions: PositionCache = cache("troyes.cube_actions")  # (slot, card) -> ``cube ...``
        self.sources: PositionCache = cache("troyes.sources")  # source (and card) -> ``citizen from ...``
        self.drafts: PositionCache = cache("troyes.drafts")  # space -> ``draft ...``
        self.picks: PositionCache = cache("troyes.squire_picks")  # (event, card) -> ``squire ...``
        self.combats: PositionCache = cache("troyes.combats")  # (event, card) -> ``combat ...``
        self.slot_infos: PositionCache = cache("troyes.slot_infos", 4096)  # the 9 slots' cards -> infos
        self.row_infos: PositionCache = cache("troyes.row_infos", 4096)  # the event row -> infos
        self.plans: PositionCache = cache("troyes.character_plans", 4096)  # characters in play -> plan
        self.activates: PositionCache = cache("troyes.activates")  # slot * 4096 + card -> ``activate ...`` (both)
        # per building, what the rules read of it (``tables.buildings`` is a lookup through
        # ``Tables.__getattr__``, an interpreted call, too dear for the placement checks)
        buildings = tables.buildings
        self.rows: tuple[bool, ...] = tuple(bool(b.rows) for b in buildings)  # spaces in rows of two
        self.wages: tuple[int, ...] = tuple(int(b.wage) for b in buildings)
        self.building_names: tuple[str, ...] = tuple(str(b.name) for b in buildings)


def caches(tables: Tables) -> Caches:
    """The position-keyed caches of this component set."""
    return tables.derived("troyes.caches", Caches)


__all__ = ["Caches", "CharacterRule", "caches", "card_pools", "character_rules", "points"]
