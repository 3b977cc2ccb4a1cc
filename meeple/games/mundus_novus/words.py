"""Mundus Novus' message helpers (issue 14): the rules import ``msg`` from here (it is the engine's
``meeple.engine.messages.msg``, which fills the English ``text`` from cached templates), and the plural
keys are named for ``pybabel extract``.
"""

from __future__ import annotations

from meeple.engine.messages import msg as msg  # re-exported: the rules' one import
from meeple.i18n.catalog import ntranslate, translate


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


def _board_entries() -> None:  # pragma: no cover - read by pybabel only
    """The board's own words (issue 15; ``static/games/mundus_novus.js`` reads them by these keys):
    what a resource card and an Inca relic do, with the numbers of the view's ``resources`` and
    ``payouts``, a development card's event symbol, and the board's short phrases.  Never called."""
    translate(None, "mundus_novus.board.resource_effect")
    translate(None, "mundus_novus.board.inca_effect")
    translate(None, "mundus_novus.board.reach_row")
    translate(None, "mundus_novus.board.reach_one")
    translate(None, "mundus_novus.board.card_event")
    translate(None, "mundus_novus.board.position")
    translate(None, "mundus_novus.board.band")
    translate(None, "mundus_novus.board.money_hidden")
    translate(None, "mundus_novus.board.payout_identical")
    translate(None, "mundus_novus.board.payout_different")
    translate(None, "mundus_novus.board.payout_inca")
    translate(None, "mundus_novus.board.you")
    translate(None, "mundus_novus.board.keeps_total")
    translate(None, "mundus_novus.board.no_cards")
    translate(None, "mundus_novus.board.gift")
    ntranslate(None, "mundus_novus.board.cards", 1)
    ntranslate(None, "mundus_novus.board.face_down", 1)
