"""Rendering messages (issue 14): an event, refusal reason or label given as ``key`` + ``args``.

A message is ``{"key": ..., "args": {...}}`` (what ``meeple.engine.messages.msg`` returns, with a
fallback ``text``).  An argument may itself be a message (a card's name as
``{"key": "troyes.activities.baker.name"}``), rendered in the same language first; a count ``n``
chooses the plural form.  Something without a ``key`` (a surface or game not yet converted) shows its
old ``text``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.i18n.catalog import translate


def joiner(lang: str | None) -> str:
    """How a list argument's elements are joined: "、" in Chinese, ", " otherwise (issue 15)."""
    return "、" if isinstance(lang, str) and lang.lower().startswith("zh") else ", "


def _arg(lang: str | None, value: Any) -> Any:
    if isinstance(value, dict) and "key" in value:
        return render(lang, value)
    if isinstance(value, list):
        return joiner(lang).join(str(_arg(lang, v)) for v in value)
    return value


def render(lang: str | None, message: Mapping[str, Any]) -> str:
    """The text of a message (or event) in ``lang``; its ``text`` when it carries no ``key``."""
    key = message.get("key")
    if not isinstance(key, str) or not key:
        return str(message.get("text", message.get("type", "")))
    args = message.get("args") or {}
    if not isinstance(args, dict):
        raise ValueError(f"message {key!r}: args must be an object, not {type(args).__name__}")
    plain = {k: (_arg(lang, v) if isinstance(v, (dict, list)) else v) for k, v in args.items()}
    return translate(lang, key, **plain)
