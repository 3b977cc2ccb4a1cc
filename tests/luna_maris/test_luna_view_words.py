"""Issue 14 / issue 15: the Luna Maris view holds data, not English phrases. Every string a view
holds, rendered the way the terminal renders it in Traditional Chinese, has no ASCII word but a
notation's (component ids like J3, FE3, r1c2) and the seed's own CO2, O2 and PASS; the costs, icons,
food cards, tile effects and the payment step are numbers and keys a board can draw."""

from __future__ import annotations

import re
from typing import Any

from meeple import games
from meeple.engine.rng import Rng
from meeple.terminal_words import Words
from tests.luna_maris.lm_helpers import fresh

GAME = games.get("luna_maris")
SEED_WORDS = {"CO2", "O2", "PASS"}
TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def english(text: str) -> set[str]:
    """The ASCII words of ``text`` that are not component ids (a letter code with a digit: J3, FE3,
    r1c2, A1; a process letter: B) nor the seed's own CO2, O2 and PASS."""
    return {w for w in TOKEN.findall(text)
            if w not in SEED_WORDS and not any(c.isdigit() for c in w) and not (len(w) == 1 and w.isupper())}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_view_strings_read_in_chinese_over_seeded_games() -> None:
    """Seeded random games at 2-4 players: no view string renders with an English word in zh_TW."""
    words = Words("zh_TW", GAME)
    found: dict[str, str] = {}
    for players in (2, 3, 4):
        s = GAME.new(players, seed=players)
        rng = Rng(players)
        step = 0
        while not s.is_over:
            if step % 5 == 0:
                for text in _strings({k: v for k, v in s.view(0).items() if k != "game"}):
                    for w in english(words.value(text)):
                        found.setdefault(w, text)
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    assert not found, f"English in the zh view: {found}"


def test_view_gives_the_board_numbers_not_phrases() -> None:
    """Seed §貨運碼頭, §溫室, §氣閘: orders, food cards, ore and the printed tracks are data."""
    s = fresh(2, equipment=False)
    v = s.view(0)
    assert all(isinstance(n, int) for o in v["orders"].values() for n in o["cost"].values())
    assert {sp["ore"] for sp in v["mining_area"]} == {"luna_maris.word.iron", "luna_maris.word.titanium"}
    for card in v["foods"].values():
        assert card["kind"].startswith("luna_maris.board.kind.") and isinstance(card["value"], int)
    b = s.board
    assert len(v["tracks"]["waste"]) == b.waste_spaces and v["tracks"]["co2"] == list(b.co2_vp)
    assert [m["name"] for m in v["modules"]][:2] == ["luna_maris.modules.airlock.name",
                                                      "luna_maris.modules.mining_station.name"]
    assert v["modules"][0]["neighbours"] == [s.tables.modules[n].key for n in s.tables.modules[0].neighbours]
