"""Each person's solo scores (issue 29): one row per finished solo game, read back as the person's
best per game and level for the end screen ("your best").

Generic for any solo game: a game whose view at the end holds ``"solo"`` (``level``, ``score``,
``yardstick``, ``yardstick_kind``, ``beaten``; docs/engine.md) is a solo game.  A person is the
name of the human seat (the server has no accounts; the name is compared case-blind); a seat left
with its default name ("Seat 0") and a bot seat are not recorded.  The table lives in the store's database (``meeple_solo_scores``, created with
the others by ``Store.create_schema``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

if TYPE_CHECKING:
    from meeple.engine import State
    from meeple.server.store import Store

TOP = 5
"""How many of a person's best scores the end screen lists."""


def person_key(name: str) -> str:
    """A person's name as stored: spaces collapsed, case folded (``Ann`` and `` ann `` are one)."""
    return " ".join(name.split()).casefold()[:64]


def solo_result(state: State) -> dict[str, Any] | None:
    """The view's ``"solo"`` of a finished solo game (what every seat sees), else ``None``."""
    if not state.is_over or state.players != 1:
        return None
    result = state.view(None).get("solo")
    return result if isinstance(result, dict) else None


class SoloScores:
    """The solo-score table of one ``Store`` (its engine and write lock)."""

    def __init__(self, store: Store, metadata: sa.MetaData) -> None:
        self.store = store
        self.table = sa.Table(
            "meeple_solo_scores", metadata,
            sa.Column("table_id", sa.String(32), primary_key=True),  # one result per game table
            sa.Column("person", sa.String(64), nullable=False),
            sa.Column("name", sa.String(64), nullable=False),  # as the person wrote it
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("level", sa.String(64), nullable=False),
            sa.Column("score", sa.Integer, nullable=False),
            sa.Column("yardstick", sa.Integer, nullable=True),
            sa.Column("beaten", sa.Boolean, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Index("meeple_solo_scores_best", "person", "game", "level", "score"),
        )

    def record(self, table_id: str, name: str, game: str, result: dict[str, Any]) -> bool:
        """Store the result of a finished solo table once (again: nothing); True when written."""
        t = self.table

        def go(conn: Any) -> bool:
            if conn.execute(sa.select(t.c.table_id).where(t.c.table_id == table_id)).first() is not None:
                return False
            conn.execute(t.insert().values(
                table_id=table_id, person=person_key(name), name=name[:64], game=game,
                level=str(result.get("level")), score=int(result["score"]),
                yardstick=None if result.get("yardstick") is None else int(result["yardstick"]),
                beaten=bool(result.get("beaten")), created=time.time()))
            return True

        return bool(self.store._write(go))

    def best(self, name: str, game: str, level: str, table_id: str | None = None) -> dict[str, Any]:
        """A person's best solo scores at a game and level: ``best`` (or ``None``), the ``TOP`` best
        (``scores``: score, yardstick, beaten), how many ``games`` and ``beaten``, and whether the
        game ``table_id`` set the best (``new_best``: its score is the best and no earlier game
        reached it)."""
        t = self.table
        where = sa.and_(t.c.person == person_key(name), t.c.game == game, t.c.level == str(level))
        with self.store.engine.connect() as conn:
            rows = conn.execute(sa.select(t.c.table_id, t.c.score, t.c.yardstick, t.c.beaten, t.c.created)
                                .where(where).order_by(t.c.score.desc(), t.c.created)).mappings().all()
        scores = [{"score": r["score"], "yardstick": r["yardstick"], "beaten": bool(r["beaten"])} for r in rows[:TOP]]
        best = rows[0]["score"] if rows else None
        new_best = bool(rows) and table_id is not None and rows[0]["table_id"] == table_id
        return {"name": name, "game": game, "level": level, "best": best, "scores": scores, "games": len(rows),
                "beaten": sum(1 for r in rows if r["beaten"]), "new_best": new_best}


async def on_over(hub: Any, table: Any) -> None:
    """A table is over (or a finished table was loaded): record its solo result for the person in
    its human seat (once), and keep that person's best in ``table.meta["solo_best"]`` for the end
    screen (``LiveMixin.payload``).  Not a solo game, or a bot in the seat: nothing."""
    result = solo_result(table.state)
    if result is None or "solo_best" in table.meta:
        return
    seat = table.seats[0]
    if seat.kind != "human" or table.meta.get("status") == "aborted":
        return
    if person_key(seat.name) == f"seat {seat.seat}":  # left unnamed: nobody's score
        return
    scores: SoloScores = hub.store.solo
    game = table.meta["game"]
    await hub.db(scores.record, table.id, seat.name, game, result)
    table.meta["solo_best"] = await hub.db(scores.best, seat.name, game, str(result.get("level")), table.id)
