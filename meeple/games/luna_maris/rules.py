"""Luna Maris turn flow: setup choices, the action phase, feeding, passing and the round cycle.

Section names in docstrings refer to the seed (004, 月海礦場) and the research notes.
"""

from __future__ import annotations

from meeple.engine.core import Action, Event
from meeple.games.luna_maris import actions as act
from meeple.games.luna_maris import modules as mod
from meeple.games.luna_maris import resources as res
from meeple.games.luna_maris import scoring
from meeple.games.luna_maris.state import (
    CAP,
    CO2,
    EM_ENERGY,
    ENERGY,
    EQUIP,
    EQUIP_UP,
    FE_L,
    FE_R,
    K_BONUS,
    K_COMPACT,
    K_DONE,
    K_EMERG,
    K_END,
    K_EQUIP,
    K_EXTRA,
    K_FEED,
    K_FEED_NONE,
    K_GO,
    K_MAIN,
    K_PASS,
    K_PAY,
    K_PLAY,
    K_PROBE0,
    K_RETURN,
    K_SKIP,
    K_START,
    K_STOP,
    K_TAKE,
    N_JUNIORS,
    O2,
    ON_ACT,
    PASSED,
    PENDING,
    POS,
    S_BONUS,
    S_COMPACT,
    S_EQUIP,
    S_FEED,
    S_FOOD,
    S_MODULE,
    S_MOVE,
    S_OVER,
    S_PAY,
    S_PROBE,
    S_START,
    S_TURN,
    TI_L,
    TI_R,
    VP,
    WATER,
    LunaState,
)

EMERGENCY_NAMES = ("energy", "iron", "water")


# --- small helpers shared with modules.py ----------------------------------------------------------

def lose_vp(s: LunaState, p: int, n: int) -> int:
    """Lose up to ``n`` VP; the score never drops below 0 (seed §緊急倉庫, §犒賞科學家)."""
    me = s.pl[p]
    lost = min(n, me[VP])
    me[VP] -= lost
    return lost


def can_move_anywhere(s: LunaState, p: int, card: int) -> bool:
    """Whether ``card`` can take ``p`` to at least one unused module it allows."""
    me = s.pl[p]
    if not s.used:
        return s.mincost[card][me[POS]] <= me[CAP] - me[O2]
    return bool(move_targets(s, p, card))


def move_targets(s: LunaState, p: int, card: int) -> list[int]:
    """Seed §啟動模組 1-2: modules the card's icons allow, not used this turn, reachable with the O2
    the stress marker leaves (1 O2 per corridor step, 1 to stay)."""
    me = s.pl[p]
    left = me[CAP] - me[O2]
    if left <= 0:
        return []
    row = s.dist[me[POS]]
    used = s.used
    return [m for m in s.allowed[card] if not used >> m & 1 and (row[m] or 1) <= left]


# --- legal actions ---------------------------------------------------------------------------------

def legal_actions(s: LunaState) -> list[Action]:
    step = s.step
    p = s.cur
    if step == S_TURN:
        return turn_options(s, p)
    if step == S_MODULE:
        return mod.module_options(s, p)
    if step < S_TURN:
        return setup_options(s, p)
    if step == S_MOVE:
        go = s.pre.go
        out = [go[m] for m in move_targets(s, p, s.card)]
        if s.acts_done:
            out.append(s.pre.end)
    elif step == S_PAY:
        out = mod.pay_options(s, p)
    elif step == S_FOOD:
        out = mod.food_pick_options(s)
    elif step == S_FEED:
        out = []
        seen = set()
        names = s.pre.card_name
        for c in s.rest[p]:
            name = names[c]
            if name not in seen:
                seen.add(name)
                out.append(s.pre.ret[c])
        if s.feed_food:
            out.append(s.pre.stop)
    elif step == S_BONUS:
        out = mod.bonus_options(s, p)
    elif step == S_COMPACT:
        out = mod.compact_options(s, p)
    else:
        return []
    if len(out) > 1:
        # Seed §緊急倉庫: the deposit may be opened at any time (a forced step is not held up for it)
        out.extend(res.emergency_options(s, p))
    return out


def setup_options(s: LunaState, p: int) -> list[Action]:
    """The setup decisions: equipment, first probe, start module (research §3)."""
    t = s.tab
    step = s.step
    if step == S_EQUIP:
        eq = t.equipment
        return [Action(f"take {eq[e].name.lower()}", (K_EQUIP, e)) for e in s.equip_offer]
    if step == S_PROBE:
        sp = t.mining_spaces
        return [Action(f"probe {sp[i].name}", (K_PROBE0, i)) for i in range(len(sp))
                if s.grid[i] < 0 and sp[i].ore == 0]
    taken = {s.pl[q][POS] for q in range(s.players)}
    mods = t.modules
    return [Action(f"start {mods[m].key}", (K_START, m)) for m in s.start_mods if m not in taken]


def turn_options(s: LunaState, p: int) -> list[Action]:
    """Seed §行動階段: activate modules (play a scientist), feed scientists, or pass; the emergency
    deposit may be opened at any time."""
    out: list[Action] = []
    seen: set[str] = set()
    pre = s.pre
    names = pre.card_name
    me = s.pl[p]
    here = me[POS]
    left = me[CAP] - me[O2]
    mincost = s.mincost
    used = s.used
    for c in s.hands[p]:
        name = names[c]
        if name in seen:
            continue
        # can_move_anywhere, its common case (no module used yet this turn) inlined
        if mincost[c][here] <= left if not used else can_move_anywhere(s, p, c):
            seen.add(name)
            out.append(pre.play[c])
    if s.rest[p]:
        if s.food[p]:
            food_names = pre.food_name
            fseen: set[str] = set()
            for f in s.food[p]:
                name = food_names[f]
                if name not in fseen:
                    fseen.add(name)
                    out.append(pre.feed[f])
        else:
            out.append(pre.feed_none)
    out.append(pre.pass_)
    out.extend(res.emergency_options(s, p))  # listed last: a costly choice never sits at number 1
    return out


# --- apply -----------------------------------------------------------------------------------------

def apply_action(s: LunaState, action: Action) -> list[Event]:
    data = action.data
    kind = data[0]
    p = s.cur
    if kind == K_GO:
        return move_astronaut(s, p, data[1])
    if kind == K_MAIN:
        return act.do_main(s, p, data[1], data[2])
    if kind == K_EXTRA:
        return act.do_extra(s, p, data[1], data[2])
    if kind == K_DONE:
        return finish_module(s, p)
    if kind == K_PLAY:
        return play_scientist(s, p, data[1])
    if kind == K_TAKE:
        return act.take_food(s, p, data[1])
    if kind == K_PASS:
        return pass_turn(s, p)
    if kind == K_FEED:
        return feed_scientists(s, p, data[1])
    if kind == K_FEED_NONE:
        return feed_without_food(s, p)
    if kind == K_RETURN:
        return return_scientist(s, p, data[1])
    if kind == K_STOP:
        return stop_feeding(s, p)
    if kind == K_EMERG:
        return emergency_deposit(s, p, data[1])
    if kind == K_END:
        return end_turn(s, p)
    if kind == K_PAY:
        return act.pay_choice(s, p, data[1])
    if kind == K_BONUS:
        return act.research_bonus(s, p, data[1])
    if kind in (K_COMPACT, K_SKIP):
        return act.compactor(s, p, data[1] if kind == K_COMPACT else -1)
    if kind == K_EQUIP:
        return choose_equipment(s, p, data[1])
    if kind == K_PROBE0:
        return place_first_probe(s, p, data[1])
    if kind == K_START:
        return place_astronaut(s, p, data[1])
    raise AssertionError(f"unknown action {action}")


# --- setup decisions -------------------------------------------------------------------------------

def _next_setup(s: LunaState) -> list[Event]:
    """Advance the setup queue: equipment (reverse order), first probes (reverse order), start
    positions (turn order), then round 1 (no production)."""
    if s.queue:
        s.cur = s.queue.pop(0)
        return []
    if s.step == S_EQUIP:
        s.equip_offer = []
        s.step = S_PROBE
        s.queue = list(reversed(s.order))
    elif s.step == S_PROBE:
        s.step = S_START
        s.queue = list(s.order)
    else:
        s.step = S_TURN
        s.cur = s.order[0]
        return [{"type": "round", "round": 1,
                 "text": "Round 1 begins (no production in round 1)."}]
    s.cur = s.queue.pop(0)
    return []


def choose_equipment(s: LunaState, p: int, e: int) -> list[Event]:
    """Research §3: players + 1 special equipment tiles, chosen in reverse turn order."""
    s.equip_offer.remove(e)
    s.pl[p][EQUIP] = e
    s.pl[p][EQUIP_UP] = 1
    ev: list[Event] = [{"type": "equipment", "seat": p,
                        "text": f"Seat {p} takes the {s.tab.equipment[e].name} equipment."}]
    return ev + _next_setup(s)


def place_first_probe(s: LunaState, p: int, space: int) -> list[Event]:
    """Research §5.6 (STAND_IN placement): each player's first probe on an empty iron space."""
    s.grid[space] = p
    ev: list[Event] = [{"type": "probe", "seat": p,
                        "text": f"Seat {p} places its first probe on {s.tab.mining_spaces[space].name}."}]
    return ev + _next_setup(s)


def place_astronaut(s: LunaState, p: int, m: int) -> list[Event]:
    """Research §3: in turn order each astronaut starts on a distinct module from the revealed icons."""
    s.pl[p][POS] = m
    ev: list[Event] = [{"type": "start", "seat": p,
                        "text": f"Seat {p}'s astronaut starts in the {s.tab.modules[m].name}."}]
    return ev + _next_setup(s)


# --- the action phase -------------------------------------------------------------------------------

def play_scientist(s: LunaState, p: int, card: int) -> list[Event]:
    """Seed §啟動模組 1 and 5: play a scientist (a junior gives one module action, a senior two); the
    card goes to the rest pile."""
    s.hands[p].remove(card)
    s.rest[p].append(card)
    s.card = card
    s.acts_left = 2 if card >= N_JUNIORS else 1
    s.acts_done = 0
    s.used = 0
    s.step = S_MOVE
    return [{"type": "play", "seat": p, "text": f"Seat {p} plays scientist {s.cards[card].name}."}]


def move_astronaut(s: LunaState, p: int, m: int) -> list[Event]:
    """Seed §啟動模組 2: 1 O2 per corridor step, 1 O2 to stay; leaving the activation space ends
    that activation."""
    me = s.pl[p]
    here = me[POS]
    cost = s.dist[here][m] or 1
    me[O2] += cost
    if m != here:
        if me[ON_ACT]:
            s.act[here] = -1
            me[ON_ACT] = 0
        me[POS] = m
    s.module = m
    s.main_done = 0
    s.extra_done = 0
    s.step = S_MODULE
    name = s.tab.modules[m].name
    verb = "stays in" if m == here else "moves to"
    return [{"type": "move", "seat": p, "o2": cost,
             "text": f"Seat {p} {verb} the {name} ({cost} O2, {me[O2]}/{me[CAP]} used)."}]


def finish_module(s: LunaState, p: int) -> list[Event]:
    """One module action of the played scientist is over; a senior may go on to a second module."""
    events: list[Event] = []
    if not s.main_done and not s.extra_done:
        events.append({"type": "idle", "seat": p, "text": f"Seat {p} leaves the "
                       f"{s.tab.modules[s.module].name} without using it (the visit still counts)."})
    s.used |= 1 << s.module
    s.acts_done += 1
    s.acts_left -= 1
    s.module = -1
    s.main_done = s.extra_done = 0
    if s.acts_left > 0 and can_move_anywhere(s, p, s.card):
        s.step = S_MOVE
        return events
    return events + end_turn(s, p)


def end_turn(s: LunaState, p: int) -> list[Event]:
    """End of a turn: refill the food display (seed §溫室: only after the turn), next player."""
    events = refill_food(s)
    s.reset_turn()
    s.step = S_TURN
    return events + next_player(s)


def refill_food(s: LunaState) -> list[Event]:
    """Refill the food display to 3 from the deck; an empty deck is rebuilt from the discards
    (STAND_IN)."""
    row = s.food_row
    want = s.board.food_row
    drew = False
    while len(row) < want:
        if not s.food_deck:
            if not s.food_discard:
                break
            s.food_deck = s.food_discard
            s.food_discard = []
            s.rng.shuffle(s.food_deck)
        row.append(s.food_deck.pop())
        drew = True
    if drew:
        s.reveals += 1
        return [{"type": "food", "text": "The food display is refilled: "
                 + ", ".join(s.tab.foods[f].name for f in row) + "."}]
    return []


def next_player(s: LunaState) -> list[Event]:
    """Seed §行動階段: turns go round in turn order, skipping players who passed; when all have passed
    the round is scored."""
    order = s.order
    n = len(order)
    i = order.index(s.cur)
    for k in range(1, n + 1):
        q = order[(i + k) % n]
        if not s.pl[q][PASSED]:
            s.cur = q
            return []
    return end_round(s)


def pass_turn(s: LunaState, p: int) -> list[Event]:
    """Seed §PASS: the marker goes to the leftmost free space of next round's order track and takes
    its reward (STAND_IN values; none after round 5); the activation lapses."""
    me = s.pl[p]
    me[PASSED] = 1
    if me[ON_ACT]:
        s.act[me[POS]] = -1
        me[ON_ACT] = 0
    place = len(s.next_order)
    s.next_order.append(p)
    text = f"Seat {p} passes ({place + 1}. on next round's order track)"
    events: list[Event] = []
    if s.round < s.board.rounds:
        if s.options["pass_reward"] == "immediate":
            got = pass_reward(s, p, place)
            if got:
                text += f" and takes {got}"
        else:
            me[PENDING] = place
    events.append({"type": "pass", "seat": p, "text": text + "."})
    s.reset_turn()
    s.step = S_TURN
    return events + next_player(s)


def pass_reward(s: LunaState, p: int, place: int) -> str:
    b = s.board
    me = s.pl[p]
    parts = []
    if place < len(b.pass_energy) and b.pass_energy[place]:
        gained = res.gain_energy(s, p, b.pass_energy[place])
        parts.append(f"{gained} energy")
    if place < len(b.pass_iron) and b.pass_iron[place]:
        me[FE_L] += b.pass_iron[place]
        parts.append(f"{b.pass_iron[place]} iron")
    return " and ".join(parts)


def emergency_deposit(s: LunaState, p: int, which: int) -> list[Event]:
    """Seed §緊急倉庫: take the deposit's energy (-3 VP), iron (-3 VP) or water (-4 VP), once each per
    game; the score never drops below 0."""
    me = s.pl[p]
    me[EM_ENERGY + which] = 0
    if which == 0:
        res.gain_energy(s, p, 1)
    elif which == 1:
        me[FE_L] += 1
    else:
        me[WATER] += 1
    lost = lose_vp(s, p, s.board.emergency_vp[which])
    return [{"type": "emergency", "seat": p,
             "text": f"Seat {p} opens its emergency deposit: 1 {EMERGENCY_NAMES[which]} for {lost} VP."}]


# --- feeding ----------------------------------------------------------------------------------------

def _leave_activation(s: LunaState, p: int) -> None:
    me = s.pl[p]
    if me[ON_ACT]:
        s.act[me[POS]] = -1
        me[ON_ACT] = 0


def feed_scientists(s: LunaState, p: int, f: int) -> list[Event]:
    """Seed §犒賞科學家: play a food card, return up to its number of scientists from the rest pile;
    each one short puts 1 iron from the supply on the waste gauge; take its extra reward; the
    astronaut leaves its activation space."""
    food = s.tab.foods[f]
    s.food[p].remove(f)
    s.food_discard.append(f)
    _leave_activation(s, p)
    events: list[Event] = [{"type": "feed", "seat": p,
                            "text": f"Seat {p} feeds its scientists with {food.name}."}]
    events.extend(res.food_extra(s, p, food.extra))
    rest = s.rest[p]
    if len(rest) <= food.value:
        back = len(rest)
        s.hands[p].extend(rest)
        s.hands[p].sort()
        rest.clear()
        events.append({"type": "return", "seat": p, "text": f"Seat {p} takes back {back} scientist(s)."})
        short = food.value - back
        if short:
            events.extend(res.add_waste(s, p, short, "feeding shortfall"))
        return events + end_turn(s, p)
    s.feed_left = food.value
    s.feed_food = 1
    s.step = S_FEED
    return events


def feed_without_food(s: LunaState, p: int) -> list[Event]:
    """Seed §犒賞科學家: with no food card, lose 2 VP (never below 0) to take back one scientist."""
    lost = lose_vp(s, p, s.board.feed_without_food_vp)
    _leave_activation(s, p)
    events: list[Event] = [{"type": "feed", "seat": p,
                            "text": f"Seat {p} has no food and loses {lost} VP to take back a scientist."}]
    rest = s.rest[p]
    names = {s.cards[c].name for c in rest}
    if len(names) == 1:
        c = rest.pop()
        s.hands[p].append(c)
        s.hands[p].sort()
        events.append({"type": "return", "seat": p, "text": f"Seat {p} takes back {s.cards[c].name}."})
        return events + end_turn(s, p)
    s.feed_left = 1
    s.feed_food = 0
    s.step = S_FEED
    return events


def return_scientist(s: LunaState, p: int, c: int) -> list[Event]:
    s.rest[p].remove(c)
    s.hands[p].append(c)
    s.hands[p].sort()
    s.feed_left -= 1
    events: list[Event] = [{"type": "return", "seat": p, "text": f"Seat {p} takes back {s.cards[c].name}."}]
    if s.feed_left == 0 or not s.rest[p]:
        return events + stop_feeding(s, p)
    return events


def stop_feeding(s: LunaState, p: int) -> list[Event]:
    """Stop returning scientists; each one short of the food's number is 1 iron to waste."""
    events: list[Event] = []
    if s.feed_food and s.feed_left:
        events.extend(res.add_waste(s, p, s.feed_left, "feeding shortfall"))
    return events + end_turn(s, p)


# --- the round cycle ----------------------------------------------------------------------------------

def end_round(s: LunaState) -> list[Event]:
    """Seed §結算階段, then the next round's production (seed §生產階段) or the final scoring."""
    events = scoring.clean_up(s)
    if s.round >= s.board.rounds:
        events.extend(scoring.final_scoring(s))
        s.step = S_OVER
        s.cur = 0
        return events
    s.round += 1
    s.order = s.next_order + [q for q in s.order if q not in s.next_order]
    s.next_order = []
    for me in s.pl:
        me[PASSED] = 0
    events.append({"type": "round", "round": s.round, "text": f"Round {s.round} begins."})
    events.extend(production(s))
    s.step = S_TURN
    s.cur = s.order[0]
    return events


def production(s: LunaState) -> list[Event]:
    """Seed §生產階段 (skipped in round 1): conveyor right -> waste, left -> right, each probe yields 1
    ore into the left section; solar +3 energy in day rounds only (research §4; option 'solar')."""
    events: list[Event] = []
    b = s.board
    spaces = s.tab.mining_spaces
    solar = s.options["solar"] == "every" or s.round in b.day_rounds
    for p, me in enumerate(s.pl):
        right = me[FE_R] + me[TI_R]
        me[FE_R] = me[FE_L]
        me[TI_R] = me[TI_L]
        me[FE_L] = me[TI_L] = 0
        if right:
            events.extend(res.add_waste(s, p, right, "conveyor"))
        fe = ti = 0
        for i, owner in enumerate(s.grid):
            if owner == p:
                if spaces[i].ore:
                    ti += 1
                else:
                    fe += 1
        me[FE_L] += fe
        me[TI_L] += ti
        text = f"Seat {p} produces {fe} iron and {ti} titanium"
        if solar:
            got = res.gain_energy(s, p, b.solar_energy)
            text += f" and {got} solar energy"
        if me[PENDING] >= 0:
            got_s = pass_reward(s, p, me[PENDING])
            me[PENDING] = -1
            if got_s:
                text += f"; pass reward {got_s}"
        events.append({"type": "production", "seat": p, "text": text + "."})
    return events


__all__ = ["CAP", "CO2", "ENERGY", "S_BONUS", "S_COMPACT", "TI_L", "TI_R", "legal_actions", "apply_action"]
