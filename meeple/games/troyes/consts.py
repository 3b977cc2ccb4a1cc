"""Rule constants of Troyes (not printed on a component) and small encoding helpers."""

from __future__ import annotations

from meeple.games.troyes.components import RED, YELLOW

NEUTRAL = 4                     # the neutral (grey) owner of citizens and dice
MAX_CITIZENS = 12               # a player never owns more (research §1, seed)
START_DENIERS = 5               # research §2 (5, not the 10 of one review)
START_INFLUENCE = 4
MAX_INFLUENCE = 20
INCOME = 10
SHORT_PENALTY = 2               # flat VP lost when a player cannot pay / comply / counter
GREY_CITIZENS = 8
START_CITIZENS = {2: 6, 3: 5, 4: 4}
ROUNDS = {2: 4, 3: 5, 4: 6}     # = red event cards in the red deck
CHARACTERS_EACH = {2: 2, 3: 1, 4: 1}
DICE_PRICE = (0, 2, 4, 6)       # per bought die, by the size of the group
PASS_FIRST = 2                  # deniers to the district on passing while dice remain
PASS_LATER = 1                  # each later turn that passes by
NO_SPACE = 15                   # a tradesman on an activity card without a VP space

# phases
P_KEEP, P_DRAFT, P_BLACK, P_ACTION, P_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("choose character", "draft", "black dice", "actions", "over")
# steps inside the black-dice and action phases
S_MAIN, S_FLIP, S_SPEND, S_SRC, S_CUBE, S_DICE, S_TIMES, S_MASON, S_SQUIRE = 0, 1, 2, 3, 4, 5, 6, 7, 8
STEP_NAMES = ("main", "flip", "spend dice", "citizen source", "cube", "dice", "activations",
              "master mason space", "squire event")

# action targets
T_ACT, T_CATH, T_FIGHT, T_PLACE, T_FARM = 1, 2, 3, 4, 5
MARAUD = 99                     # target argument for the permanent Marauding event

# citizen sources
SRC_NONE, SRC_SUPPLY = -1, 0
SRC_LYING = 10                  # + building
SRC_CARD = 20                   # + activity slot
SRC_BLD = 40                    # + building space index (a citizen standing in a building)

# action kinds (Action.data[0])
A_KEEP, A_DRAFT, A_REROLL, A_RECRUIT, A_FLIP, A_FLIPDIE, A_FLIPSTOP = 1, 2, 3, 4, 5, 6, 7
A_COUNTER, A_SPEND, A_GIVEUP, A_TARGET, A_SRC, A_CUBE, A_DICE, A_TIMES, A_PASS, A_PICK = (
    8, 9, 10, 11, 12, 13, 14, 15, 16, 17)

# push-out protection (option ``push_out_protection``)
PROTECT_LYING, PROTECT_ROUND = 0, 1

LETTER = "rwy"
BUILDING_WORDS = ("palace", "bishopric", "city hall")

# Delayed ("cube") cards: which targets each may modify.
DICE_MODS = ("monk", "tithing", "priest", "apprenticeship", "chaplain", "blacksmith", "militia",
             "mercenary", "knight", "canon")


def die(owner: int, colour: int, value: int) -> int:
    """Encode a die as one int."""
    return (owner << 6) | (colour << 3) | value


def d_owner(d: int) -> int:
    return d >> 6


def d_colour(d: int) -> int:
    return (d >> 3) & 7


def d_value(d: int) -> int:
    return d & 7


_TEXT: dict[tuple[int, int], str] = {}


def die_text(d: int, seat: int) -> str:
    """``r5`` for one of ``seat``'s own dice, ``r5@p2`` for seat 2's (0-based), ``r5@n`` for a neutral one."""
    key = (d, seat)
    text = _TEXT.get(key)
    if text is None:
        text = _TEXT[key] = _die_text(d, seat)
    return text


def _die_text(d: int, seat: int) -> str:
    own = d >> 6
    base = f"{LETTER[(d >> 3) & 7]}{d & 7}"
    if own == seat:
        return base
    return f"{base}@n" if own == NEUTRAL else f"{base}@p{own}"


def mod_applies(effect: str, kind: int, colour: int) -> bool:
    """Whether a cube of a delayed card with ``effect`` may modify an action (research §6.1, 10.2)."""
    place = kind == T_PLACE
    if effect in ("monk", "priest"):
        return colour == YELLOW and not place
    if effect == "tithing":
        return colour == YELLOW
    if effect == "apprenticeship":
        return not place
    if effect in ("chaplain", "blacksmith"):
        return colour == RED and not place
    if effect in ("militia", "mercenary"):
        return colour == RED
    if effect == "knight":
        return colour == RED and kind == T_FIGHT
    if effect == "canon":
        return kind == T_FIGHT
    return False


