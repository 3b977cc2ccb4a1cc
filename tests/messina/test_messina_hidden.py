"""Hidden information: stack orders never show in any view; determinize resamples exactly them
(seed 遊戲設置, 其他板塊: face-down stacks)."""

from __future__ import annotations

import json

import pytest

from meeple.engine import Rng
from meeple.games.messina.state import MessinaState
from tests.messina.messina_helpers import new


def _views(s: MessinaState) -> str:
    return json.dumps([s.view(p) for p in range(s.players)] + [s.view(None)], sort_keys=True)


def _mid_game(players: int) -> MessinaState:
    s = new(players, seed=11)
    rng = Rng(5)
    for _ in range(40):
        s.apply(rng.choice(s.legal_actions()))
    return s


def _permute(stack: tuple[int, ...], keep_top: int = 1) -> tuple[int, ...]:
    body = list(stack[keep_top:])
    body.reverse()
    return tuple(stack[:keep_top]) + tuple(body)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_neighbourhood_stack_order_is_hidden(players: int) -> None:
    """遊戲設置: the neighbourhood stack lies face down (only the known B on top can be deduced)."""
    s = _mid_game(players)
    other = s.clone()
    other.hood = _permute(s.hood)
    assert other.hood != s.hood or len(s.hood) < 3
    assert _views(other) == _views(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ship_order_within_a_back_number_is_hidden(players: int) -> None:
    """其他板塊: ships are shuffled face down within each back number."""
    s = new(players, seed=3)
    other = s.clone()
    t = s.tables.ships
    stack = list(s.ship_stack)
    same = [i for i in range(len(stack) - 1) if t[stack[i]].back == t[stack[i + 1]].back]
    i = same[0]
    stack[i], stack[i + 1] = stack[i + 1], stack[i]
    other.ship_stack = tuple(stack)
    assert _views(other) == _views(s)


def test_selection_tile_order_is_hidden() -> None:
    """其他板塊: the harbour selection tiles are drawn face down."""
    s = new(4, seed=3)
    other = s.clone()
    other.sel = tuple(reversed(s.sel))
    assert other.sel != s.sel
    assert _views(other) == _views(s)


def test_cabin_and_workshop_stacks_show_only_their_tops() -> None:
    """其他板塊: cabin and workshop stacks are face down except their top tile; the later
    workshops are face down entirely."""
    s = new(3, seed=3)
    other = s.clone()
    other.cab_st = tuple(_permute(st) for st in s.cab_st)
    other.ws_st = tuple(_permute(st) for st in s.ws_st)
    other.ws2_st = tuple(_permute(st, 0) for st in s.ws2_st)
    assert other.cab_st != s.cab_st and other.ws2_st != s.ws2_st
    assert _views(other) == _views(s)
    second = s.tables.cabins[s.cab_st[0][1]].name
    assert second not in json.dumps(s.view(0)["cabin_stacks"])


def test_the_rng_is_not_in_any_view() -> None:
    """The random state (the wheel's chance, the reshuffles) never shows."""
    s = _mid_game(3)
    other = s.clone()
    other.rng.next64()
    assert _views(other) == _views(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_resamples_the_hidden_stacks_only(players: int) -> None:
    """determinize(seat) changes the hidden stacks (eventually) but no view."""
    s = _mid_game(players)
    changed = False
    for k in range(12):
        d = s.determinize(0, Rng(k))
        assert isinstance(d, MessinaState)
        assert _views(d) == _views(s)
        assert sorted(d.hood) == sorted(s.hood) and sorted(d.ship_stack) == sorted(s.ship_stack)
        assert [sorted(x) for x in d.cab_st] == [sorted(x) for x in s.cab_st]
        assert [x[0] for x in d.cab_st if x] == [x[0] for x in s.cab_st if x], "tops are face up"
        backs = [s.tables.ships[i].back for i in d.ship_stack]
        assert backs == sorted(backs)
        changed |= d.hood != s.hood or d.cab_st != s.cab_st or d.ship_stack != s.ship_stack
    assert changed


def test_tiles_swapped_to_the_bottom_stay_known() -> None:
    """建造: a tile put under its stack by a swap was seen, so determinize keeps it at the bottom."""
    s = new(3, seed=3)
    st = s.cab_st[0]
    s.cab_st = (st[1:] + st[:1],) + s.cab_st[1:]
    s.cab_known = (1, 0, 0)
    for k in range(8):
        d = s.determinize(1, Rng(k))
        assert d.cab_st[0][-1] == st[0] and d.cab_st[0][0] == st[1]
