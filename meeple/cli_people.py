"""``meeple admin`` for accounts (issue 28): disable or enable one, reset a password.

``meeple admin disable NAME`` (its sessions end, it cannot sign in), ``meeple admin enable NAME``,
``meeple admin password NAME`` (the new password asked twice at a terminal, or read from standard
input with ``--stdin``; the account's sessions end).  An unknown account is one line and exit 2.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from meeple.cli_admin import DbOpt, admin, err, open_store
from meeple.engine.messages import refused

if TYPE_CHECKING:
    from meeple.server.people_store import PeopleStore

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="the account's name")]
RedisOpt = Annotated[str | None, typer.Option(
    "--redis", help="the site's Redis URL (as meeple serve --redis): every server drops the account's "
                    "sessions at once (else within the seconds a session stays cached, 5)")]


def _change(db: str | None, name: str, change: Callable[[PeopleStore], bool], done: str,
            redis: str | None = None) -> None:
    """Apply ``change`` to the accounts of the database ``db`` (closed afterwards); an unknown
    account ``name`` (``change`` returns False) is one line and exit 2.  ``redis``: announce the
    change to the site's server processes (they drop the account's cached sessions)."""
    from meeple.server.people_store import PeopleStore

    if redis is not None:
        from meeple.cli_worker import check_redis

        check_redis(redis)
    people = PeopleStore(open_store(db))
    try:
        found = change(people)
        if found and redis is not None:
            from meeple.server.accounts import announce_account

            announce_account(redis, people.store, name)
    finally:
        people.store.dispose()
    if not found:
        raise refused("people.no_account", name=repr(name))
    err.print(f"{done} {escape(name)}")


@admin.command()
def disable(name: NameArg, db: DbOpt = None, redis: RedisOpt = None) -> None:
    """Disable an account: it cannot sign in, its sessions end (its games and ratings stay)."""
    _change(db, name, lambda people: people.set_disabled(name, True), "disabled account", redis)


@admin.command()
def enable(name: NameArg, db: DbOpt = None) -> None:
    """Enable a disabled account again."""
    _change(db, name, lambda people: people.set_disabled(name, False), "enabled account")


@admin.command()
def password(
    name: NameArg, db: DbOpt = None, redis: RedisOpt = None,
    stdin: Annotated[bool, typer.Option("--stdin", help="read the new password from standard input")] = False,
) -> None:
    """Reset an account's password (at least 8 characters); its sessions end."""
    from argon2 import PasswordHasher

    if stdin:
        new = sys.stdin.readline().rstrip("\n")
    elif sys.stdin.isatty():
        new = typer.prompt("New password", hide_input=True, confirmation_prompt=True)
    else:
        raise refused("people.password_needs_stdin")
    if not 8 <= len(new) <= 200:
        raise refused("people.password_length")
    hashed = PasswordHasher().hash(new)
    _change(db, name, lambda people: people.set_password(name, hashed), "new password for account", redis)
