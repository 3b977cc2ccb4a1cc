"""Mundus Novus' message helpers (issue 14): the rules import ``msg`` from here (it is the engine's
``meeple.engine.messages.msg``, which fills the English ``text`` from cached templates), and the plural
keys are named for ``pybabel extract``.
"""

from __future__ import annotations

from meeple.engine.messages import msg as msg  # re-exported: the rules' one import
from meeple.i18n.catalog import ntranslate


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
