"""Mundus Novus' events as messages, quickly (issue 14): ``msg`` as ``meeple.engine.messages.msg``
makes it, with its English ``text`` filled from the cached English template even when arguments are
components (``{"key": ...}``), phrases (another message, which carries its own ``text``) or lists of
them, which the engine's ``msg`` renders through the catalog (several times slower; the bots apply
millions of decisions).  Plural messages (an ``n`` argument) go to the engine's ``msg``.  The name is
``msg`` so that ``pybabel extract`` finds the keys (``meeple.i18n.extract``).
"""

from __future__ import annotations

from typing import Any

from meeple.engine.messages import Message
from meeple.engine.messages import msg as engine_msg
from meeple.i18n.catalog import english_template, ntranslate, translate

_ENGLISH: dict[str, str] = {}
"""English names of components by catalog key (filled on first use)."""


def _english(value: Any) -> Any:
    if value.__class__ is dict:
        text = value.get("text")
        if text is not None:
            return text
        key = value["key"]
        got = _ENGLISH.get(key)
        if got is None:
            got = _ENGLISH[key] = translate("en", key)
        return got
    if value.__class__ is list:
        return ", ".join(str(_english(v)) for v in value)
    return value


_TEMPLATES: dict[str, str | None] = {}
"""``english_template`` by key, remembered here (``None``: a plural entry)."""


def msg(key: str, /, **args: Any) -> Message:
    """``meeple.engine.messages.msg(key, **args)``, faster for component and phrase arguments."""
    template = _TEMPLATES.get(key, "")
    if template == "":
        template = english_template(key)
        if template is None and "n" not in args:
            return engine_msg(key, **args)  # a missing entry: the engine's msg says so
        _TEMPLATES[key] = template
    plain = args
    for v in args.values():
        if v.__class__ is dict or v.__class__ is list:
            plain = {k: _english(x) for k, x in args.items()}
            break
    if template is None:
        return {"key": key, "args": args, "text": ntranslate("en", key, args["n"], **plain)}
    return {"key": key, "args": args, "text": template.format_map(plain)}


def _plural_entries() -> None:  # pragma: no cover - read by pybabel only
    """The keys whose text is chosen by a count ``n``: ``pybabel extract`` makes a plural entry of a
    key named in ``ntranslate``, while ``msg`` extracts as a plain one.  Never called."""
    ntranslate(None, "mundus_novus.event.income", 1)
    ntranslate(None, "mundus_novus.event.inca", 1)
    ntranslate(None, "mundus_novus.event.deal_public", 1)
    ntranslate(None, "mundus_novus.event.return", 1)
    ntranslate(None, "mundus_novus.event.shipyard", 1)
    ntranslate(None, "mundus_novus.label.inca", 1)
    ntranslate(None, "mundus_novus.refusal.relics", 1)
