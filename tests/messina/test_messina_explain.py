"""Illegal actions are refused with the reason in the game's terms, and change nothing."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction
from meeple.engine.fields import fingerprint
from meeple.games.messina.state import T_ACT, T_FIGHT, T_MAIN, T_OVS, T_PLACE
from tests.messina.messina_helpers import at, clear_board, districts, give, new, put_lieutenant, set_overseer


def _refused(s, text: str, reason: str) -> None:
    before = (fingerprint(s), list(s.tasks))
    with pytest.raises(IllegalAction, match=reason):
        s.apply(text)
    assert (fingerprint(s), list(s.tasks)) == before


def test_fighting_without_enough_fire_is_explained() -> None:
    """3. 對抗瘟疫: a cube needs one fire (two in rounds V-VI)."""
    s = clear_board(new(2, 1))
    n = districts(s)[0]
    s.cubes[n] = 2
    give(s, 0, "fire", 0)
    give(s, 0, "major", 0)
    at(s, (T_MAIN, 0, n, 0, 0), (T_FIGHT, 0, n, 0, 0))
    _refused(s, "douse", "needs 1 fire tokens this round, you have 0")
    s.round_ = 5
    give(s, 0, "major", 1)
    _refused(s, f"major fire, also {s.nname[districts(s)[1]]}", "needs 2 major fire tokens this round, you have 1")


def test_unknown_hex_and_used_lieutenant_are_explained() -> None:
    """1. 選擇城市板塊: the hex must exist and the lieutenant must be unused this round."""
    s = clear_board(new(2, 1))
    at(s, (T_PLACE, 0, 0, 0, 0))
    _refused(s, "lt1 to Z99", "no hex called 'Z99'")
    put_lieutenant(s, 0, 0, districts(s)[0], 1)
    at(s, (T_PLACE, 0, 0, 0, 0))
    _refused(s, "lt1 to H1", "already used this round")
    _refused(s, "lt5 to H1", "you do not have lieutenant 5")


def test_actions_out_of_their_step_are_explained() -> None:
    """遊戲流程: each step has its own decisions."""
    s = clear_board(new(2, 1))
    give(s, 0, "coins", 9)
    at(s, (T_PLACE, 0, 0, 0, 0))
    _refused(s, "buy city", "only in step 4")
    _refused(s, "douse", "no plague to fight")
    _refused(s, "activate C1.0", "no overseer or reward is activating")
    _refused(s, "advance nun overseer", "no action lets you advance an overseer")
    at(s, (T_MAIN, 0, districts(s)[0], 1, 0))
    _refused(s, f"lt1 to {s.nname[districts(s)[1]]}", "not the time to choose a hex")
    _refused(s, "action: 2 wood", "already took this hex's action")


def test_activation_of_an_empty_slot_is_explained() -> None:
    """啟用市民: only occupied slots among the ones the overseer reaches can be activated."""
    s = clear_board(new(2, 1))
    at(s, (T_MAIN, 0, 8, 1, 0), (T_ACT, 0, 7, 1, 0))
    _refused(s, "activate C1.0", "empty, already activated, or not reachable")
    set_overseer(s, 0, 0, 6, 0, 0)
    at(s, (T_MAIN, 0, 8, 1, 0), (T_OVS, 0, 0, 0, 0))
    assert [a.notation for a in s.legal_actions()] == ["no overseer can advance"]
