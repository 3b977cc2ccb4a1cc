"""The people's API (issue 28), one ``APIRouter`` included by ``create_app`` through ``install``.

- ``POST   /api/accounts``            ``{"name", "password"}`` -> 201 ``{"name"}``
- ``POST   /api/session``             ``{"name", "password"}`` -> the session cookie and ``{"token", "csrf", "name"}``
- ``DELETE /api/session``             sign out (the cookie needs ``X-CSRF-Token``, as every change made with it)
- ``GET    /api/me``                  the signed-in account, its settings and ratings (``{"name": null}``: none)
- ``PUT    /api/me/settings``         ``{"push", "mail", "email", "lang"}`` (each optional)
- ``POST   /api/me/push``             a Web Push subscription ``{"endpoint", "keys": {"p256dh", "auth"}}``
- ``GET    /api/me/tables``           running tables (yours to move first) and finished ones, with seat tokens
- ``GET    /api/push/key``            the server's VAPID public key (for ``pushManager.subscribe``)
- ``GET    /api/ratings/{game}``      the leaderboard (``?players=2`` or ``3+``): people and bot levels
- ``GET    /api/people/{name}``       a person's ratings and rating history
- ``GET    /api/tables/{id}/people``  whether a table is rated, live or turn-based, and its account seats
- ``POST   /api/tables/{id}/rematch`` a new table with the same game, options and people (the caller's seat)
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import Field, StrictBool, StrictStr

from meeple.server.accounts import (
    CSRF_COOKIE,
    CURRENT,
    SESSION_COOKIE,
    People,
    PeopleMiddleware,
    refusal,
    session_cookie_args,
)
from meeple.server.model import Table
from meeple.server.ratings import Ratings, klass_of, unrated_because
from meeple.server.schemas import Name, _Body
from meeple.server.web import body_of

Password = Annotated[StrictStr, Field(min_length=8, max_length=200)]
REMATCH_WAIT = 10.0  # seconds a rematch asked for waits for another process making the same one
REMATCH_STALE = 60.0  # seconds after which a claimed rematch never made is made by the next ask


class Credentials(_Body):
    name: Annotated[Name, Field(min_length=1)]
    password: Annotated[StrictStr, Field(min_length=1, max_length=200)]


class SignUp(_Body):
    name: Annotated[Name, Field(min_length=1)]
    password: Password


class Settings(_Body):
    push: StrictBool | None = None
    mail: StrictBool | None = None
    email: Annotated[StrictStr, Field(max_length=254, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")] | None = None
    lang: Literal["en", "zh_TW"] | None = None


class PushKeys(_Body):
    p256dh: Annotated[StrictStr, Field(min_length=16, max_length=256)]
    auth: Annotated[StrictStr, Field(min_length=8, max_length=64)]


class PushSub(_Body):
    endpoint: Annotated[StrictStr, Field(min_length=8, max_length=1024, pattern=r"^https?://")]
    keys: PushKeys
    expirationTime: float | None = None  # noqa: N815 - the browser's own field name


def install(app: FastAPI, hub: Any, options: dict[str, Any] | None = None) -> People:
    """Give ``app`` its people: the middleware, the router, the hub's hooks (``hub.people``).
    ``options``: ``hash_cost`` (argon2 ``time_cost``/``memory_cost``/``parallelism``; tests make
    it cheap), ``smtp`` (an ``smtp://`` or ``smtps://`` URL: email notifications), ``base_url``
    (the site's address in notifications), ``notify_every`` (seconds between two notices of one
    kind to one account), ``logins_per_minute`` (sign-ins per client address), ``name_login_burst`` and
    ``name_logins_per_minute`` (failed sign-ins per name from any address: 10 at once, then 1 a minute),
    ``signups_per_minute``
    (new accounts per client address), ``allow_http_push`` (accept ``http://`` push endpoints: tests only;
    otherwise only ``https://``, so that a subscription cannot make the server post to a local address)."""
    from meeple.server.notify import Notifier

    opts = dict(options or {})
    logins = float(opts.pop("logins_per_minute", 10.0))
    signups = float(opts.pop("signups_per_minute", 5.0))
    by_name = (float(opts.pop("name_logins_per_minute", 1.0)), float(opts.pop("name_login_burst", 10.0)))
    allow_http_push = bool(opts.pop("allow_http_push", False))
    people = People(hub, **opts)
    people.allow_http_push = allow_http_push  # tests: a push service on loopback
    people.ratings = Ratings(people)
    people.notifier = Notifier(people)
    hub.people = people
    app.add_middleware(PeopleMiddleware, people=people)
    app.include_router(router(people, logins, signups, *by_name))
    return people


def router(people: People, logins_per_minute: float, signups_per_minute: float,  # noqa: C901 - one route each
           by_name_rate: float = 1.0, by_name_burst: float = 10.0) -> APIRouter:
    hub = people.hub
    r = APIRouter()

    def peer(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    def me(request: Request) -> dict[str, Any]:
        account = request.scope.get("state", {}).get("account")
        if account is None:
            raise refusal(401, "web.err_sign_in")
        return dict(account)

    def page() -> FileResponse:
        from meeple.server.routes_pages import STATIC

        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    for path in ("/me", "/ratings/{game}", "/u/{name}"):
        r.add_api_route(path, page, include_in_schema=False)

    @r.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        from meeple.server.routes_pages import STATIC

        return FileResponse(STATIC / "sw.js", media_type="text/javascript",
                            headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})

    @r.post("/api/accounts", status_code=201)
    async def sign_up(request: Request) -> dict[str, Any]:
        hub.limit("signups", peer(request), signups_per_minute / 60.0, signups_per_minute)
        body = await body_of(request, SignUp)
        account_id = await hub.db(people.sign_up, body.name, body.password)
        if account_id is None:
            raise refusal(409, "web.err_name_taken")
        return {"name": body.name}

    @r.post("/api/session")
    async def sign_in(request: Request) -> JSONResponse:
        hub.limit("logins", peer(request), logins_per_minute / 60.0, logins_per_minute)
        body = await body_of(request, Credentials)
        # per name too, from any address: taken before the name is looked up (an unknown name's
        # bucket runs out exactly as a known one's: the same 429, the same time), given back by
        # a right password, so only failures count and concurrent guesses cannot overtake it
        by_name = "name:" + body.name.casefold()
        hub.limit("logins", by_name, by_name_rate / 60.0, by_name_burst)
        account = await hub.db(people.sign_in, body.name, body.password)
        if account is None:  # one answer for a wrong password, an unknown name and a disabled account
            raise refusal(401, "web.err_sign_in_failed")
        hub.rate.give_back("logins", by_name, by_name_burst)
        token = await hub.db(people.store.new_session, account["id"])
        csrf = people.csrf_for(token)
        out = JSONResponse({"token": token, "csrf": csrf, "name": account["name"]})
        secure = request.url.scheme == "https"
        out.set_cookie(SESSION_COOKIE, token, httponly=True, **session_cookie_args(secure))
        out.set_cookie(CSRF_COOKIE, csrf, httponly=False, **session_cookie_args(secure))
        return out

    @r.delete("/api/session")
    async def sign_out(request: Request) -> JSONResponse:
        token = request.scope.get("state", {}).get("session")
        if token is not None:
            await hub.db(people.store.end_session, token)
            await people.forget(token)
        out = JSONResponse({"ok": True})
        out.delete_cookie(SESSION_COOKIE, path="/")
        out.delete_cookie(CSRF_COOKIE, path="/")
        return out

    @r.get("/api/me")
    async def api_me(request: Request) -> dict[str, Any]:
        if request.scope.get("state", {}).get("account") is None:
            return {"name": None}  # nobody signed in: an answer, not an error (the page asks on every load)
        account = me(request)
        row = await hub.db(people.store.account, account["id"])
        history = await hub.db(people.store.history_of, f"a:{account['id']}")
        return {"name": account["name"], "push": row["push"], "mail": row["mail"], "email": row["email"],
                "lang": row.get("lang") or "en", "history": [_history(h) for h in history]}

    @r.put("/api/me/settings")
    async def api_settings(request: Request) -> dict[str, Any]:
        account = me(request)
        body = await body_of(request, Settings)
        values = body.model_dump(exclude_none=True)
        if values.get("mail") and not body.email:
            row = await hub.db(people.store.account, account["id"])
            if not row["email"]:
                raise refusal(400, "web.err_email_needed")
        if values:
            await hub.db(people.store.update_account, account["id"], **values)
        return {"ok": True}

    @r.post("/api/me/push")
    async def api_push(request: Request) -> dict[str, Any]:
        account = me(request)
        body = await body_of(request, PushSub)
        if not body.endpoint.startswith("https://") and not people.allow_http_push:
            raise refusal(400, "web.err_push_https")
        await hub.db(people.store.add_push, account["id"], body.endpoint, body.keys.p256dh, body.keys.auth)
        await hub.db(people.store.update_account, account["id"], push=True)
        return {"ok": True}

    @r.get("/api/push/key")
    async def api_push_key() -> dict[str, Any]:
        return {"key": await hub.db(people.notifier.vapid_public)}

    @r.get("/api/me/tables")
    async def api_my_tables(request: Request) -> dict[str, Any]:
        account = me(request)
        mine = await hub.db(people.store.tables_of, account["id"])
        rows = await hub.db(people.store.table_rows, [t for t, _ in mine])
        waiting: list[dict[str, Any]] = []
        running: list[dict[str, Any]] = []
        finished: list[dict[str, Any]] = []
        for table_id, seat in mine:
            row = rows.get(table_id)
            if row is None:
                continue
            to_move = await _to_move(hub, table_id, row)
            item = {"table": table_id, "game": row["game"], "players": row["players"], "status": row["status"],
                    "seat": seat, "token": people.seat_token(table_id, seat, account["id"]),
                    "seats": [s["name"] for s in row["seats"]], "updated": row["updated"],
                    "your_turn": row["status"] == "playing" and to_move == seat,
                    "link": f"/t/{table_id}"}
            if row["status"] == "playing":
                (waiting if item["your_turn"] else running).append(item)
            else:
                item["replay"] = f"/replay/{table_id}"
                finished.append(item)
        return {"tables": waiting + running + finished}

    @r.get("/api/ratings/{game}")
    async def api_ratings(game: str, players: str | None = None) -> dict[str, Any]:
        from meeple import games

        if game not in games.names():
            raise refusal(404, "web.err_no_game", game=game[:40])
        if players not in (None, "2", "3+"):
            raise refusal(400, "web.err_players_class")
        return {"game": game, "ratings": await people.ratings.leaderboard(game, players)}

    @r.get("/api/people/{name}")
    async def api_person(name: str) -> dict[str, Any]:
        row = await hub.db(people.store.account_by_name, name[:64])
        if row is None:
            raise refusal(404, "web.err_no_person")
        history = await hub.db(people.store.history_of, f"a:{row['id']}")
        return {"name": row["name"], "history": [_history(h) for h in history]}

    @r.get("/api/tables/{table_id}/people")
    async def api_table_people(table_id: str) -> dict[str, Any]:
        table = await hub.get(table_id)
        await people.load(table)
        names = await hub.db(people.store.accounts_named, list(table.meta["accounts"].values()))
        rated = table.meta["rated"] and unrated_because(table) in (None, "not finished")  # an undo: no longer
        return {"rated": rated, "mode": table.meta["mode"],
                "accounts": {str(s): names.get(a, "?") for s, a in table.meta["accounts"].items()},
                "class": klass_of(len(table.seats)),
                "rematch": table.meta.get("rematch")}

    @r.post("/api/tables/{table_id}/rematch")
    async def api_rematch(table_id: str, request: Request) -> dict[str, Any]:
        who = peer(request)
        hub.limit("creates", who, hub.limits.creates_per_minute / 60.0, hub.limits.creates_per_minute)
        return await rematch(people, await hub.get(table_id), request.headers.get("x-seat-token"), who)

    return r


async def _to_move(hub: Any, table_id: str, row: dict[str, Any]) -> int | None:
    """The seat to move at a running table: from memory, else the seat whose clock runs (a
    turn-based table always has one), else the table loaded."""
    if row["status"] != "playing":
        return None
    live = hub.tables.get(table_id)
    if live is None:
        clocked = [s["seat"] for s in row["seats"] if s["deadline"] is not None]
        if len(clocked) == 1:
            return int(clocked[0])
        live = await hub.get(table_id)
    return None if live.closed else int(live.state.to_move)


def _history(h: dict[str, Any]) -> dict[str, Any]:
    return {"table": h["table_id"], "game": h["game"], "class": h["klass"], "mu": round(h["mu"], 3),
            "sigma": round(h["sigma"], 3), "rating": round(h["mu"] - 3 * h["sigma"], 2), "at": h["at"]}


async def rematch(people: People, old: Table, token: str | None, who: str) -> dict[str, Any]:
    """A new table like a finished one (game, players, options, clock, rated, mode) with the same
    people in the same seats: each account seat is that account's again, each other person's seat
    keeps that person's seat token (its digest is copied), bots keep their levels.  The caller
    must hold a seat of the old table; a second call gives the same new table."""
    hub = people.hub
    seat = old.seat_of(token) if token else None
    account = CURRENT.get()
    await people.load(old)
    if seat is None and account is not None:
        seat = next((s for s, a in old.meta["accounts"].items() if a == account["id"]), None)
    if seat is None:
        raise refusal(403, "web.err_rematch_seat")
    if not old.over:
        raise refusal(409, "web.err_rematch_over")
    async with old.lock:  # one at a time in this process; the claim decides between processes
        if old.meta.get("rematch"):
            return {"table": old.meta["rematch"], "seat": seat, "token": None}
        end = time.monotonic() + REMATCH_WAIT
        while True:
            mine, made = await hub.db(people.store.claim_rematch, old.id, REMATCH_STALE)
            if mine or made:
                break
            if time.monotonic() > end:  # another process is making it still: ask again
                raise refusal(409, "web.err_rematch_busy")
            await asyncio.sleep(0.05)  # another process is making it: its answer is near
        if made:
            old.meta["rematch"] = made
            return {"table": made, "seat": seat, "token": None}
        try:
            return await _make_rematch(people, old, seat, who)
        except BaseException:
            await hub.db(people.store.rematch_dropped, old.id)
            raise


async def _make_rematch(people: People, old: Table, seat: int, who: str) -> dict[str, Any]:
    """Make the rematch this caller claimed (``old.lock`` held), then record it as made."""
    hub = people.hub
    body: dict[str, Any] = {
        "game": old.meta["game"], "players": old.meta["players"], "options": old.meta["options"],
        "seats": [{"kind": s.kind, "bot": s.bot, "name": s.name} if s.kind == "bot"
                  else {"kind": "human", "name": s.name} for s in old.seats],
        "rated": old.meta["rated"], "mode": old.meta["mode"], "rematch_of": old.id, "seat": seat,
    }
    if old.meta.get("clock"):
        body["clock"] = old.meta["clock"]
    accounts = dict(old.meta["accounts"])
    # the seat token of an account's seat speaks for that account (its new seat is its own too)
    reset = CURRENT.set({"id": accounts[seat], "name": old.seats[seat].name}) if seat in accounts else None
    try:
        made = await hub.create(body, who)
    finally:
        if reset is not None:
            CURRENT.reset(reset)
    new = hub.tables[made["table"]]
    from meeple.server.store import token_digest

    for s in old.seats:
        if s.kind != "human" or s.token is None or new.seats[s.seat].token is not None:
            continue
        digest = (token_digest(people.seat_token(new.id, s.seat, accounts[s.seat])) if s.seat in accounts
                  else s.token)
        async with new.lock:
            if await hub.db(hub.store.claim_seat, new.id, s.seat, s.name, digest):
                new.seats[s.seat].token = digest
                if s.seat in accounts:
                    await people.load(new)
                    new.meta["accounts"][s.seat] = accounts[s.seat]
                    await hub.db(people.store.seat_taken, new.id, s.seat, accounts[s.seat])
    await hub.db(people.store.rematch_made, old.id, new.id)
    old.meta["rematch"] = new.id
    await hub._note(old, {"type": "rematch", "key": "note_rematch", "table": new.id,
                          "text": "A rematch is ready."})
    hub._kick(new)
    await hub.broadcast(new, [], full=True)
    return {"table": new.id, "seat": seat, "token": made["token"]}
