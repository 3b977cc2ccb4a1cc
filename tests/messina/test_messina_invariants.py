"""Conservation through whole random games: plague cubes and citizens are never created or lost
(seed 遊戲設置: 16/18/24 cubes, 21 citizens per class; 對抗瘟疫: removed cubes return to the supply)."""

from __future__ import annotations

import pytest

from meeple.engine import Rng
from meeple.games.messina.state import (
    CABINS,
    NODES,
    SLOTS,
    T_CABIN,
    T_QPICK,
    T_SHIPFIGHT,
    T_SLOT,
    MessinaState,
    Seat,
)
from tests.messina.messina_helpers import new


def _cubes(s: MessinaState) -> int:
    ships = sum(code & 1 for d in s.docks for code in d)
    moving = sum(1 for t in s.tasks if t[0] == T_SHIPFIGHT and t[3])
    return s.cube_supply + sum(s.cubes) + ships + moving


def _citizens(s: MessinaState) -> list[int]:
    out = list(s.cit_supply)
    for n in range(NODES):
        for k in range(3):
            out[k] += s.citizens[k][n]
    for seat in s.seats:
        for k in range(SLOTS):
            if seat.estate[k] >= 0:
                out[s.tables.estate[k].cls] += 1
        for c in range(CABINS):
            occ = seat.cabin_citizen[c]
            if occ >= 0:
                out[occ >> 1] += 1
    ws = s.workshops
    for i, tile in enumerate(ws.tile):
        if ws.citizen[i] >= 0:
            out[s.tables.workshops[tile].cls] += 1
    for t in s.tasks:
        if t[0] in (T_SLOT, T_CABIN):
            out[t[2]] += 1
        elif t[0] == T_QPICK:
            # rescued citizens waiting for the choice of who takes the free cabins (issue 13)
            for k in range(3):
                out[k] += (t[2] >> (4 * k)) & 15
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cubes_and_citizens_are_conserved(players: int) -> None:
    """Every plague cube and citizen is always somewhere: supply, city, ships, estates, cabins,
    workshops, or in hand during a decision."""
    for seed in range(3):
        s = new(players, seed=seed)
        cubes = _cubes(s)
        assert cubes == {2: 16, 3: 18, 4: 24}[players]
        rng = Rng(seed + 17)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            assert _cubes(s) == cubes
            assert _citizens(s) == [21, 21, 21]
            assert all(v >= 0 for seat in s.seats for v in _counts(seat)), \
                "no negative resources, VP during play or counts"
            assert _one_standing_per_hex(s)


def _counts(seat: Seat) -> list[int]:
    """A seat's resources, VP during play, registers, scrolls and counts (never negative)."""
    return [seat.coins, seat.wood, seat.fire, seat.major, seat.vp, seat.rats, seat.ships, seat.repops,
            *seat.track, *seat.stamp, *seat.scrolls, *seat.cargo]


def _one_standing_per_hex(s: MessinaState) -> bool:
    """1. 選擇城市板塊: a hex (not the docks) holds at most one standing lieutenant."""
    standing = [0] * NODES
    for seat in s.seats:
        for where, status in zip(seat.lt_where, seat.lt_status, strict=True):
            if where >= 0 and status == 1:
                standing[where] += 1
    return all(standing[n] <= 1 for n in range(NODES) if not 4 <= n < 8)


def test_the_bots_repopulation_check_agrees_with_the_rules() -> None:
    """活絡城市: the estimate's quick check of a district's citizens (the estate counted once) says
    exactly what ``repopulation.feasible`` says, for every seat and every printed requirement."""
    from meeple.games.messina.evaluate import _estate_counts, _payable
    from meeple.games.messina.repopulation import feasible

    reqs = sorted(set(new(2, 0).fx.hex_req))
    for seed in range(2):
        s = new(3, seed=seed)
        rng = Rng(seed + 5)
        while not s.is_over:
            s.apply(rng.choice(s.legal_actions()))
            for p, seat in enumerate(s.seats):
                counts = _estate_counts(seat.estate)
                assert [_payable(counts, r) for r in reqs] == [feasible(s, p, r) for r in reqs]
