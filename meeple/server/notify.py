"""Telling an absent person that it is their turn at a turn-based table (issue 28).

When a committed decision passes the turn at a ``"mode": "turn"`` table to a seat held by an
account, and that person has no page of the table open (no socket of that seat in this process,
and, with ``--redis``, no socket of that account in any process: ``present`` keys kept alive by
each socket), the account is notified by what it opted into:

- Web Push (``pywebpush``): to every subscription of the account, signed with the server's VAPID
  key pair, which the first start creates and keeps in the database (``meeple_secrets``), so every
  process and every restart signs with the same key (the browsers' subscriptions stay valid);
  a subscription the push service says is gone (404, 410) is dropped.
- Email (``aiosmtplib``), when the server was started with an SMTP URL
  (``smtp://user:password@host:port?from=meeple@example.org``, ``smtps://`` for TLS, ``?starttls=1``).

Exactly once: the notice of one (table, decision) is claimed by inserting its row into
``meeple_notified``; the process or try whose insert fails sends nothing.  Rate limit: per account
and channel at most one notice per ``notify_every`` seconds (the claim checks and moves the
account's ``last_push`` / ``last_mail`` in the same transaction).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

from meeple.i18n.catalog import translate
from meeple.server.model import Table

if TYPE_CHECKING:
    from meeple.server.accounts import People

log = logging.getLogger("meeple.server")
PRESENT_TTL = 30  # seconds a socket's presence key lives without a refresh (refreshed every 10 s)


class Notifier:
    def __init__(self, people: People) -> None:
        self.people = people
        self.local: dict[tuple[str, int], int] = {}  # (table, account) -> sockets open here
        self.keys: dict[str, int] = {}  # presence key in Redis -> sockets of this process keeping it
        self.sent = {"push": 0, "mail": 0}  # notices this process sent (tests, benchmarks)
        self._vapid: Any = None

    # --- VAPID ---------------------------------------------------------------------------

    def vapid(self) -> Any:
        """The server's VAPID key (``py_vapid.Vapid``), made at first start and kept in the database."""
        if self._vapid is None:
            from py_vapid import Vapid

            def make() -> str:
                v = Vapid()
                v.generate_keys()
                return v.private_pem().decode()

            pem = self.people.store.secret("vapid_private", make)
            self._vapid = Vapid.from_pem(pem.encode())
        return self._vapid

    def vapid_public(self) -> str:
        """The public key as the browser's ``applicationServerKey`` (base64url, uncompressed point)."""
        import base64

        from cryptography.hazmat.primitives import serialization

        raw = self.vapid().public_key.public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    # --- presence -------------------------------------------------------------------------

    def _present_key(self, table_id: str, who: int | str) -> str:
        """The Redis key of a page open at a table: ``who`` an account id (a signed-in person's
        socket) or ``"s<seat>"`` (a socket that said hello with that seat's token)."""
        bus: Any = self.people.hub.bus
        return f"{bus.prefix}:present:{table_id}:{who}"

    async def socket_open(self, table_id: str, account_id: int) -> Any:
        """Count a socket of a signed-in person at a table; returns what ``socket_closed`` takes."""
        key = (table_id, account_id)
        self.local[key] = self.local.get(key, 0) + 1
        return self._keep(table_id, account_id)

    async def socket_closed(self, table_id: str, account_id: int, task: Any) -> None:
        key = (table_id, account_id)
        left = self.local.get(key, 0) - 1
        if left > 0:
            self.local[key] = left
        else:
            self.local.pop(key, None)
        await self._let_go(task)

    async def seat_open(self, table_id: str, seat: int) -> Any:
        """A socket said hello with a seat's token (signed in or not): with ``--redis`` the other
        processes see that seat's page open too; returns what ``seat_closed`` takes."""
        return self._keep(table_id, f"s{seat}")

    async def seat_closed(self, watch: Any) -> None:
        await self._let_go(watch)

    def _keep(self, table_id: str, who: int | str) -> Any:
        """Keep the presence key of ``who`` at ``table_id`` alive in Redis while the socket lives
        (``None`` without ``--redis``): a task, and the key's count of sockets in this process."""
        bus = self.people.hub.bus
        if bus is None:
            return None
        name = self._present_key(table_id, who)
        self.keys[name] = self.keys.get(name, 0) + 1
        stop = asyncio.Event()

        async def refresh() -> None:
            while not stop.is_set():
                try:
                    await bus.redis.set(name, "1", ex=PRESENT_TTL)
                except Exception:  # noqa: BLE001 - Redis away: the local count still holds
                    pass
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), PRESENT_TTL / 3)

        return (name, asyncio.get_running_loop().create_task(refresh()), stop)

    async def _let_go(self, watch: Any) -> None:
        """A socket closed.  Nothing here waits (a closing socket's task may be cancelled, as the
        test client does): the key's last user starts a task that ends the refresh once its SET is
        answered (not cancelled mid-way: a SET still on its way on another connection could land
        after the DELETE and keep the page "open" for 30 s), then deletes the key."""
        if watch is None:
            return
        name, task, stop = watch
        stop.set()
        left = self.keys.get(name, 0) - 1
        if left > 0:
            self.keys[name] = left
            return
        self.keys.pop(name, None)
        self.people._spawn(self._drop_key(name, task))

    async def _drop_key(self, name: str, task: Any) -> None:
        try:
            await asyncio.wait_for(task, 5)
        except Exception:  # noqa: BLE001 - a refresh stuck on Redis: stopped, the key expires anyway
            task.cancel()
        if name in self.keys:  # a new socket of the same page meanwhile: it keeps the key
            return
        try:
            bus: Any = self.people.hub.bus
            await bus.redis.delete(name)
        except Exception:  # noqa: BLE001 - it expires by itself
            pass

    async def present(self, table: Table, seat: int, account_id: int) -> bool:
        """Has the person of ``seat`` (the account ``account_id``) a page of ``table`` open: a
        socket of that seat here, a socket of that account here, or either on another process."""
        if any(c.seat == seat for c in table.clients) or self.local.get((table.id, account_id)):
            return True
        bus = self.people.hub.bus
        if bus is None:
            return False
        try:
            return bool(await bus.redis.exists(self._present_key(table.id, account_id),
                                               self._present_key(table.id, f"s{seat}")))
        except Exception:  # noqa: BLE001 - Redis away: notify rather than stay silent
            return False

    # --- the notice -----------------------------------------------------------------------

    async def turn_passed(self, table: Table) -> None:
        """The turn passed (a committed decision): notify its person if absent, once."""
        people = self.people
        await people.load(table)
        if table.meta.get("mode") != "turn" or table.closed:
            return
        await people.load(table, fresh=True)  # a seat taken on another process since
        seat = table.state.to_move
        account_id = table.meta["accounts"].get(seat)
        if account_id is None or table.seats[seat].kind != "human":
            return
        if await self.present(table, seat, account_id):
            return
        decision = len(table.state.history)
        try:
            channels, account = await people.hub.db(people.store.claim_notice, table.id, decision, account_id,
                                                    people.notify_every)
            if not channels or account is None:
                return
        except Exception:  # noqa: BLE001 - the database away: no notice, the game goes on
            log.exception("table %s: notice not claimed", table.id)
            return
        lang = account.get("lang") or "en"
        game = table.state.game.title
        title = translate(lang, "web.notify_title", game=game)
        text = translate(lang, "web.notify_body", game=game, name=account["name"])
        link = f"{people.base_url}/t/{table.id}"
        if "push" in channels:
            await self._push(account_id, {"title": title, "body": text, "url": f"/t/{table.id}"})
        if "mail" in channels and people.smtp and account.get("email"):
            await self._mail(account["email"], title, f"{text}\n\n{link}\n")

    async def _push(self, account_id: int, data: dict[str, Any]) -> None:
        people = self.people
        subs = await people.hub.db(people.store.pushes_of, account_id)
        for sub in subs:
            try:
                status = await people.hub.db(self._push_one, sub, json.dumps(data))
            except Exception:  # noqa: BLE001 - one push service failing does not stop the others
                log.warning("push to %s failed", sub["endpoint"][:60], exc_info=True)
                continue
            if status in (404, 410):
                await people.hub.db(people.store.drop_push, sub["endpoint"])
            elif status < 300:
                self.sent["push"] += 1

    def _push_one(self, sub: dict[str, Any], data: str) -> int:
        from pywebpush import WebPushException, webpush

        origin = urlsplit(sub["endpoint"])
        claims = {"sub": "mailto:admin@" + (urlsplit(self.people.base_url).hostname or "localhost"),
                  "aud": f"{origin.scheme}://{origin.netloc}", "exp": int(time.time()) + 12 * 3600}
        try:
            res = webpush({"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}},
                          data, vapid_private_key=self.vapid(), vapid_claims=claims, ttl=24 * 3600, timeout=10)
        except WebPushException as exc:
            return int(exc.response.status_code) if exc.response is not None else 500
        return int(getattr(res, "status_code", 201))

    async def _mail(self, to: str, subject: str, body: str) -> None:
        import aiosmtplib

        url = urlsplit(self.people.smtp or "")
        query = parse_qs(url.query)
        sender = query.get("from", [f"meeple@{url.hostname or 'localhost'}"])[0]
        message = EmailMessage()
        message["From"] = sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        try:
            await aiosmtplib.send(
                message, hostname=url.hostname or "localhost", port=url.port or (465 if url.scheme == "smtps" else 25),
                username=unquote(url.username) if url.username else None,
                password=unquote(url.password) if url.password else None,
                use_tls=url.scheme == "smtps", start_tls=bool(query.get("starttls")) or None, timeout=15)
        except Exception:  # noqa: BLE001 - the mail server away: logged, the game goes on
            log.warning("mail to an account failed", exc_info=True)
            return
        self.sent["mail"] += 1
