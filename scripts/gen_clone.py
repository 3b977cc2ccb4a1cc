"""Write each game's ``meeple/games/<game>/clone.py``: the copy functions of its state and records,
from their field declarations (``meeple.engine.clonegen``, issue 31).  Run it after changing a
declared field; ``tests/engine/test_clonegen.py`` fails while a module is out of date.

    python scripts/gen_clone.py [GAME ...]     # default: all four games
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ("luna_maris", "messina", "mundus_novus", "troyes")


def main(argv: list[str]) -> int:
    os.environ["MEEPLE_PURE"] = "1"  # read the declarations from the sources being changed
    sys.path.insert(0, ROOT)
    from meeple.engine import clonegen

    for game in argv or GAMES:
        if game not in GAMES:
            print(f"unknown game {game!r} (one of {', '.join(GAMES)})", file=sys.stderr)
            return 2
        print(clonegen.write(game, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
