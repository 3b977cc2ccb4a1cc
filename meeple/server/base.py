"""What the parts of the hub share: the store, the live tables and the storage hop.

``Hub`` (``hub.py``) is assembled from one mixin per concern, each in its own
module: tables and seats (``tables.py``), live connections (``live.py``), bot
turns (``driver.py``) and clocks (``clocks.py``).  They all derive from
``HubBase``, which holds the shared state and names the methods one part
calls on another (the mixins define them).
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from meeple.engine import State
from meeple.engine.messages import msg
from meeple.server.botpool import BotPool
from meeple.server.levels import Level, load_levels
from meeple.server.limits import Limits, RateLimiter
from meeple.server.model import Client, ServerError, Table
from meeple.server.store import Store

_INLINE = {"add_entry", "update_seats", "claim_seat", "truncate", "create_table"}


class HubBase:
    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int = 2,
                 db_workers: int = 4, levels: dict[str, Level] | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.pool = BotPool(bot_workers)
        self.fallbacks = 0  # bot decisions a level's fallback (or a random move) made: /api/health
        self.levels: dict[str, Level] = dict(levels) if levels is not None else load_levels(None)
        self.db_pool = ThreadPoolExecutor(max_workers=db_workers, thread_name_prefix="meeple-db")
        self._replays: OrderedDict[str, list[State]] = OrderedDict()
        self.stopping = False
        self._resumer: asyncio.Task[None] | None = None  # loads the running tables at start (hub.py)
        self._sweeper: asyncio.Task[None] | None = None
        self._syncer: asyncio.Task[None] | None = None
        self.limits = Limits()
        self.rate = RateLimiter()
        self.sockets_by_peer: dict[str, int] = {}
        self.created_by_peer: dict[str, set[str]] = {}
        self.allow_seeds = False  # a creator may choose the seed (testing only; marked everywhere)
        self.sync_every = 1.0  # seconds between looks at tables other processes changed (PostgreSQL)
        self.people: Any = None  # accounts.People (issue 28): account seats, ratings, notifications

    def account_name(self) -> str:
        """The signed-in person's account name ('' without one): their seat's default name."""
        return "" if self.people is None else str(self.people.account_name())

    def seat_token(self, table_id: str, seat: int) -> str:
        """A new seat's secret token: random, or the signed-in account's (accounts.py)."""
        return secrets.token_urlsafe(18) if self.people is None else str(self.people.token_for(table_id, seat))

    async def db(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a storage call: in a worker thread for a networked database; inline for
        SQLite, whose commits take well under a millisecond (a thread hop costs more)."""
        if self.store.is_sqlite and getattr(fn, "__self__", None) is self.store and fn.__name__ in _INLINE:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, lambda: fn(*args, **kwargs))

    def limit(self, what: str, peer: str, rate: float, burst: float) -> None:
        """ServerError 429 when ``peer`` is over its rate for ``what``."""
        wait = self.rate.hit(what, peer, rate, burst)
        if wait is not None:
            raise ServerError(429, msg("server.limit.rate", what=what, wait=f"{wait:.1f}"), retry_after=wait)

    def socket_opens(self, table: Table, peer: str) -> None:
        """Count a new socket of ``peer`` at ``table``; ServerError 429 over a cap."""
        if len(table.clients) >= self.limits.sockets_per_table:
            raise ServerError(429, msg("server.limit.watchers"))
        if self.sockets_by_peer.get(peer, 0) >= self.limits.sockets_per_client:
            raise ServerError(429, msg("server.limit.sockets"))
        self.sockets_by_peer[peer] = self.sockets_by_peer.get(peer, 0) + 1

    def _client_gone(self, client: Client) -> None:
        left = self.sockets_by_peer.get(client.peer, 0) - 1
        if left > 0:
            self.sockets_by_peer[client.peer] = left
        else:
            self.sockets_by_peer.pop(client.peer, None)

    # --- provided by the mixins (declared for the type checker only: the mixins of ``Hub``
    # define them, so nothing here runs) --------------------------------------------------

    if TYPE_CHECKING:

        async def get(self, table_id: str) -> Table: ...

        async def stories(self, table: Table, spectator: bool = False) -> None: ...

        def payload(self, table: Table, seat: int | None, with_log: bool = True) -> dict[str, Any]: ...

        async def broadcast(self, table: Table, new_entries: list[dict[str, Any]], full: bool = False) -> None: ...

        async def attach(self, table: Table, client: Client) -> None: ...

        async def _apply(self, table: Table, seat: int, notation: str, actor: str) -> dict[str, Any]: ...

        async def _note(self, table: Table, event: dict[str, Any],
                        seat_updates: list[dict[str, Any]] | None = None) -> None: ...

        async def _come_back_locked(self, table: Table, seat: int) -> None: ...

        async def _reload(self, table: Table) -> None: ...

        def _kick(self, table: Table) -> None: ...

        def _zombie_spec(self) -> tuple[str, str | None]: ...

        def _deadline_updates(self, table: Table, state: State, fresh: bool = True) -> list[dict[str, Any]]: ...

        def _set_deadlines(self, table: Table, updates: list[dict[str, Any]]) -> None: ...

        def _arm_clock(self, table: Table) -> None: ...

        async def _clock_after_change(self, table: Table, persist: bool, fresh: bool = False) -> None: ...
