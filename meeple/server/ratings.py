"""Ratings on one ladder for people and bot levels (issue 28), with ``openskill``.

The model is Plackett–Luce (``openskill.models.PlackettLuce``): a game of 2 to 6 players ends in
a full ranking (``State.ranking()``: places, ties sharing one), and Plackett–Luce is the ranking
model (a finish order is a sequence of choices among those still in it), which rates a 5-player
result as one observation instead of the pairs of Bradley–Terry or the Thurstone–Mosteller
approximations; for two players it is the logistic pairwise model.  It is openskill's default.

A rating belongs to a subject (``a:<account id>`` or ``bot:<level>``), a game and a player-count
class (``"2"`` or ``"3+"``).  A table is rated when it was created with ``"rated": true``, the
server drew its seed, every seat is an account or a bot level, nobody undid a decision, and it
ended (not aborted).  The update is written once (``PeopleStore.rate``: one ``meeple_rated`` row
per table, in the update's transaction).  A subject in several seats (two ``normal`` bots) is
rated as one player per seat from the same prior; its new rating is the mean of those.  A
leaderboard ranks by the ordinal ``mu - 3 sigma``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from meeple.server.model import Table

if TYPE_CHECKING:
    from meeple.server.accounts import People

log = logging.getLogger("meeple.server")
MODEL = PlackettLuce()


def klass_of(players: int) -> str:
    return "2" if players == 2 else "3+"


def subjects_of(table: Table) -> list[str] | None:
    """One subject per seat, or None when a seat is neither an account nor a bot level."""
    accounts: dict[int, int] = table.meta.get("accounts", {})
    out = []
    for s in table.seats:
        if s.kind == "bot" and s.bot:
            out.append(f"bot:{s.bot}")
        elif s.seat in accounts:
            out.append(f"a:{accounts[s.seat]}")
        else:
            return None
    return out


def unrated_because(table: Table) -> str | None:
    """Why a finished table is not rated (None: it is)."""
    if not table.meta.get("rated"):
        return "not rated"
    if table.meta.get("seeded"):
        return "seed chosen"
    if any(e["kind"] == "note" and any(ev.get("type") == "undo" for ev in e.get("events", []))
           for e in table.entries):
        return "undone"
    if table.aborted or not table.state.is_over:
        return "not finished"
    if subjects_of(table) is None:
        return "a seat without an account"
    return None


def new_ratings(seat_subjects: list[str], ranking: list[list[int]],
                old: dict[str, tuple[float, float, int]]) -> dict[str, tuple[float, float]]:
    """Every subject's new (mu, sigma) after one game: ``ranking`` is places of seats (best first)."""
    rank = {seat: place for place, seats in enumerate(ranking, 1) for seat in seats}
    teams = [[MODEL.rating(mu=old[s][0], sigma=old[s][1]) if s in old else MODEL.rating()]
             for s in seat_subjects]
    rated = MODEL.rate(teams, ranks=[rank[i] for i in range(len(seat_subjects))])
    sums: dict[str, list[float]] = {}
    for subject, team in zip(seat_subjects, rated, strict=True):
        acc = sums.setdefault(subject, [0.0, 0.0, 0.0])
        acc[0] += team[0].mu
        acc[1] += team[0].sigma
        acc[2] += 1
    return {s: (mu / n, sigma / n) for s, (mu, sigma, n) in sums.items()}


class Ratings:
    def __init__(self, people: People) -> None:
        self.people = people
        self.updates = 0  # rating updates this process wrote (benchmarks, tests)

    async def table_over(self, table: Table) -> bool:
        """Rate a table that just ended, once; whether this call wrote the update."""
        await self.people.load(table, fresh=True)
        why = unrated_because(table)
        if why is not None:
            return False
        subjects = subjects_of(table)
        assert subjects is not None
        ranking = table.state.ranking()
        game, klass = table.meta["game"], klass_of(len(table.seats))

        def update(old: dict[str, tuple[float, float, int]]) -> dict[str, tuple[float, float]]:
            return new_ratings(subjects, ranking, old)

        try:
            done = await self.people.hub.db(self.people.store.rate, table.id, game, klass, sorted(set(subjects)),
                                            update, (MODEL.mu, MODEL.sigma))
        except Exception:  # noqa: BLE001 - the database away: the table stays unrated, the game is not hurt
            log.exception("table %s: rating not written", table.id)
            return False
        if done:
            self.updates += 1
        return bool(done)

    async def leaderboard(self, game: str, klass: str | None) -> list[dict[str, Any]]:
        rows = await self.people.hub.db(self.people.store.leaderboard, game, klass)
        ids = [int(r["subject"][2:]) for r in rows if r["subject"].startswith("a:")]
        names = await self.people.hub.db(self.people.store.accounts_named, ids)
        out = []
        for r in rows:
            subject = r["subject"]
            if subject.startswith("bot:"):
                who = {"kind": "bot", "bot": subject[4:], "name": subject[4:]}
            else:
                who = {"kind": "account", "name": names.get(int(subject[2:]), "?")}
            out.append({**who, "class": r["klass"], "mu": round(r["mu"], 3), "sigma": round(r["sigma"], 3),
                        "rating": round(r["mu"] - 3 * r["sigma"], 2), "games": r["games"]})
        return out
