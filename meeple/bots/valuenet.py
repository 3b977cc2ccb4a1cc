"""Learned position values (issue 19): a small network over ``state.observation(seat)``.

``meeple train`` (``meeple/train.py``) fits the network on self-play games and
writes two files per game and player count into ``meeple/bots/weights/``:
``<game>_<N>p.npz`` (the weights: ``W0, b0, W1, b1, ...``, ReLU between layers,
plus ``low`` and ``span`` that scale the observation to about [0, 1]) and
``<game>_<N>p.json`` (the manifest: game, rules version, component hash,
observation layout hash and size, training command, data size, validation
loss).  Weights whose rules version, component hash or layout do not match the
game being played are refused with a clear message.

The network reads the observation of the seat to move (what that seat may
see, so a determinized copy gives the same input as the real position) and
returns, for every seat counted from that one, its expected share of first
place.  Inference is plain numpy, so playing needs no PyTorch or scikit-learn.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from meeple.engine.components import tables_hash
from meeple.engine.core import State
from meeple.engine.messages import refused

WEIGHTS = Path(__file__).parent / "weights"
"""The shipped weights; ``MEEPLE_WEIGHTS`` names another folder (for trying new ones)."""


def weights_folder() -> Path:
    return Path(os.environ.get("MEEPLE_WEIGHTS") or WEIGHTS)


def weights_path(game: str, players: int, folder: Path | None = None) -> Path:
    """Where the weights of ``game`` at ``players`` live (the manifest beside, ``.json``)."""
    return (folder or weights_folder()) / f"{game}_{players}p.npz"


def layout_hash(state: State) -> str:
    """A fingerprint of the observation layout (entry names and bounds)."""
    import hashlib

    layout = state.observation_layout()
    blob = json.dumps([list(layout.names), list(map(float, layout.low)), list(map(float, layout.high))])
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def expected_manifest(state: State) -> dict[str, Any]:
    """The manifest fields that must match for weights to be used on ``state``'s game."""
    return {
        "game": state.game.name,
        "players": state.players,
        "version": state.game.version,
        "components": tables_hash(state.tables),
        "layout": layout_hash(state),
        "inputs": int(state.observation_layout().size),
    }


class ValueNet:
    """A loaded network: ``values(state)`` per seat, memoised on the position."""

    __slots__ = ("layers", "low", "span", "manifest", "key")

    def __init__(self, arrays: dict[str, Any], manifest: dict[str, Any]) -> None:
        import numpy as np

        count = sum(1 for k in arrays if k.startswith("W"))
        self.layers = [(np.asarray(arrays[f"W{i}"], dtype=np.float32),
                        np.asarray(arrays[f"b{i}"], dtype=np.float32)) for i in range(count)]
        self.low = np.asarray(arrays["low"], dtype=np.float32)
        self.span = np.asarray(arrays["span"], dtype=np.float32)
        self.manifest = manifest
        self.key = f"valuenet:{manifest.get('game')}:{manifest.get('players')}"

    @classmethod
    def load(cls, path: Path) -> ValueNet:
        """Read weights and manifest; unreadable files raise ``BadSetup``."""
        import numpy as np

        manifest_path = path.with_suffix(".json")
        try:
            manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
            with np.load(path) as data:
                arrays = {k: data[k] for k in data.files}
        except FileNotFoundError:
            raise refused("bots.valuenet.missing", path=str(path)) from None
        except (OSError, ValueError) as exc:
            raise refused("bots.valuenet.unreadable", path=str(path), reason=str(exc)) from None
        return cls(arrays, manifest)

    def check(self, state: State) -> None:
        """Refuse weights made for another game, rules version, component set or layout."""
        want = expected_manifest(state)
        for field, value in want.items():
            got = self.manifest.get(field)
            if got != value:
                raise refused("bots.valuenet.mismatch", game=str(self.manifest.get("game")),
                              players=str(self.manifest.get("players")), field=field, got=repr(got),
                              want=repr(value), name=state.game.name, count=state.players)

    def forward(self, x: Any) -> Any:
        """Raw outputs for one observation (or a batch), seats counted from the observer."""
        import numpy as np

        h = (x - self.low) / self.span
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
        return h

    def values(self, state: State) -> list[float]:
        """Per (absolute) seat: the expected share of first place, in [0, 1]."""
        memo = state.memo()
        cached = memo.get(self.key)
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        me = state.to_move
        out = self.forward(state.observation(me))
        n = state.players
        rel = [min(1.0, max(0.0, float(v))) for v in out[:n]]
        values = [rel[(s - me) % n] for s in range(n)]
        memo[self.key] = values
        return values

    def value(self, state: State, seat: int) -> float:
        return self.values(state)[seat]


@lru_cache(maxsize=32)
def _cached(path: str, mtime: float) -> ValueNet:
    return ValueNet.load(Path(path))


_VERIFIED: dict[tuple[str, float, str, int, str], ValueNet] = {}


def file_key(path: Path, state: State, command: str) -> tuple[str, float, str, int, str]:
    """The key under which a learned file, once checked against ``state``'s game, is remembered:
    (path, modification time, game, rules version, component hash).  A missing file raises
    ``BadSetup`` naming what is missing and the ``command`` (``train`` or ``tune``) that makes it."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        if command == "tune":
            raise refused("bots.tuned.none_for", name=state.game.name, count=state.players) from None
        raise refused("bots.valuenet.none_for", name=state.game.name, count=state.players) from None
    return (str(path), mtime, state.game.name, state.game.version, tables_hash(state.tables))


def net_for(state: State, folder: Path | None = None) -> ValueNet:
    """The shipped (or ``folder``'s) network for ``state``'s game and player count, checked
    against the game once per weights file, rules version and component set."""
    path = weights_path(state.game.name, state.players, folder)
    key = file_key(path, state, "train")
    net = _VERIFIED.get(key)
    if net is None:
        net = _cached(key[0], key[1])
        net.check(state)
        _VERIFIED[key] = net
    return net
