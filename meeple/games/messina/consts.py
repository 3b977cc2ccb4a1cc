"""Rule constants of Messina 1347 (not printed on components): state layout and codes."""

from __future__ import annotations

# player-int offsets (state.pi[seat * NP + X])
COIN, WOOD, FIRE, MAJOR, VP, RATS, POP, CITY, CHURCH, POPT, CITYT, CHURCHT = range(12)
SC0, SC1, SC2, SHIPS, REPOP = range(12, 17)
CARGO0 = 17     # ships taken by cargo: CARGO0 + 0 spices, 1 cloth, 2 gems
NP = 20
RESOURCE_NAMES = ("coins", "wood", "fire", "major fire")

# register indexes (0 popularity, 1 city, 2 church) -> player-int offsets
TRACK_POS = (POP, CITY, CHURCH)
TRACK_STAMP = (POPT, CITYT, CHURCHT)
TRACK_NAMES = ("popularity", "city", "church")

# nodes: 0-3 harbour hexes, 4-7 docks, 8.. districts
N_HARBOURS = 4
DOCK0 = 4
D0 = 8
NODES = 28

# lieutenants: state.lt[(seat * MAXLT + i) * 2] = location, +1 = status
MAXLT = 5
LOC_ESTATE = -1
LOC_NONE = -2   # not yet gained
LOC_LOST = -3   # paid for a repopulation, gone for good
READY, STANDING, SPENT = 0, 1, 2

# estate: 18 slots per seat; -1 empty, 0 ordinary citizen, 1 upgraded citizen
SLOTS = 18
# cabins: 4 per seat, 3 ints each: occupant (-1 or class*2+upgraded), stage (1 or 2), improvement (-1 or id)
CABINS = 4
# overseers: 3 per seat, 3 ints each: advances made, petal, upgraded
# workshops owned: flat entries of 4 ints: owner, tile, occupant (-1/0/1), paid out (phase II)
WS_W = 4
# wagons owned: flat entries of 3 ints: owner, tile, exhausted
WG_W = 3

# flow stages
ST_TURNS, ST_PRODUCTION, ST_QUARANTINE, ST_NEXT, ST_OVER, ST_STAFF = range(6)

# task kinds: (kind, seat, a, b, c)
T_PLACE = 1      # choose a lieutenant and a hex
T_SLOT = 2       # put a citizen (a=class, b=upgraded, c=1 if cured) in the estate
T_CABIN = 3      # put a citizen (a=class) in a quarantine cabin
T_FIGHT = 4      # fight the plague on node a
T_MAIN = 5       # step 4 on node a; b=1 once the action or repopulation is done
T_SHIP = 6       # choose a ship at docks a
T_SHIPFIGHT = 7  # fight the cube of ship a (b = 1 if it carries a cube)
T_OVS = 8        # advance an overseer: a = class (3 any), b = arrow, c = 1 if forced to one class
T_ACT = 9        # activate: a = candidate slot mask, b = activations left, c = used mask
T_SCROLL = 10    # advance a scroll cube; a = steps left
T_UPGRADE = 11   # upgrade a citizen
T_BUILD = 12     # build; a = swapped stack code (-1 none; kind*3+stack)
T_CORCH = 13     # popularity reward: city or church
T_LIGHT = 14     # lightning: the action of any hex
T_OVUP = 15      # upgrade an overseer; a = 1 to advance it at once
T_STAFFWIN = 16  # round end, before production: move estate citizens into workshops
T_PAY = 17       # repopulation: pay the citizens due (a = packed requirement, b = node)
T_LTPAY = 18     # repopulation: give up a lieutenant

# action opcodes (Action.data[0])
OP_MOVE, OP_RECALL, OP_SKIP = 1, 2, 3
OP_SLOT, OP_DISCARD, OP_STAFF, OP_CURE_WS = 4, 5, 6, 7
OP_CABIN = 8
OP_DOUSE, OP_MAJOR, OP_STOP = 9, 10, 11
OP_ACTION, OP_REPOP, OP_BUY, OP_REWARD, OP_END = 12, 13, 14, 15, 16
OP_SHIP, OP_SHIPDOUSE, OP_SHIPLET = 17, 18, 19
OP_OVS = 20
OP_ACT, OP_ACTDONE = 21, 22
OP_SCROLL = 23
OP_UPG = 24
OP_BUILD_CABIN, OP_BUILD_WS, OP_BUILD_WG, OP_SWAP, OP_NOBUILD = 25, 26, 27, 28, 29
OP_CORCH = 30
OP_LIGHT = 31
OP_OVUP = 32
OP_DONESTAFF = 33
OP_PAY = 34
OP_LTPAY = 35

PETAL_NAMES = ("C1", "A1", "N1", "C2", "A2", "N2")
