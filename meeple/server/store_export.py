"""Checking the records ``Store.import_records`` reads (``meeple admin import``): each row's fields
and their types, before anything is written (split from ``store.py`` to keep it under 600 lines)."""

from __future__ import annotations

import json
from typing import Any

EXPORT_FORMAT = "meeple-table/1"
STATUSES = ("playing", "over", "aborted")


_TABLE_FIELDS = {"id": str, "game": str, "version": int, "players": int, "seed": int, "options": dict,
                 "components": str, "clock": (float, int, type(None)), "status": str, "created": (float, int),
                 "updated": (float, int), "seeded": bool}
_SEAT_FIELDS = {"seat": int, "kind": str, "bot": (str, type(None)), "name": str, "token": (str, type(None)),
                "zombie": bool, "deadline": (float, int, type(None))}
_ENTRY_FIELDS = {"kind": str, "decision": int, "seat": (int, type(None)), "notation": (str, type(None)),
                 "actor": (str, type(None)), "events": list, "created": (float, int)}


def _fields(row: Any, spec: dict[str, Any], where: str) -> dict[str, Any]:
    if not isinstance(row, dict):
        raise ValueError(f"{where} must be an object")
    out = {}
    for key, kind in spec.items():
        value = row.get(key, False if key == "seeded" else None)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (float, int))):
            raise ValueError(f"{where}.{key} is missing or of the wrong type")
        out[key] = value
    return out


def check_export(rec: Any, n: int) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    where = f"record {n}"
    if not isinstance(rec, dict) or rec.get("format") != EXPORT_FORMAT:
        raise ValueError(f"{where} is not a {EXPORT_FORMAT} record")
    table = _fields(rec.get("table"), _TABLE_FIELDS, f"{where}: table")
    if table["status"] not in STATUSES or not 0 < len(table["id"]) <= 32:
        raise ValueError(f"{where}: table.status or table.id is not valid")
    table["options"] = json.dumps(table["options"], sort_keys=True)
    seats = rec.get("seats")
    entries = rec.get("entries")
    if not isinstance(seats, list) or not isinstance(entries, list):
        raise ValueError(f"{where}: seats and entries must be lists")
    seat_rows = [_fields(s, _SEAT_FIELDS, f"{where}: seats[{i}]") for i, s in enumerate(seats)]
    entry_rows = []
    for i, e in enumerate(entries):
        row = _fields(e, _ENTRY_FIELDS, f"{where}: entries[{i}]")
        row["events"] = json.dumps(row["events"], ensure_ascii=False)
        entry_rows.append(row)
    return table, seat_rows, entry_rows
