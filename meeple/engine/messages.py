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

from typing import Any

from meeple.i18n.catalog import english_template
from meeple.i18n.components import key as component_key
from meeple.i18n.render import render

Message = dict[str, Any]


def msg(key: str, /, **args: Any) -> Message:
    """A message: ``{"key", "args", "text"}``, ``text`` being its English rendering (the fallback).

    The rules call this on every event, bots included, so the common case (plain arguments, no
    plural) fills a cached English template directly (a cached template and ``format_map``)."""
    template = english_template(key)
    if template is not None and "n" not in args:
        for value in args.values():
            if value.__class__ is dict or value.__class__ is list:
                break
        else:
            return {"key": key, "args": args, "text": template.format_map(args)}
    message: Message = {"key": key, "args": args}
    message["text"] = render("en", message)
    return message


def ref(game: str, table: str, name: str, part: str = "name") -> Message:
    """A component's name (or effect text) as a message argument, rendered in the reader's language."""
    return {"key": component_key(game, table, name, part)}


def text_of(message: Any, lang: str | None = "en") -> str:
    """A message, event or refusal reason in ``lang``: from its key when it has one, else its text."""
    if isinstance(message, dict):
        return render(lang, message)
    return str(message)
