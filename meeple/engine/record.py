"""Records (a finished or running game as JSON-safe data) and replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.engine.components import Tables, load_pack, tables_hash
from meeple.engine.core import BadSetup, IllegalAction, State

RECORD_FIELDS = ("game", "version", "players", "seed", "options", "components", "actions")


def replay(
    record: dict[str, Any], tables: Tables | None = None, upto: int | None = None
) -> State:
    """The state that wrote ``record`` (its first ``upto`` decisions only, if given).

    ``tables`` is the component pack in use (default: the box); the record's
    ``components`` hash must match it.  Any malformed field raises
    ``BadSetup`` naming the field.
    """
    from meeple import games

    if not isinstance(record, dict):
        raise BadSetup(f"a record must be a JSON object, got {type(record).__name__}")
    missing = [f for f in RECORD_FIELDS if f not in record]
    if missing:
        raise BadSetup(f"record field {missing[0]!r} is missing")
    unknown = [k for k in record if k not in RECORD_FIELDS and k not in ("meta",)]
    if unknown:
        raise BadSetup(f"record field {unknown[0]!r} is not a record field")
    name = record["game"]
    if not isinstance(name, str):
        raise BadSetup(f"record field 'game' must be a game name, got {name!r}")
    game = games.get(name)
    version = record["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadSetup(f"record field 'version' must be a whole number, got {version!r}")
    if version != game.version:
        raise BadSetup(
            f"record field 'version': this record was written by {game.title} rules version "
            f"{version}; this meeple plays version {game.version}"
        )
    players = record["players"]
    try:
        game.check_players(players)
    except BadSetup as exc:
        raise BadSetup(f"record field 'players': {exc}") from None
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadSetup(f"record field 'seed' must be a whole number, got {seed!r}")
    options = record["options"]
    if not isinstance(options, dict):
        raise BadSetup(f"record field 'options' must be an object, got {options!r}")
    try:
        options = game.check_options(options)
    except BadSetup as exc:
        raise BadSetup(f"record field 'options': {exc}") from None
    tables = tables or game.default_tables()
    if record["components"] != tables_hash(tables):
        raise BadSetup(
            f"record field 'components': the record used component pack {record['components']!r}, "
            f"but the pack in use is {tables_hash(tables)!r} (pass the same --components file)"
        )
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise BadSetup("record field 'actions' must be a list of action notations")
    state = game.new(players, seed, options, tables)
    stop = len(actions) if upto is None else max(0, min(upto, len(actions)))
    for i, text in enumerate(actions[:stop]):
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise BadSetup(f"record field 'actions'[{i}]: {exc}") from None
    return state


MAX_RECORD_BYTES = 32 * 1024 * 1024
"""Records are small (a few kilobytes of notations); a larger file is refused unread."""


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; unreadable, oversized or non-JSON files raise ``BadSetup``.

    JSON nested too deeply for the parser, or with a number too long to convert,
    is refused the same way (one clear line, never a traceback)."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_RECORD_BYTES:
            raise BadSetup(f"record file {str(p)!r} is larger than {MAX_RECORD_BYTES // 2**20} MB")
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadSetup(f"record file {str(p)!r} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadSetup(f"record file {str(p)!r} cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise BadSetup(f"record file {str(p)!r} is not valid JSON: {exc}") from None
    except RecursionError:
        raise BadSetup(f"record file {str(p)!r} is nested too deeply to be a record") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        text = str(exc).split(":")[0]
        raise BadSetup(f"record file {str(p)!r} is not a record: {text}") from None
    if not isinstance(data, dict):
        raise BadSetup(f"record file {str(p)!r} does not hold a record object")
    return data


def save_record(state: State, path: str | Path) -> Path:
    p = Path(path)
    p.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
    return p


def tables_for(game_name: str, pack: str | Path | None) -> Tables | None:
    """The tables of ``pack`` for the named game, or ``None`` for the box."""
    if pack is None:
        return None
    from meeple import games

    game = games.get(game_name)
    return load_pack(game.default_tables(), pack, game=game.name)
