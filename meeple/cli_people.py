"""``meeple admin`` for accounts (issue 28): disable or enable one, reset a password.

``meeple admin disable NAME`` (its sessions end, it cannot sign in), ``meeple admin enable NAME``,
``meeple admin password NAME`` (the new password asked twice at a terminal, or read from standard
input with ``--stdin``; the account's sessions end).  An unknown account is one line and exit 2.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.markup import escape

from meeple.cli_admin import DbOpt, admin, err, open_store
from meeple.engine import BadSetup

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="the account's name")]


def _people(db: str | None) -> object:
    from meeple.server.people_store import PeopleStore

    return PeopleStore(open_store(db))


@admin.command()
def disable(name: NameArg, db: DbOpt = None) -> None:
    """Disable an account: it cannot sign in, its sessions end (its games and ratings stay)."""
    people = _people(db)
    try:
        done = people.set_disabled(name, True)  # type: ignore[attr-defined]
    finally:
        people.store.dispose()  # type: ignore[attr-defined]
    if not done:
        raise BadSetup(f"no account {name!r}")
    err.print(f"disabled account {escape(name)}")


@admin.command()
def enable(name: NameArg, db: DbOpt = None) -> None:
    """Enable a disabled account again."""
    people = _people(db)
    try:
        done = people.set_disabled(name, False)  # type: ignore[attr-defined]
    finally:
        people.store.dispose()  # type: ignore[attr-defined]
    if not done:
        raise BadSetup(f"no account {name!r}")
    err.print(f"enabled account {escape(name)}")


@admin.command()
def password(
    name: NameArg, db: DbOpt = None,
    stdin: Annotated[bool, typer.Option("--stdin", help="read the new password from standard input")] = False,
) -> None:
    """Reset an account's password (at least 8 characters); its sessions end."""
    from argon2 import PasswordHasher

    if stdin:
        new = sys.stdin.readline().rstrip("\n")
    elif sys.stdin.isatty():
        new = typer.prompt("New password", hide_input=True, confirmation_prompt=True)
    else:
        raise BadSetup("password asks at a terminal; pass --stdin to read it from standard input")
    if not 8 <= len(new) <= 200:
        raise BadSetup("the password must have 8 to 200 characters")
    people = _people(db)
    try:
        done = people.set_password(name, PasswordHasher().hash(new))  # type: ignore[attr-defined]
    finally:
        people.store.dispose()  # type: ignore[attr-defined]
    if not done:
        raise BadSetup(f"no account {name!r}")
    err.print(f"new password for account {escape(name)}")
