"""The engine: the contract every game implements and every surface uses."""

from meeple.engine.components import STAND_IN, Tables, apply_pack, load_pack, tables_hash
from meeple.engine.core import (
    Action,
    BadSetup,
    Event,
    Game,
    IllegalAction,
    MeepleError,
    Option,
    State,
)
from meeple.engine.record import load_record, replay, save_record
from meeple.engine.rng import Rng, as_rng

__all__ = [
    "STAND_IN", "Action", "BadSetup", "Event", "Game", "IllegalAction", "MeepleError",
    "Option", "Rng", "State", "Tables", "apply_pack", "as_rng", "load_pack", "load_record",
    "replay", "save_record", "tables_hash",
]
