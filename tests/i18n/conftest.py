"""The i18n tests run with missing catalog keys raising (``MEEPLE_I18N_STRICT``), issue 14."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _strict(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("MEEPLE_I18N_STRICT", "1")
    yield
