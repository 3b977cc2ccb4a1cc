"""The speed caches give the same legal actions as computing them afresh."""

from __future__ import annotations

from meeple.engine.core import Action
from meeple.engine.rng import Rng
from meeple.games.troyes import GAME, TroyesState
from meeple.games.troyes.actions import main_actions
from meeple.games.troyes.state import P_ACTION, S_MAIN


def test_cached_main_actions_match_fresh_ones_along_random_games_and_determinizations() -> None:
    """Every main-step decision of seeded random games at 2-4 players (and a determinization
    of it for each seat) lists the same actions, in the same order, as ``main_actions``."""
    checked = 0
    for players in (2, 3, 4):
        for seed in range(3):
            options = {"push_out_protection": "lying"} if seed == 2 else {}
            s = GAME.new(players, seed, options)
            rng = Rng(seed + 50)
            while not s.is_over:
                samples = [s] + [s.determinize(q, rng) for q in range(players)]
                for d in samples:
                    assert isinstance(d, TroyesState)
                    if d.phase == P_ACTION and d.step == S_MAIN:
                        got = [a.notation for a in d.legal_actions()]
                        assert got == [a.notation for a in main_actions(d, d.turn)]
                        checked += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 500


def test_dice_groups_listed_fast_match_iter_groups_along_random_games() -> None:
    """Every dice decision of seeded random games at 2-4 players lists the groups of
    ``iter_groups`` (the reference enumeration), in its order."""
    from meeple.games.troyes.dice import iter_groups
    from meeple.games.troyes.state import S_DICE, die_text
    from tests.troyes.troyes_helpers import groups

    checked = 0
    for players in (2, 3, 4):
        for seed in range(4):
            s = GAME.new(players, seed)
            rng = Rng(seed + 70)
            while not s.is_over:
                assert isinstance(s, TroyesState)
                if s.phase == P_ACTION and s.step == S_DICE and not s.group:  # one die at a time (v8)
                    p = s.turn
                    want = ["dice " + " ".join(die_text(d, p) for d in c)
                            for c, _, _ in iter_groups(s, p, s.tgt_kind, s.tgt_arg, s.mod)]
                    assert groups(s) == want
                    checked += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 100


def test_place_and_cathedral_groups_match_iter_groups_at_every_main_step() -> None:
    """At each main-step position of seeded random games, for every seat, the fast listings of
    citizen-placement and cathedral groups equal ``iter_groups`` without a cube."""
    from meeple.games.troyes.dice import iter_groups, plain_cath_groups, plain_place_groups
    from meeple.games.troyes.state import T_CATH, T_PLACE

    checked = 0
    for players in (2, 4):
        for seed in range(3):
            s = GAME.new(players, seed, {"push_out_protection": "lying"} if seed == 1 else {})
            rng = Rng(seed + 90)
            while not s.is_over:
                assert isinstance(s, TroyesState)
                if s.phase == P_ACTION and s.step == S_MAIN:
                    c = s.clone()
                    assert isinstance(c, TroyesState)
                    c.mod = -1
                    for p in range(players):
                        for kind, arg in ((T_PLACE, 0), (T_PLACE, 1), (T_PLACE, 2), (T_CATH, 0)):
                            c.tgt_kind, c.tgt_arg = kind, arg
                            fast = plain_place_groups(c, p) if kind == T_PLACE else plain_cath_groups(c, p)
                            assert fast == [g for g, _, _ in iter_groups(c, p, kind, arg, -1)]
                            checked += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 1000


def _fields(s: TroyesState) -> dict[str, object]:
    from meeple.engine.fields import fingerprint

    out: dict[str, object] = {"fields": fingerprint(s)}  # every declared field, records included
    out.update(history=s.history, actors=s.actors, undo_floor=s.undo_floor, draws=s.rng.draws)
    return out


def _apply_settling_fully(s: TroyesState, action: Action) -> None:
    """``State.apply`` with the forced steps found by listing the legal actions at every step,
    never by ``_decision_ahead`` (written out here: a test cannot replace the compiled
    ``_decision_ahead`` of the compiled build, whose callers do not look it up)."""
    chosen = s.find(action)
    seat, draws, reveals = s.to_move, s.rng.draws, s.reveals
    s._apply(chosen)
    s._legal_cache = None
    s._memo = None
    s.history.append(chosen.notation)
    s.actors.append(seat)
    while not s.is_over:
        legal = s.legal_actions()
        if len(legal) != 1:
            break
        s._apply(legal[0])
        s._legal_cache = None
        s._memo = None
    if s.rng.draws != draws or s.reveals != reveals:
        s.undo_floor = len(s.history)


def test_settle_shortcut_leaves_the_position_full_settling_leaves() -> None:
    """``TroyesState._decision_ahead`` (``State.settle`` stops the forced steps early at a main
    step with surely several choices) ends in the same position as settling by listing the
    legal actions, and the shortcut's test never holds at a main step with fewer than two
    legal actions."""
    from meeple.games.troyes.state import several_main_actions

    checked = 0
    for players in (2, 3, 4):
        for seed in range(3):
            s = GAME.new(players, seed)
            rng = Rng(seed + 110)
            while not s.is_over:
                assert isinstance(s, TroyesState)
                if s.phase == P_ACTION and s.step == S_MAIN and several_main_actions(s, s.turn):
                    assert len(s.legal_actions()) >= 2
                legal = s.legal_actions()
                a = legal[rng.below(len(legal))]
                c = s.clone()
                assert isinstance(c, TroyesState)
                c.apply(a)
                _apply_settling_fully(s, a)
                assert _fields(c) == _fields(s)
                assert c.legal_actions() == s.legal_actions()
                checked += 1
    assert checked > 500


def test_cached_dice_steps_match_fresh_ones_along_random_games_and_determinizations() -> None:
    """Every dice step of seeded random games at 2-4 players, under both push-out readings (and
    a determinization of it for each seat), lists the same actions with the same labels as the
    legal groups computed afresh (``dice.legal_groups`` and ``build_trie``, no cache): the
    pending action's cache key (``actions.group_key``) holds everything the groups read."""
    from meeple.games.troyes import labels as L
    from meeple.games.troyes.dice import build_trie, legal_groups
    from meeple.games.troyes.state import S_DICE

    checked = 0
    for players in (2, 3, 4):
        for seed in range(4):
            options = {"push_out_protection": "lying"} if seed % 2 else {}
            s = GAME.new(players, seed + 20, options)
            rng = Rng(seed + 90)
            while not s.is_over:
                samples = [s] + [s.determinize(q, rng) for q in range(players)]
                for d in samples:
                    assert isinstance(d, TroyesState)
                    if d.phase == P_ACTION and d.step == S_DICE:
                        for v in [d, *_variants(d)]:  # the same dice, something else the groups read changed
                            p = v.turn
                            trie = build_trie(legal_groups(v, p), p, v.players)
                            nexts, done = trie.get(tuple(v.group), ((), False))
                            fresh = [L.die_action(v, x, p) for x in nexts] + ([L.done_action(v, p)] if done else [])
                            got = v.legal_actions()
                            assert [(a.notation, a.label) for a in got] == [(a.notation, a.label) for a in fresh]
                            checked += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 300


def _variants(s: TroyesState) -> list[TroyesState]:
    """Copies of a dice step with one thing the legal groups read changed and the dice kept:
    the mover's deniers and influence, its tradesman on the target card, the push-out
    protection of every seat at every building, an occupant of each building space, the
    cathedral filled."""
    from tests.troyes.troyes_helpers import touch

    out: list[TroyesState] = []

    def copy() -> TroyesState:
        c = s.clone()
        assert isinstance(c, TroyesState)
        out.append(c)
        return c

    me = s.turn
    for deniers in (0, 2, 5, 50):
        copy().seats[me].deniers = deniers
    copy().seats[me].infl = 0
    c = copy()
    c.seats[me].trade[s.tgt_arg % 9] = 0 if s.seats[me].trade[s.tgt_arg % 9] else 1
    for q in range(s.players):
        for b in range(3):
            c = copy()
            c.seats[q].expelled[b] = 1 - c.seats[q].expelled[b]
            c = copy()
            c.seats[q].lying[b] += 1
    for i in range(0, 18, 3):
        copy().bld[i] = (s.bld[i] + 2) % (s.players + 1) - 1  # another occupant (or none)
    c = copy()
    c.cath = [me] * 18
    for c in out:
        touch(c)
    return out


def test_trie_node_is_the_full_tries_entry_for_every_prefix_along_random_games() -> None:
    """A dice step reads only its own prefix (``dice.trie_node``, issue 31): at every dice step of
    seeded random games at 2-4 players, for every prefix of every legal group (and the empty
    group, and a group with a die too many), it gives what the whole trie (``dice.build_trie``)
    holds for that prefix: the next dice in ``die_rank`` order and whether it is a legal group."""
    from meeple.games.troyes.dice import build_trie, legal_groups, trie_node
    from meeple.games.troyes.state import S_DICE

    checked = 0
    for players in (2, 3, 4):
        for seed in range(3):
            s = GAME.new(players, seed + 40)
            rng = Rng(seed + 70)
            while not s.is_over:
                assert isinstance(s, TroyesState)
                if s.phase == P_ACTION and s.step == S_DICE:
                    p = s.turn
                    groups = legal_groups(s, p)
                    trie = build_trie(groups, p, s.players)
                    prefixes = {g[:k] for g in groups for k in range(len(g) + 1)} | {(), (999,)}
                    prefixes |= {g + g[:1] for g in groups}
                    for prefix in prefixes:
                        assert trie_node(tuple(groups), prefix, p, s.players) == trie.get(prefix, ((), False))
                        checked += 1
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])
    assert checked > 500
