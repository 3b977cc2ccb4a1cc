"""Records (a finished or running game as JSON-safe data) and replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.engine.components import Tables, load_pack, tables_hash
from meeple.engine.core import BadSetup, IllegalAction, State
from meeple.engine.errors import reason
from meeple.engine.messages import refused

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
        raise refused("engine.record.not_object", kind=type(record).__name__)
    missing = [f for f in RECORD_FIELDS if f not in record]
    if missing:
        raise refused("engine.record.missing", field=repr(missing[0]))
    unknown = [k for k in record if k not in RECORD_FIELDS and k not in ("meta",)]
    if unknown:
        raise refused("engine.record.unknown_field", field=repr(unknown[0]))
    name = record["game"]
    if not isinstance(name, str):
        raise refused("engine.record.game_type", got=repr(name))
    game = games.get(name)
    version = record["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise refused("engine.record.version_type", got=repr(version))
    if version != game.version:
        raise refused("engine.record.version", game=game.title_message(), version=version,
                      current=game.version)
    players = record["players"]
    try:
        game.check_players(players)
    except BadSetup as exc:
        raise refused("engine.record.field", field="'players'", detail=reason(exc)) from None
    seed = record["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise refused("engine.record.seed", got=repr(seed))
    options = record["options"]
    if not isinstance(options, dict):
        raise refused("engine.record.options_type", got=repr(options))
    try:
        options = game.check_options(options)
    except BadSetup as exc:
        raise refused("engine.record.field", field="'options'", detail=reason(exc)) from None
    tables = tables or game.default_tables()
    if record["components"] != tables_hash(tables):
        raise refused("engine.record.components", used=repr(record["components"]),
                      current=repr(tables_hash(tables)))
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise refused("engine.record.actions_type")
    state = game.new(players, seed, options, tables)
    stop = len(actions) if upto is None else max(0, min(upto, len(actions)))
    for i, text in enumerate(actions[:stop]):
        try:
            state.apply(text)
        except IllegalAction as exc:
            raise refused("engine.record.field", field=f"'actions'[{i}]", detail=reason(exc)) from None
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
            raise refused("engine.record.file_large", path=repr(str(p)), mb=MAX_RECORD_BYTES // 2**20)
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise refused("engine.record.file_missing", path=repr(str(p))) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise refused("engine.record.file_unreadable", path=repr(str(p)), detail=str(exc)) from None
    except json.JSONDecodeError as exc:
        raise refused("engine.record.file_json", path=repr(str(p)), detail=str(exc)) from None
    except RecursionError:
        raise refused("engine.record.file_deep", path=repr(str(p))) from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        text = str(exc).split(":")[0]
        raise refused("engine.record.file_not_record", path=repr(str(p)), detail=text) from None
    if not isinstance(data, dict):
        raise refused("engine.record.file_not_object", path=repr(str(p)))
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
