"""Issue 18: without the rl extra the adapters say in one line what to install."""

from __future__ import annotations

import pytest

from meeple.rl.common import need


def test_a_missing_package_names_the_extra() -> None:
    """Issue 18: ``meeple.rl`` raises ImportError naming the package and ``pip install 'meeple[rl]'``."""
    with pytest.raises(ImportError) as err:
        need("no_such_package_for_meeple.sub")
    text = str(err.value)
    assert "no_such_package_for_meeple" in text and "pip install 'meeple[rl]'" in text
    assert "\n" not in text
