"""tests/web: the browser kit's live server, with room for the many tables these tests create
(the server's default limits allow 10 creations a minute and 20 running tables per address)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browserkit import live_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("web"),
                     limits={"creates_per_minute": 600, "open_tables_per_client": 200}) as url:
        yield url
