"""The Mundus Novus messages that choose a plural form by their count ``n`` (issue 14).

``pybabel extract`` (``meeple.i18n.extract``) makes a plural catalog entry (``<key>`` /
``<key>_plural``) of a key named in an ``ntranslate`` call; the rules name these keys through ``msg``,
which extracts as a plain entry, so they are listed here as well.  Never called.
"""

from __future__ import annotations

from meeple.i18n.catalog import ntranslate


def _plural_entries() -> None:  # pragma: no cover - read by pybabel only
    ntranslate(None, "mundus_novus.event.income", 1)
    ntranslate(None, "mundus_novus.event.inca", 1)
    ntranslate(None, "mundus_novus.event.deal_public", 1)
    ntranslate(None, "mundus_novus.event.return", 1)
    ntranslate(None, "mundus_novus.event.shipyard", 1)
    ntranslate(None, "mundus_novus.label.inca", 1)
    ntranslate(None, "mundus_novus.refusal.relics", 1)
