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

from mypy_extensions import mypyc_attr

from meeple.engine.errors import BadSetup
from meeple.i18n.catalog import english_template, translate, translations
from meeple.i18n.components import key as component_key
from meeple.i18n.render import render


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
    if isinstance(value, dict):
        if "text" in value:  # a phrase (a Message fills its text when asked)
            return value["text"]
        if "args" in value:
            return msg(value["key"], **value["args"])["text"]
        return _english_of(value["key"])
    if isinstance(value, list):
        return ", ".join(str(_english_arg(v)) for v in value)
    return value


def _english(message: Message) -> str:
    """The English rendering of a message (its fallback ``text``): from cached templates; a
    component reference reads its cached English name, a phrase (another message) its own
    ``text``, a count ``n`` picks the cached singular or plural template.  A key the catalog lacks
    goes through the renderer (which raises in strict mode)."""
    key = dict.__getitem__(message, "key")
    args = dict.__getitem__(message, "args")
    n = args.get("n")
    template = english_template(key) if n is None else _english_plural(key, n == 1)
    if template is None:
        return render("en", {"key": key, "args": args})
    plain = args
    for value in args.values():
        if isinstance(value, (dict, list)):
            plain = {k: _english_arg(v) for k, v in args.items()}
            break
    return template.format_map(plain)


@mypyc_attr(native_class=False)  # compiled (make fast) as a plain Python class: a dict subclass
class Message(dict[str, Any]):
    """A message (or an event carrying one): a dict of ``key``, ``args`` and whatever the event
    adds (``type``, ``private``, ...) whose English ``text`` is formatted only when something
    reads it (issue 31: formatting every event's text at once took 14-18% of random play).

    It behaves as the plain dict with ``text`` filled in: ``m["text"]``, ``m.get("text")``,
    ``"text" in m``, iteration, ``len``, equality, ``dict(m)``, ``{**m}``, ``json.dumps`` and
    pickling all see the text (each of them fills it first); reading any other key costs what
    a dict costs."""

    __slots__ = ()

    def _filled(self) -> Message:
        if not dict.__contains__(self, "text") and dict.__contains__(self, "args"):
            dict.__setitem__(self, "text", _english(self))
        return self

    def __missing__(self, name: str) -> Any:
        if name == "text" and dict.__contains__(self, "args"):
            return dict.__getitem__(self._filled(), "text")
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        if name == "text":
            self._filled()
        return dict.get(self, name, default)

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self, name) or (name == "text" and dict.__contains__(self, "args"))

    def __iter__(self) -> Any:
        return dict.__iter__(self._filled())

    def __len__(self) -> int:
        return dict.__len__(self._filled())

    def __bool__(self) -> bool:
        return dict.__len__(self) > 0  # truth needs no text

    def keys(self) -> Any:
        return dict.keys(self._filled())

    def values(self) -> Any:
        return dict.values(self._filled())

    def items(self) -> Any:
        return dict.items(self._filled())

    def copy(self) -> Message:
        return Message(dict.items(self._filled()))

    def pop(self, name: str, *default: Any) -> Any:
        return dict.pop(self._filled(), name, *default)

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._filled(), other._filled() if isinstance(other, Message) else other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return dict.__repr__(self._filled())

    def __reduce__(self) -> Any:
        return (dict, (dict(self._filled()),))


def msg(key: str, /, **args: Any) -> Message:
    """A message: ``{"key", "args", "text"}``, ``text`` being its English rendering (the fallback),
    formatted when first read.  A key the catalog lacks raises here in strict mode
    (``MEEPLE_I18N_STRICT``), so a rule emitting an unwritten key fails its own tests at once."""
    n = args.get("n")
    if (english_template(key) if n is None else _english_plural(key, n == 1)) is None:
        render("en", {"key": key, "args": args})  # raises in strict mode; else the key shows
    return Message(key=key, args=args)


def refused(key: str, /, **args: Any) -> BadSetup:
    """A refusal with a catalog message: a ``BadSetup`` whose text is the English of
    ``msg(key, **args)`` and whose ``message`` is it (the command line and the server render it in
    their reader's language; docs/engine.md "Messages")."""
    return BadSetup.of(msg(key, **args))


def event(kind: str, message: Message, /, **fields: Any) -> Message:
    """An event: ``{"type": kind, **fields, "key", "args"}`` and the message's lazy ``text``
    (``fields`` such as ``seat`` or ``private=seat``)."""
    out = Message(type=kind, **fields)
    out["key"] = message["key"]
    out["args"] = message["args"]
    return out


def ref(game: str, table: str, name: str, part: str = "name") -> Message:
    """A component's name (or effect text) as a message argument, rendered in the reader's language."""
    return Message(key=component_key(game, table, name, part))


def text_of(message: Any, lang: str | None = "en") -> str:
    """A message, event or refusal reason in ``lang``: from its key when it has one, else its text."""
    if isinstance(message, dict):
        return render(lang, message)
    return str(message)
