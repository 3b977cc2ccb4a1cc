"""The server's in-memory pieces: tables, seats, connected clients, errors.

Nothing here knows any game's rules: only the engine contract is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from meeple.engine import State
from meeple.engine.messages import msg
from meeple.i18n.render import render
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
    """An error with an HTTP status, shown to the client as ``{"error": text, "key", "args"}``.

    ``message`` is a catalog message (``meeple.engine.messages.msg("server....", **args)``, issue 27):
    its key and arguments travel beside the text, which the server renders in the requester's
    language (``web.request_language``); ``self.message`` is the English text (logs, tests).  A
    plain string is an English sentence with no key (code not yet converted).  A refusal the game
    gave as a catalog message (``IllegalAction.message``, issue 14) comes as ``detail`` and is sent
    as ``{"message": {"key", "args", "text"}}``, its text rendered in the reader's language too."""

    def __init__(self, status: int, message: str | Mapping[str, Any], retry_after: float | None = None,
                 detail: dict[str, Any] | None = None) -> None:
        self.key: str | None = None
        self.arguments: dict[str, Any] = {}
        if isinstance(message, Mapping):
            self.key = str(message["key"])
            self.arguments = dict(message.get("args") or {})
            text = render("en", {"key": self.key, "args": self.arguments})
        else:
            text = message
        super().__init__(text)
        self.status = status
        self.message = text
        self.retry_after = retry_after
        self.detail = detail

    def text(self, lang: str | None) -> str:
        """The error in ``lang`` (the game's refusal when it gave one, else the server's words)."""
        if self.detail is not None and self.detail.get("key"):
            return render(lang, self.detail)
        if self.key is None:
            return self.message
        return render(lang, {"key": self.key, "args": self.arguments})

    def body(self, lang: str | None) -> dict[str, Any]:
        """The JSON answer: the text in ``lang``, the stable ``key`` and its ``args`` beside it."""
        out: dict[str, Any] = {"error": self.text(lang)}
        if self.key is not None:
            out["key"] = self.key
            out["args"] = self.arguments
        if self.detail is not None:
            out["message"] = self.detail
            if self.detail.get("key") and self.key is None:
                out["key"] = self.detail["key"]
                out["args"] = self.detail.get("args") or {}
        return out


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
        # whether the spectators' verdicts are judged as decisions come (issue 30: from the table's
        # first spectator on, in this process; the entries before it are judged then, story.labelled)
        self.watched = False
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
    def readers(self) -> list[int]:
        """The seats whose log is judged (``story.story_of``): people's seats; a bot's reads none."""
        return [s.seat for s in self.seats if s.kind == "human"]

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
        raise ServerError(403, msg("server.token.unknown"))

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

