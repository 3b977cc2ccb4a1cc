"""Messages instead of sentences (issue 14): what the games' rules emit for a person to read.

An event, a refusal reason or an action's display label is a message key and its arguments;
every surface renders it in its reader's language from the catalog (``meeple/locale``), and a
surface not yet converted reads the English ``text`` that comes with it::

    from meeple.engine.messages import msg, ref

    events.append({"type": "play", **msg("luna_maris.event.play_scientist", seat=2,
                                         card=ref("luna_maris", "juniors", "J3"))})
    # {"type": "play", "key": "luna_maris.event.play_scientist",
    #  "args": {"seat": 2, "card": {"key": "luna_maris.juniors.j3.name"}},
    #  "text": "Seat 2 plays junior scientist J3"}

Arguments are JSON-safe: numbers, short strings a reader does not need translated (notations,
codes), lists of them, or other messages (``ref`` for a component's name, ``msg`` for a phrase);
a count that chooses a plural form is called ``n``.  ``docs/engine.md`` ("Messages (issue 14)").
"""

from __future__ import annotations

import functools
from typing import Any

from meeple.i18n.catalog import english_template, translate, translations
from meeple.i18n.components import key as component_key
from meeple.i18n.render import render

Message = dict[str, Any]


@functools.cache
def _english_of(key: str) -> str:
    """The English text of an argument given by key alone (a component's name, a view word)."""
    return translate("en", key)


@functools.cache
def _english_plural(key: str, one: bool) -> str | None:
    """The English singular or plural template of a plural entry (None: no such entry)."""
    text = translations("en").ngettext(key, key + "_plural", 1 if one else 2)
    return None if text in (key, key + "_plural") else text


def _english_arg(value: Any) -> Any:
    """An argument's English: a phrase's own ``text``, a component's cached name, a list joined."""
    cls = value.__class__
    if cls is dict:
        text = value.get("text")
        if text is not None:
            return text
        if "args" in value:
            return msg(value["key"], **value["args"])["text"]
        return _english_of(value["key"])
    if cls is list:
        return ", ".join(str(_english_arg(v)) for v in value)
    return value


def msg(key: str, /, **args: Any) -> Message:
    """A message: ``{"key", "args", "text"}``, ``text`` being its English rendering (the fallback).

    The rules call this on every event, bots included, so the English text is filled from cached
    templates: a component reference reads its cached English name, a phrase (another message) its
    own ``text``, a count ``n`` picks the cached singular or plural template.  A key the catalog
    lacks goes through the renderer, which raises in strict mode (``MEEPLE_I18N_STRICT``)."""
    n = args.get("n")
    template = english_template(key) if n is None else _english_plural(key, n == 1)
    if template is None:
        message: Message = {"key": key, "args": args}
        message["text"] = render("en", message)
        return message
    plain = args
    for value in args.values():
        if value.__class__ is dict or value.__class__ is list:
            plain = {k: _english_arg(v) for k, v in args.items()}
            break
    return {"key": key, "args": args, "text": template.format_map(plain)}


def ref(game: str, table: str, name: str, part: str = "name") -> Message:
    """A component's name (or effect text) as a message argument, rendered in the reader's language."""
    return {"key": component_key(game, table, name, part)}


def text_of(message: Any, lang: str | None = "en") -> str:
    """A message, event or refusal reason in ``lang``: from its key when it has one, else its text."""
    if isinstance(message, dict):
        return render(lang, message)
    return str(message)
