"""Mundus Novus development cards in play (seed, development cards; research §3, §10.4): who owns which
character, the caravels and fleets (Pizarro, Ponce de León), counts of a kind."""

from __future__ import annotations

from meeple.games.mundus_novus.state import CH_PIZARRO, CH_PONCE, NOBODY, MundusState


def caravels(s: MundusState, seat: int) -> list[int]:
    """The printed values of ``seat``'s caravels, lowest first."""
    ship = s.fx.caravel_ship
    return sorted(ship[i] for i in s.seats[seat].owned if ship[i] >= 0)


def count_kind(s: MundusState, seat: int, kind: str) -> int:
    kinds = s.fx.dev_kind
    count = 0
    for i in s.seats[seat].owned:
        if kinds[i] == kind:
            count += 1
    return count


def fleets(s: MundusState, seat: int) -> list[list[int]]:
    """``seat``'s fleets as lists of caravel values for the supply order (research A3, §10.4).

    Gonzalo Pizarro: the owner's highest caravel counts as 0.  Juan Ponce de Leon: the caravels are
    split into two fleets (``state.split`` is a bit mask over the caravels, lowest first: the set bits
    form the first fleet; 0 = one fleet)."""
    ships = caravels(s, seat)
    if not ships:
        return []
    values = ships.copy()
    if s.holders[CH_PIZARRO] == seat:
        values[-1] = 0
    mask = s.split
    if mask and s.holders[CH_PONCE] == seat and 0 < mask < (1 << len(ships)) - 1:
        first = [v for i, v in enumerate(values) if mask >> i & 1]
        second = [v for i, v in enumerate(values) if not mask >> i & 1]
        return [first, second]
    return [values]


def ponce_splits(s: MundusState, seat: int) -> list[tuple[int, str]]:
    """Juan Ponce de Leon (seed, cards): every distinct way to split the caravels into two non-empty
    fleets, as (mask, label); splits giving the same two multisets of caravel values are offered once.
    The first fleet is the one holding the lowest caravel."""
    labels = caravel_labels(s, seat)
    n = len(labels)
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    out: list[tuple[int, str]] = []
    for mask in range(1, 1 << n, 2):  # the lowest caravel is always in the first fleet
        if mask == (1 << n) - 1:
            continue
        first = tuple(labels[i] for i in range(n) if mask >> i & 1)
        second = tuple(labels[i] for i in range(n) if not mask >> i & 1)
        key = (first, second) if first <= second else (second, first)
        if key in seen:
            continue
        seen.add(key)
        out.append((mask, "+".join(first) + " / " + "+".join(second)))
    return out


def caravel_labels(s: MundusState, seat: int) -> list[str]:
    """``seat``'s caravels lowest first, as named in notations: the value, ``v(0)`` for the highest one
    under Gonzalo Pizarro."""
    ships = caravels(s, seat)
    zeroed = len(ships) - 1 if s.holders[CH_PIZARRO] == seat else -1
    return [f"{v}(0)" if i == zeroed else str(v) for i, v in enumerate(ships)]


def fleet_steps(s: MundusState, seat: int) -> tuple[list[tuple[int, str]], bool]:
    """Juan Ponce de León's split one caravel at a time (version 5): the second fleet is chosen caravel
    by caravel, lowest first (never the lowest caravel, which leads the first fleet), among the splits
    of ``ponce_splits`` only.  Returns the caravels that may go in next, as (index, label), each label
    once (its first free copy above the last one chosen), and whether the second fleet chosen so far
    (``state.fleet2``) is one of those splits."""
    labels = caravel_labels(s, seat)
    n = len(labels)
    full = (1 << n) - 1
    chosen = s.fleet2
    prefix = tuple(labels[i] for i in range(n) if chosen >> i & 1)
    last = chosen.bit_length() - 1
    size = len(prefix)
    nexts: set[str] = set()
    done = False
    for mask, _ in ponce_splits(s, seat):
        second = tuple(labels[i] for i in range(n) if (full ^ mask) >> i & 1)
        if second[:size] != prefix:
            continue
        if len(second) == size:
            done = True
        else:
            nexts.add(second[size])
    out: list[tuple[int, str]] = []
    for i in range(max(1, last + 1), n):
        if labels[i] in nexts:
            nexts.discard(labels[i])
            out.append((i, labels[i]))
    return out, done


def set_abilities(s: MundusState) -> None:
    """Rebuild who holds each character (a fresh tuple, so clones may share it)."""
    ability = s.fx.dev_ability
    holders = list(NOBODY)
    for p in range(s.players):
        for i in s.seats[p].owned:
            if ability[i] >= 0:
                holders[ability[i]] = p
    s.holders = tuple(holders)
