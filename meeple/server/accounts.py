"""People on the server (issue 28): accounts, sessions, CSRF, and the hooks the hub calls.

Accounts are optional: a seat taken without one keeps its random seat token exactly as before.
A signed-in person (a session cookie, or the same session as ``Authorization: Bearer``) who
creates or joins a table sits there as their account: the seat's token is then derived from
the server's key, the table, the seat and the account (an HMAC), so ``GET /api/me/tables`` can
hand it to that person on any device, and everything else (acts, the socket's hello) works on
the seat token as it always did.

- Passwords are hashed with argon2id (``argon2-cffi``); a sign-in with an unknown name verifies
  the password against a dummy hash of the same cost, so both refusals take the same time and
  say the same words.
- Sessions are random tokens (stored as SHA-256 digests, 30 days); the cookie is ``HttpOnly``,
  ``SameSite=Lax`` and ``Secure`` when the request came over https.
- CSRF: a state-changing request (not GET/HEAD/OPTIONS) that carries the session cookie must
  carry ``X-CSRF-Token`` equal to the session's CSRF token (an HMAC of the session token, also
  set as the readable ``meeple_csrf`` cookie: the double-submit pattern, signed); a bearer
  request carries no cookie and needs none.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from meeple.engine.messages import msg
from meeple.server.model import ServerError, Table
from meeple.server.people_store import SESSION_DAYS, PeopleStore
from meeple.server.store import token_digest

if TYPE_CHECKING:
    from meeple.server.hub import Hub

log = logging.getLogger("meeple.server")
SESSION_COOKIE = "meeple_session"
CSRF_COOKIE = "meeple_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
CACHE_SECONDS = 5.0  # a session looked up is trusted this long (a sign-out elsewhere: at most this late)

CURRENT: ContextVar[dict[str, Any] | None] = ContextVar("meeple_account", default=None)
"""The signed-in account of the request being served (``{"id", "name"}``), set by the middleware."""


def refusal(status: int, key: str, **args: Any) -> ServerError:
    """A refusal whose words come from the catalog (English ``error``, the message for the page)."""
    text = str(msg(key, **args)["text"])
    return ServerError(status, text, detail={"key": key, "args": args, "text": text})


class People:
    """Accounts, sessions and the hub's hooks (``hub.people``); storage in ``PeopleStore``."""

    def __init__(self, hub: Hub, *, hash_cost: dict[str, int] | None = None, smtp: str | None = None,
                 base_url: str | None = None, notify_every: float = 60.0,
                 session_cache: float = CACHE_SECONDS) -> None:
        self.hub = hub
        self.store = PeopleStore(hub.store)
        cost = {"time_cost": 3, "memory_cost": 65536, "parallelism": 1, **(hash_cost or {})}
        self.hasher = PasswordHasher(time_cost=cost["time_cost"], memory_cost=cost["memory_cost"],
                                     parallelism=cost["parallelism"])
        self._dummy: str | None = None
        self._key: bytes | None = None
        self._cache: dict[str, tuple[float, dict[str, Any] | None]] = {}
        self.smtp = smtp
        self.base_url = (base_url or "").rstrip("/")
        self.notify_every = notify_every
        self.session_cache = session_cache
        self.notifier: Any = None  # notify.Notifier, set by install()
        self.ratings: Any = None  # ratings.Ratings, set by install()
        self.tasks: set[asyncio.Task[Any]] = set()
        self._started = False
        self._listener: asyncio.Task[None] | None = None
        self.allow_http_push = False

    # --- secrets and tokens -------------------------------------------------------------

    def key(self) -> bytes:
        if self._key is None:
            self._key = base64.b64decode(self.store.secret("server_key",
                                                           lambda: base64.b64encode(secrets.token_bytes(32)).decode()))
        return self._key

    def _mac(self, text: str, size: int = 24) -> str:
        raw = hmac.new(self.key(), text.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")[:size]

    def seat_token(self, table_id: str, seat: int, account_id: int) -> str:
        """The seat token of an account's seat (derived, so any of its devices can be given it)."""
        return self._mac(f"seat:{table_id}:{seat}:{account_id}")

    def csrf_for(self, session_token: str) -> str:
        return self._mac(f"csrf:{session_token}", 32)

    # --- passwords and sessions -----------------------------------------------------------

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return bool(self.hasher.verify(stored, password))
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def dummy_hash(self) -> str:
        if self._dummy is None:
            self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        return self._dummy

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def sign_up(self, name: str, password: str) -> int | None:
        """A new account's id (None: the name is taken); blocking (hashing): call from a thread."""
        return self.store.create_account(name, self.hash(password))

    def sign_in(self, name: str, password: str) -> dict[str, Any] | None:
        """The account for a right name and password, else None, in the same time either way
        (an unknown name verifies against a dummy hash); blocking: call from a thread."""
        row = self.store.account_by_name(name)
        ok = self._verify(row["hash"] if row is not None else self.dummy_hash(), password)
        if row is None or not ok or row["disabled"]:
            return None
        return row

    async def session(self, token: str) -> dict[str, Any] | None:
        """The account of a session token (cached for ``session_cache`` seconds, by its digest;
        with ``--redis`` a sign-out or a disabled account on any process drops it at once)."""
        now = time.monotonic()
        digest = token_digest(token)
        hit = self._cache.get(digest)
        if hit is not None and hit[0] > now:
            return hit[1]
        account = await self.hub.db(self.store.session_account, token)
        if len(self._cache) > 10_000:
            self._cache.clear()
        self._cache[digest] = (now + self.session_cache, account)
        return account

    async def forget(self, token: str) -> None:
        """A session ended here: drop it from this process's cache and, with ``--redis``, from
        every other process's (its digest on the people channel, never the token)."""
        digest = token_digest(token)
        self._cache.pop(digest, None)
        await self._announce({"digest": digest})

    def dropped(self, message: dict[str, Any]) -> None:
        """A session or an account ended on another process (or by ``meeple admin``): drop it."""
        digest, name = message.get("digest"), message.get("name")
        if isinstance(digest, str):
            self._cache.pop(digest, None)
        if isinstance(name, str):
            key = name.casefold()
            for d, (_, account) in list(self._cache.items()):
                if account is not None and str(account["name"]).casefold() == key:
                    self._cache.pop(d, None)

    async def _announce(self, message: dict[str, Any]) -> None:
        bus = self.hub.bus
        if bus is None or bus.redis is None:
            return
        try:
            await bus.redis.publish(people_channel(bus.prefix), json.dumps(message))
        except Exception:  # noqa: BLE001 - Redis away: the others' caches expire by themselves
            log.warning("a session's end was not published on Redis")

    async def start(self) -> None:
        """With ``--redis``: listen on the people channel (after ``hub.start``, which connects)."""
        bus = self.hub.bus
        if bus is not None and bus.redis is not None and self._listener is None:
            ready = asyncio.get_running_loop().create_future()
            self._listener = asyncio.get_running_loop().create_task(self._listen(ready))
            with contextlib.suppress(TimeoutError):  # Redis slow to answer: the listener keeps trying
                await asyncio.wait_for(asyncio.shield(ready), timeout=5)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
            self._listener = None

    async def _listen(self, ready: asyncio.Future[None]) -> None:
        bus: Any = self.hub.bus
        while True:
            pubsub = bus.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(people_channel(bus.prefix))
                self._cache.clear()  # anything may have ended while not listening
                if not ready.done():
                    ready.set_result(None)
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        with contextlib.suppress(ValueError, TypeError, AttributeError):
                            self.dropped(json.loads(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away for a moment: subscribe again
                log.warning("the people channel on Redis ended; subscribing again")
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    # --- hooks the hub calls --------------------------------------------------------------

    def account_name(self) -> str:
        account = CURRENT.get()
        return "" if account is None else str(account["name"])

    def token_for(self, table_id: str, seat: int) -> str:
        """The token of a seat being taken now: the account's (signed in) or a random one."""
        account = CURRENT.get()
        if account is None:
            return secrets.token_urlsafe(18)
        return self.seat_token(table_id, seat, account["id"])

    async def table_created(self, table: Table, body: dict[str, Any], me: int | None) -> None:
        account = CURRENT.get()
        seats = {me: account["id"]} if account is not None and me is not None else {}
        rated = bool(body.get("rated")) and not table.meta.get("seeded")
        mode = body.get("mode") or "live"
        table.meta["rated"] = rated
        table.meta["mode"] = mode
        table.meta["accounts"] = dict(seats)
        await self.hub.db(self.store.table_created, table.id, rated, mode, body.get("rematch_of"), seats)

    def check_create(self, body: dict[str, Any], me: int | None) -> None:
        """A rated table seats only accounts and bots: its creator, when seated, must be signed in."""
        if body.get("rated") and me is not None and CURRENT.get() is None:
            raise refusal(401, "web.err_rated_sign_in")

    async def check_join(self, table: Table) -> None:
        await self.load(table, fresh=True)
        account = CURRENT.get()
        if table.meta.get("rated") and account is None:
            raise refusal(401, "web.err_rated_sign_in")
        if table.meta.get("rated") and account is not None and account["id"] in table.meta["accounts"].values():
            raise refusal(409, "web.err_already_seated")  # one seat per person at a rated table

    async def seat_taken(self, table: Table, seat: int) -> None:
        account = CURRENT.get()
        if account is None:
            return
        await self.load(table)
        table.meta["accounts"][seat] = account["id"]
        await self.hub.db(self.store.seat_taken, table.id, seat, account["id"])

    async def load(self, table: Table, fresh: bool = False) -> None:
        """Give a table's ``meta`` its people (rated, mode, account seats) once; ``fresh``: read
        them again (another process may have seated an account since)."""
        if "accounts" in table.meta:
            known = table.meta["accounts"]
            # every person's seat known to be an account's: nothing another process can change
            if not fresh or all(s.kind != "human" or s.seat in known for s in table.seats):
                return
        row, seats = await self.hub.db(self.store.table_people, table.id)
        table.meta["rated"] = bool(row and row["rated"])
        table.meta["mode"] = row["mode"] if row else "live"
        table.meta["accounts"] = seats

    def changed(self, table: Table, entry: dict[str, Any]) -> None:
        """After a committed decision: rate a finished table, notify the person whose turn it is."""
        if table.state.is_over:
            if self.ratings is not None:
                self._spawn(self.ratings.table_over(table))
        elif (self.notifier is not None and table.meta.get("mode", "turn") == "turn"  # a live table: no notice
              and table.state.to_move != entry.get("seat")):  # the turn passed
            self._spawn(self.notifier.turn_passed(table))

    async def catch_up(self) -> int:
        """Rate the finished rated tables whose rating was not written (a process that stopped
        in between); the number rated.  Run once, at a process's first request."""
        done = 0
        try:
            for table_id in await self.hub.db(self.store.unrated_finished):
                if self.ratings is not None and await self.ratings.table_over(await self.hub.get(table_id)):
                    done += 1
        except Exception:  # noqa: BLE001 - the database away or a game gone: tried at the next start
            log.warning("rating catch-up stopped", exc_info=True)
        return done

    def started(self) -> None:
        """The first request of this process: the catch-up runs in the background."""
        if not self._started:
            self._started = True
            self._spawn(self.catch_up())

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def settle(self) -> None:
        """Wait for the ratings and notifications under way (tests, shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)


def people_channel(prefix: str) -> str:
    """The Redis channel on which session and account ends are announced (``bus.namespace``)."""
    return f"{prefix}:people"


def announce_account(redis_url: str, store: Any, name: str) -> None:
    """Tell every server process on ``store``'s site, over Redis, that the account ``name``
    changed (disabled, a new password): they drop its cached sessions at once (``meeple admin``)."""
    import redis as sync_redis

    from meeple.server.bus import namespace

    client = sync_redis.Redis.from_url(redis_url)
    try:
        client.publish(people_channel(namespace(store)), json.dumps({"name": name}))
    finally:
        client.close()


def session_cookie_args(secure: bool) -> dict[str, Any]:
    return {"max_age": SESSION_DAYS * 86400, "path": "/", "secure": secure, "samesite": "lax"}


class PeopleMiddleware:
    """Pure ASGI middleware: who is signed in (``CURRENT``, ``scope["state"]["account"]``) and the
    CSRF check of cookie requests that change something (403 without the right header)."""

    def __init__(self, app: Any, people: People) -> None:
        self.app = app
        self.people = people

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        self.people.started()
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        token, by_cookie = None, False
        auth = headers.get("authorization", "")
        if auth[:7].lower() == "bearer ":
            token = auth[7:].strip() or None
        else:
            token = _cookie(headers.get("cookie", ""), SESSION_COOKIE)
            by_cookie = token is not None
        account = None
        if token is not None and len(token) <= 128:
            account = await self.people.session(token)
        if (account is not None and by_cookie and scope["type"] == "http"
                and scope.get("method", "GET") not in SAFE_METHODS):
            sent = headers.get(CSRF_HEADER, "")
            assert token is not None
            if not hmac.compare_digest(sent.encode(), self.people.csrf_for(token).encode()):
                await _send_json(send, 403, refusal(403, "web.err_csrf"))
                return
        scope.setdefault("state", {})["account"] = account
        scope["state"]["session"] = token if account is not None else None
        reset = CURRENT.set(account)
        watch: tuple[str, int, Any] | None = None
        if scope["type"] == "websocket" and account is not None and self.people.notifier is not None:
            path = str(scope.get("path", ""))
            if path.startswith("/ws/"):  # a signed-in person with the table open: no notice (notify.py)
                table_id = path[4:36]
                watch = (table_id, account["id"], await self.people.notifier.socket_open(table_id, account["id"]))
        try:
            await self.app(scope, receive, send)
        finally:
            CURRENT.reset(reset)
            if watch is not None:
                await self.people.notifier.socket_closed(*watch)


def _cookie(header: str, name: str) -> str | None:
    for part in header.split(";"):
        k, _, v = part.strip().partition("=")
        if k == name and v:
            return v
    return None


async def _send_json(send: Any, status: int, exc: ServerError) -> None:
    import json

    body = json.dumps({"error": exc.message, "message": exc.detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
