"""Issue 29 on the server: each person's best solo scores per game and level (a table of the store),
shown on the end screen beside the view's solo result; generic for any solo game (a tiny one here,
and one Luna Maris game against its AI coordinator)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple import games
from meeple.engine import Action, Event, Game, Option, Rng, State, Tables
from meeple.server.solo_scores import person_key
from tests.server.helpers import H, post_act


class SoloPileState(State):
    """One player takes 1 or 2 from a pile of 4 (a last single counter is a forced step); the
    yardstick is the option ``par``."""

    __slots__ = ("pile", "score")

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], tables: Tables) -> None:
        super().__init__(game, players, seed, options, tables)
        self.pile = 4
        self.score = 0

    @property
    def to_move(self) -> int:
        return 0

    @property
    def is_over(self) -> bool:
        return self.pile <= 0

    def _legal(self) -> list[Action]:
        return [Action(f"take {k}", k) for k in (1, 2) if k <= self.pile]

    def _apply(self, action: Action) -> list[Event]:
        self.pile -= action.data
        self.score += 3 if action.data == 1 else 1  # slow play scores more
        return [{"type": "take", "text": f"Seat 0 takes {action.data}."}]

    def scores(self) -> list[int]:
        return [self.score]

    def _view(self, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"pile": self.pile}
        if self.is_over:
            par = self.options["par"]
            out["solo"] = {"level": self.options["level"], "score": self.score, "yardstick": par,
                           "yardstick_kind": "target", "beaten": self.score > par}
        return out

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, SoloPileState)
        other.pile, other.score = self.pile, self.score

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        pass  # nothing is hidden


class SoloPile(Game):
    name = "solopile"
    title = "Solo Pile"
    min_players = 1
    max_players = 1
    version = 1
    options = {"level": Option("easy", "difficulty", ("easy", "hard")), "par": Option(6, "the score to beat")}

    def default_tables(self) -> Tables:
        return Tables({})

    def stand_ins(self) -> tuple[str, ...]:
        return ()

    def setup(self, players: int, seed: int, options: dict[str, Any], tables: Tables) -> State:
        return SoloPileState(self, players, seed, options, tables)

    def max_steps(self, players: int) -> int:
        return 10


@pytest.fixture(autouse=True)
def _register() -> Iterator[None]:
    game = SoloPile()
    games.register(game)
    yield
    games.unregister(game.name)


def play(client: TestClient, moves: list[str], name: str | None = "Ann", level: str = "easy") -> dict[str, Any]:
    """A solo table played to its end by the person ``name``; the final payload of the seat."""
    body: dict[str, Any] = {"game": "solopile", "players": 1, "seats": [{"kind": "human"}],
                            "options": {"level": level}}
    if name is not None:
        body["name"] = name
    made = client.post("/api/tables", json=body).json()
    for move in moves:
        r = post_act(client, made["table"], move, made["token"])
        assert r.status_code == 200, r.text
    return client.get(f"/api/tables/{made['table']}", headers={H: made["token"]}).json()


def test_solo_end_screen_shows_the_result_and_the_persons_best(make_client: Callable[..., TestClient]) -> None:
    """Issue 29: the end payload holds the view's solo result and the person's best at this game and
    level; a better game sets a new best; a worse one keeps the old best and says so."""
    client = make_client(limits={"acts_per_second": 1000})
    first = play(client, ["take 2", "take 2"])  # 2 VP
    assert first["view"]["solo"] == {"level": "easy", "score": 2, "yardstick": 6, "yardstick_kind": "target",
                                     "beaten": False}
    best = first["solo_best"]
    assert (best["best"], best["games"], best["new_best"], best["beaten"]) == (2, 1, True, 0)
    second = play(client, ["take 1", "take 1", "take 1"])  # 12 VP, beats 6
    best = second["solo_best"]
    assert (best["best"], best["games"], best["new_best"], best["beaten"]) == (12, 2, True, 1)
    assert [s["score"] for s in best["scores"]] == [12, 2]
    third = play(client, ["take 2", "take 1"], name="  ann ")  # 7 VP: the same person
    best = third["solo_best"]
    assert (best["best"], best["games"], best["new_best"]) == (12, 3, False)
    assert [s["score"] for s in best["scores"]] == [12, 7, 2]


def test_solo_best_is_per_level_and_per_person(make_client: Callable[..., TestClient]) -> None:
    """Issue 29: bests are kept per game and level, and per person."""
    client = make_client(limits={"acts_per_second": 1000})
    play(client, ["take 1", "take 1", "take 1"])
    hard = play(client, ["take 2", "take 2"], level="hard")["solo_best"]
    assert (hard["level"], hard["best"], hard["games"]) == ("hard", 2, 1)
    bob = play(client, ["take 2", "take 2"], name="Bob")["solo_best"]
    assert (bob["best"], bob["games"]) == (2, 1)


def test_solo_best_survives_a_restart_and_is_written_once(make_client: Callable[..., TestClient]) -> None:
    """The scores are in the database: a new server process shows the same best; loading a finished
    table again does not count it twice."""
    first = make_client()
    end = play(first, ["take 1", "take 1", "take 1"])
    second = make_client()
    again = second.get(f"/api/tables/{end['table']['id']}").json()
    assert again["solo_best"]["best"] == 12 and again["solo_best"]["games"] == 1


def test_unnamed_or_bot_seat_records_nothing(make_client: Callable[..., TestClient]) -> None:
    """A person is a named human seat: a seat left as "Seat 0" or played by a bot keeps no score."""
    client = make_client(limits={"acts_per_second": 1000})
    end = play(client, ["take 2", "take 2"], name=None)
    assert end["view"]["solo"]["score"] == 2 and "solo_best" not in end
    named = play(client, ["take 2", "take 2"])["solo_best"]
    assert named["games"] == 1
    assert person_key(" Seat  0 ") == "seat 0"


def test_luna_maris_solo_table_reaches_the_score_to_beat(make_client: Callable[..., TestClient]) -> None:
    """A Luna Maris solo table played over the API to its end: the AI's turns are in the log (its card
    among them), the end payload holds the solo result against the AI and the person's best."""
    client = make_client(limits={"acts_per_second": 1000})
    made = client.post("/api/tables", json={"game": "luna_maris", "players": 1, "seed": 3, "name": "Ann",
                                            "seats": [{"kind": "human"}], "options": {"difficulty": "advanced"}}).json()
    table, token = made["table"], made["token"]
    rng = Rng(3)
    body = client.get(f"/api/tables/{table}", headers={H: token}).json()
    while body["table"]["status"] == "playing":
        legal = [a for a in body["legal"] if not a.startswith("emergency")] or body["legal"]
        choice = "pass" if "pass" in legal and rng.random() < 0.3 else rng.choice(legal)
        r = client.post(f"/api/tables/{table}/act", json={"action": choice, "decision": body["decisions"]},
                        headers={H: token})
        assert r.status_code == 200, r.text
        body = client.get(f"/api/tables/{table}", headers={H: token}).json()
    solo = body["view"]["solo"]
    assert solo["level"] == "advanced" and solo["yardstick_kind"] == "ai"
    assert solo["yardstick"] == body["view"]["ai"]["vp"] and solo["score"] == body["scores"][0]
    keys = [e.get("key") for entry in body["log"] for e in entry["events"]]
    assert keys.count("luna_maris.event.ai_card") == 5
    assert body["solo_best"]["best"] == solo["score"] and body["solo_best"]["level"] == "advanced"
