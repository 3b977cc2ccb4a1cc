"""The server's in-memory pieces: tables, seats, connected clients, errors.

Nothing here knows any game's rules: only the engine contract is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from meeple.engine import State
from meeple.server.store import token_digest

MAX_NAME = 40
CLAIMED = "claimed"  # never a SHA-256 hex digest, so no token matches it
OUTBOX = 64  # messages a socket may have waiting; a client that far behind is dropped (it reconnects)
RENDERERS = Path(__file__).parent / "static" / "games"

@functools.lru_cache(maxsize=64)
def has_renderer(game: str) -> bool:
    """Whether the client has a board drawing for ``game`` (presentation only)."""
    return (RENDERERS / f"{game}.js").is_file()




class ServerError(Exception):
    """An error with an HTTP status, shown to the client as ``{"error": message}``; a refusal
    the game gave as a catalog message (``IllegalAction.message``, issue 14) also carries it as
    ``{"message": {"key", "args", "text"}}`` for the client to render in its reader's language."""

    def __init__(self, status: int, message: str, retry_after: float | None = None,
                 detail: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.detail = detail


def _clean_name(name: Any, default: str) -> str:
    if not isinstance(name, str):
        return default
    text = " ".join(name.split())[:MAX_NAME]
    return text or default


async def _quietly(aw: Any) -> None:
    with contextlib.suppress(Exception):
        await aw


class Seat:
    __slots__ = ("seat", "kind", "bot", "name", "token", "zombie", "deadline")

    def __init__(self, row: dict[str, Any]) -> None:
        self.seat: int = row["seat"]
        self.kind: str = row["kind"]
        self.bot: str | None = row.get("bot")
        self.name: str = row["name"]
        self.token: str | None = row.get("token")  # digest
        if self.token is None and row.get("claimed") and self.kind == "human":
            self.token = CLAIMED  # a lobby row (no digests there): taken, but no token matches
        self.zombie: bool = bool(row.get("zombie"))
        self.deadline: float | None = row.get("deadline")

    @property
    def claimed(self) -> bool:
        return self.kind == "bot" or self.token is not None

    def public(self, now: float) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "open": self.kind == "human" and self.token is None,
            "zombie": self.zombie,
            "clock": None if self.deadline is None else max(0.0, round(self.deadline - now, 1)),
        }


class Client:
    """One open socket: its seat (None: a spectator), who it is (``peer``: the client's
    address, for the per-client caps) and its outbox, which a writer task empties so
    that a push never waits for a slow socket."""

    __slots__ = ("send", "seat", "close", "peer", "outbox", "writer", "since")

    def __init__(self, send: Callable[[str], Any], seat: int | None,
                 close: Callable[[], Any] | None = None, peer: str = "") -> None:
        self.send = send
        self.seat = seat
        self.close = close
        self.peer = peer
        self.outbox: asyncio.Queue[str] = asyncio.Queue(maxsize=OUTBOX)
        self.writer: asyncio.Task[None] | None = None
        self.since = 0  # the table's log length when it joined (batched spectator updates)


class Table:
    def __init__(self, meta: dict[str, Any], seats: list[Seat], state: State,
                 entries: list[dict[str, Any]]) -> None:
        self.id: str = meta["id"]
        self.meta = meta
        self.seats = seats
        self.state = state
        self.entries = entries
        self.version = 0
        self.judged = True  # every action entry has its story (False: loaded, judged on first read)
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.Task[None] | None = None
        self.noted: set[str] = set()  # bot problems the log has told already
        self.touched = time.monotonic()
        self.owned = True  # this process runs the table's bots and clocks (PostgreSQL: advisory lock)
        self.presence: asyncio.Task[None] | None = None  # a batched presence message on its way
        # spectators' batched updates: (log index, entry) not sent yet, a full view due, the flush task
        self.watch_pending: list[tuple[int, dict[str, Any]]] = []
        self.watch_full = False
        self.watch_flush: asyncio.Task[None] | None = None
        self.watch_full_text: tuple[tuple[int, int, int], str] | None = None  # a spectator's full view, cached

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def aborted(self) -> bool:
        return self.meta.get("status") == "aborted"

    @property
    def closed(self) -> bool:
        """No more moves: the game is over or was aborted."""
        return self.state.is_over or self.aborted

    @property
    def status(self) -> str:
        return "aborted" if self.aborted else "over" if self.state.is_over else "playing"

    def human_present(self) -> bool:
        return any(s.kind == "human" and s.token is not None for s in self.seats)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; ``None`` for no token; ServerError for a wrong one."""
        if token is None or token == "":
            return None
        digest = token_digest(token)
        for s in self.seats:
            if s.token is not None and secrets.compare_digest(s.token, digest):
                return s.seat
        raise ServerError(403, "this seat token does not belong to any seat of this table")

    def record(self) -> dict[str, Any]:
        """The game's record; ``meta`` says when the creator chose the seed or it was aborted."""
        rec = self.state.record()
        meta = {}
        if self.meta.get("seeded"):
            meta["seed_chosen"] = True
        if self.aborted:
            meta["aborted"] = True
        if meta:
            rec["meta"] = meta
        return rec

