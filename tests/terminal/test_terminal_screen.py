"""Issue 15 (the player's table, terminal): the compact screen, ``help ACTION``, costs in the action
list, a failed save, and what each seat is shown."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

import meeple
from meeple.engine import Action, State
from meeple.engine.rng import Rng
from meeple.i18n.catalog import entries
from meeple.terminal import TerminalGame, Words
from meeple.terminal_help import cost_text, previews
from meeple.terminal_screen import HEIGHT, WIDTH, Layout, actions_page, compact_screen

GAMES = ("messina", "troyes", "mundus_novus", "luna_maris")


def _console(width: int = WIDTH) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, force_terminal=False, color_system=None), out


def scripted(lines: list[str], console: Console, then: str = "1") -> Callable[[str], str]:
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        try:
            return next(feed)
        except StopIteration:
            return then

    return read


def _positions(game: str, players: int, seed: int, count: int) -> Iterator[State]:
    state = meeple.games.get(game).new(players, seed=seed)
    rng = Rng(seed)
    for _ in range(count):
        if state.is_over:
            return
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def _screen(state: State, lang: str, layout: Layout | None = None, events: int = 0) -> list[Text]:
    seat = state.to_move
    words = Words(lang, state.game)
    news = [{"type": "x", "text": f"event {i}"} for i in range(events)]
    return compact_screen(state, seat, "title", words, news, previews(state, seat), 0, layout)


@pytest.mark.parametrize("game", GAMES)
def test_terminal_compact_screen_fits_100_by_40_at_every_player_count(game: str) -> None:
    """Issue 15: the screen of a decision is at most 39 lines of at most 100 columns (the prompt
    takes the 40th), with the player's own position right under the heading, in both languages;
    at 80 x 24 it still fits."""
    g = meeple.games.get(game)
    for players in sorted({g.min_players, min(g.max_players, 4)}):
        for i, state in enumerate(_positions(game, players, 11, 90)):
            if i % 6:
                continue
            lang = "zh_TW" if i % 12 else "en"
            lines = _screen(state, lang, events=i % 9)
            assert len(lines) <= HEIGHT - 1, (players, i, len(lines))
            small = _screen(state, lang, Layout(80, 24), events=9)
            assert len(small) <= 23 and max(line.cell_len for line in small) <= 80
            assert max(line.cell_len for line in lines) <= WIDTH
            you = entries(lang)["term.you_seat"].format(seat=state.to_move)
            assert any(line.plain.startswith(you) for line in lines[1:5]), [x.plain for x in lines[:6]]
            assert entries(lang)["term.your_turn"] in lines[0].plain


def test_terminal_long_action_lists_are_paged_and_more_shows_the_next_page(tmp_path: Path) -> None:
    """Issue 15: a list longer than the rows left is paged; every page keeps the actions' own numbers."""
    state = meeple.games.get("troyes").new(2, seed=1)
    legal = state.legal_actions()
    words = Words("en", state.game)
    labels = [state.label(a) for a in legal]
    first, pages = actions_page(legal, labels, words, {}, 40, 2, 0)
    second, _ = actions_page(legal, labels, words, {}, 40, 2, 1)
    assert pages == (len(legal) + 1) // 2 and len(first) == 2
    assert first[0].plain.split()[0] == "1" and second[0].plain.split()[0] == "3"
    console, out = _console()
    runner = TerminalGame(state, [0], {1: "random"}, console, scripted(["more", "quit"], console),
                          save_dir=tmp_path)
    runner.layout = lambda: Layout(WIDTH, 16)  # type: ignore[method-assign]
    runner.run()
    text = out.getvalue()
    assert "page 1 of" in text and "page 2 of" in text and "more: next page" in text


def test_terminal_costs_show_in_the_action_list() -> None:
    """Issue 15: an action that costs something says so in the list: Luna Maris' 'feed without food'
    costs 2 VP (its label says so), and a cost carried by the game's label is shown as it is."""
    state = next(s for s in _positions("luna_maris", 2, 0, 40)
                 if any(a.notation == "feed without food" for a in s.legal_actions()))
    lines = [line.plain for line in _screen(state, "en")]
    feed = next(line for line in lines if "feed without food" in line)
    assert "lose 2 VP" in feed, feed
    labelled = Action("buy y2", label={"key": "term.seat", "args": {"seat": 1, "cost": "2 deniers"}})
    cell = actions_page([labelled], [labelled.label], Words("en"), {}, WIDTH, 5, 0)[0][0].plain
    assert "seat 1" in cell and "buy y2" in cell and "2 deniers" in cell


def test_terminal_help_explains_an_action_with_its_component_text_in_zh_tw(tmp_path: Path) -> None:
    """Issue 15: `help N` names the action, what it changes for the player and the effect text of the
    component it takes (Luna Maris' first decision takes a piece of equipment), in the reader's
    language; `help notation` works too; `help` alone lists the commands; an unknown one is a line."""
    state = meeple.games.get("luna_maris").new(2, seed=1)
    first = state.legal_actions()[0]
    console, out = _console()
    runner = TerminalGame(state, [0], {1: "random"}, console,
                          scripted(["help 1", f"help {first.notation}", "help", "help nothing-such", "quit"],
                                   console), save_dir=tmp_path, lang="zh-TW")
    runner.run()
    text = out.getvalue()
    zh = entries("zh_TW")
    drill = zh["luna_maris.equipment.drill.name"]
    assert f"對你的影響：特殊設備 - → {drill}" in text, text[-2000:]
    effect = zh["luna_maris.equipment.drill.text"]
    assert text.count(effect) >= 2, text[-2000:]  # the label names the effect too
    assert "對你的影響" in text and "help N" in text and "說明第 N 個動作" in text
    assert "沒有動作或配件「nothing-such」" in text
    assert runner.state.history == [], "help takes no decision"


def test_terminal_bad_save_path_is_one_line_and_the_game_goes_on(tmp_path: Path) -> None:
    """Issue 15: `save /no/such/dir/x.json` prints one line (no traceback) and keeps the game, which
    goes on and is saved on quit."""
    console, out = _console()
    state = meeple.games.get("troyes").new(2, seed=4)
    runner = TerminalGame(state, [0], {1: "random"}, console,
                          scripted(["save /no/such/dir/x.json", f"save {tmp_path}", "1", "quit"], console),
                          save_dir=tmp_path / "saves")
    assert runner.run() == 0
    lines = [line for line in out.getvalue().splitlines() if "could not save" in line]
    assert len(lines) == 2 and "/no/such/dir/x.json" in lines[0] and "the game goes on" in lines[0]
    assert runner.state.history, "the game went on after the failed saves"
    assert sorted((tmp_path / "saves").glob("*.json"))


def test_terminal_hot_seat_never_shows_a_seat_another_seats_private_events(tmp_path: Path) -> None:
    """Issue 15 (hidden information never leaks): in a hot-seat game each seat's screen and log show
    only the events that seat may see (Mundus Novus deals each hand privately)."""
    console, out = _console()
    state = meeple.games.get("mundus_novus").new(2, seed=2)
    runner = TerminalGame(state, [0, 1], {}, console,
                          scripted(["1", "", "log"] * 8 + ["quit"], console, then=""), save_dir=tmp_path)
    runner.run()
    private = [e for e in runner.log if "private" in e]
    assert private, "the game dealt private cards"
    text = out.getvalue()
    for seat in (0, 1):
        blocks = text.split(entries("en")["term.view_title"].format(title="Mundus Novus", seat=seat))[1:]
        shown = "\n".join(b.split("Pass to seat")[0] for b in blocks)
        for e in private:
            if e["private"] != seat and e.get("text"):
                assert e["text"] not in shown, e


def test_terminal_preview_reshuffles_hidden_parts_with_a_seed_the_player_cannot_know(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 (hidden information never leaks): `help N` tries the action on a determinized copy
    whose seed is secret, not one derived from the game's printed seed and its length (from which
    a player could undo the reshuffle and read the real deck order)."""
    import meeple.terminal_help as help_module

    seeds: list[int] = []
    real = State.determinize

    def spy(self: State, seat: int, rng: object) -> State:
        seeds.append(rng.next64() if hasattr(rng, "next64") else int(str(rng)))  # type: ignore[attr-defined]
        return real(self, seat, rng)

    monkeypatch.setattr(State, "determinize", spy)
    state = meeple.games.get("mundus_novus").new(2, seed=3)
    for _ in range(2):
        help_module.previews(state, 0)
    assert len(seeds) == 2 and seeds[0] != seeds[1], "a fresh secret seed for every copy"


def test_terminal_lists_and_explains_troyes_forced_dice_labels(tmp_path: Path) -> None:
    """Issue 15: the terminal shows ``state.label(action)``: farming when the only yellow die is a
    neutral one names the die it buys and its price (Troyes works that label out only when asked,
    not in ``legal_actions()``) on the compact screen, in the ``actions`` list and in ``help N``."""
    from meeple.games.troyes.state import NEUTRAL
    from meeple.terminal import render_actions
    from tests.troyes.test_troyes_actions import ready

    state = ready([(NEUTRAL, "y", 4), (1, "w", 1)])
    said = "then the only dice left: neutral yellow 4, paying 2 deniers"
    farm = next(line.plain for line in _screen(state, "en") if line.plain.split()[1:3] == ["Farm", "with"])
    assert "then the only dice left: neutral yellow 4" in farm, farm  # the line is cut at the width
    console, out = _console(200)
    console.print(render_actions(state, Words("en", state.game)))
    assert said in " ".join(out.getvalue().split())
    number = [a.notation for a in state.legal_actions()].index("farm") + 1
    console, out = _console()
    runner = TerminalGame(state, [0], {1: "random"}, console, scripted([f"help {number}", "quit"], console),
                          save_dir=tmp_path)
    runner.run()
    helped = " ".join(out.getvalue().split())
    assert said + " for the bought dice" in helped  # whole in help (the screen's line is cut before)


def test_terminal_a_labelled_action_shows_the_games_cost_not_the_preview() -> None:
    """Issue 15: once a game labels an action, the list shows the label's own cost (or none), not
    the terminal's preview of what it takes away."""
    state = next(s for s in _positions("luna_maris", 2, 0, 40)
                 if any(a.notation == "feed without food" for a in s.legal_actions()))
    found = previews(state, state.to_move)["feed without food"]
    assert found is not None and found.costs()
    words = Words("en")
    plain = Action("feed without food")
    labelled = Action("feed without food", label={"key": "term.seat", "args": {"seat": 0}})
    assert "VP -2" in cost_text(plain.label, words, found)
    assert cost_text(labelled.label, words, found) == ""


def test_terminal_help_names_a_component_by_its_name_or_code(tmp_path: Path) -> None:
    """Issue 15: `help NAME` explains a card the screen shows (a Troyes character in the player's
    hand, a Mundus Novus development by its printed code) with its effect text from the catalog."""
    state = meeple.games.get("troyes").new(2, seed=1)
    character = state.view(0)["seats"][0]["characters"][0]
    shown = Words("zh_TW", state.game).value(character)
    console, out = _console()
    runner = TerminalGame(state, [0], {1: "random"}, console,
                          scripted([f"help {shown}", f"help {character}", "quit"], console),
                          save_dir=tmp_path, lang="zh-TW")
    runner.run()
    entry = next(e for e in state.tables["characters"] if e.name == character)
    from meeple.i18n.components import text as component_text

    assert out.getvalue().replace("\n", "").count(component_text("zh_TW", "troyes", "characters", entry)) == 2
    mundus = meeple.games.get("mundus_novus").new(2, seed=1)
    code = mundus.tables["developments"][0].code
    console, out = _console()
    TerminalGame(mundus, [0], {1: "random"}, console, scripted([f"help {code}", "quit"], console),
                 save_dir=tmp_path).run()
    effect = component_text("en", "mundus_novus", "developments", mundus.tables["developments"][0])
    assert effect in out.getvalue().replace("\n", " ")


def test_terminal_redrawn_and_undone_screens_keep_what_changed_since_the_last_decision(tmp_path: Path) -> None:
    """Issue 15: `screen`, `more` and `undo` draw the decision again with the same "since your last
    decision" lines (the other seats' moves are not lost by looking again)."""
    console, out = _console()
    state = meeple.games.get("troyes").new(2, seed=4)
    runner = TerminalGame(state, [0], {1: "random"}, console,
                          scripted(["1", "screen", "1", "undo", "quit"], console), save_dir=tmp_path)
    runner.run()
    screens = out.getvalue().split("Troyes: seat 0  your turn")[1:]
    assert len(screens) == 5 and "took back your last decision" in screens[3], len(screens)
    news = [s.split("legal actions")[0].split("since your last decision")[1:] for s in screens]
    assert news[1] and news[1] == news[2] == news[4], news
    assert news[3] and news[3] != news[1]
