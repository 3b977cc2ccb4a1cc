"""Issue 14 in the terminal: a scripted game in ``--lang zh-TW`` shows the board, the prompts, the
help and the score sheet (what the terminal itself writes) in Traditional Chinese."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

import meeple
from meeple.engine import save_record
from meeple.i18n.catalog import entries
from meeple.terminal import TerminalGame, Words, render_view, replay_viewer

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3400-\u9fff]")
# what the terminal itself writes in English: none of it may show in a zh-TW game
ENGLISH_OWN = ("legal actions", "you are", "to move", "recent events", "final result", "final position",
               "Record saved", "decides", "Commands", "take legal action", "no action number",
               "took back", "Pass to seat")


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def scripted(lines: list[str], console: Console, then: str = "1") -> Callable[[str], str]:
    """A reader typing ``lines``, then ``then`` (the first legal action) whenever asked."""
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        try:
            return next(feed)
        except StopIteration:
            return then

    return read


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=160, force_terminal=False, color_system=None), out


SCRIPT = ["help", "99", "1", "undo", "log", "actions", "view", "1", "1"]


def _check_chinese(text: str) -> None:
    for own in ENGLISH_OWN:
        assert own not in text, f"English terminal words in a zh-TW game: {own!r}"
    for word in ("座位 0> ", "指令", "可執行的動作", "版圖", "你是", "決定數", "沒有第 99 個動作", "電腦"):
        assert word in text, word


@pytest.mark.parametrize("game", ["messina", "mundus_novus", "luna_maris"])
def test_i18n_terminal_scripted_turns_in_zh_tw(game: str, tmp_path: Path) -> None:
    """Issue 14: the terminal's board labels, prompts, help, refusals, undo and saving are
    Traditional Chinese in every game."""
    console, out = _console()
    state = meeple.games.get(game).new(2, seed=4)
    runner = TerminalGame(state, [0], {1: "random"}, console, scripted(SCRIPT + ["quit"], console),
                          save_dir=tmp_path, lang="zh-TW")
    console.print(runner.intro())
    assert runner.run() == 0
    text = out.getvalue()
    _check_chinese(text)
    title = entries("zh_TW")[f"game.{game}.title"]
    assert f"{title}：座位 0" in text and "遊戲已儲存到" in text


def test_i18n_terminal_whole_game_to_the_score_sheet_in_zh_tw(tmp_path: Path) -> None:
    """Issue 14: a whole scripted Troyes game in zh-TW, from the first board to the score sheet."""
    console, out = _console()
    state = meeple.games.get("troyes").new(2, seed=4)
    runner = TerminalGame(state, [0], {1: "random"}, console, scripted(SCRIPT, console),
                          save_dir=tmp_path, lang="zh-TW")
    console.print(runner.intro())
    assert runner.run() == 0
    assert runner.state.is_over
    text = out.getvalue()
    _check_chinese(text)
    for word in ("終局盤面", "最終結果", "名次", "座位", "玩家", "分數", "你", "隨機 電腦", "紀錄已儲存到", "已結束"):
        assert word in text, word
    assert sorted(tmp_path.glob("*.json")), "the record is saved at the end"


def test_i18n_terminal_board_labels_translate_view_fields() -> None:
    """Issue 14: a view's field names are labels from the catalog, components' names too."""
    console, out = _console()
    state = meeple.games.get("troyes").new(2, seed=1)
    words = Words("zh_TW", state.game)
    console.print(render_view(state.view(0), "", words))
    text = out.getvalue()
    for word in ("影響力", "宮殿", "主教區", "市政廳", "行動卡", "大教堂", "輪到"):
        assert word in text, word
    assert "influence" not in text and "Palace" not in text


def test_i18n_replay_viewer_in_zh_tw(tmp_path: Path) -> None:
    """Issue 14: meeple replay in zh-TW steps through a game with Chinese prompts."""
    state = meeple.games.get("mundus_novus").new(3, seed=2)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    record = state.record()
    console, out = _console()
    replay_viewer(record, 0, console, scripted(["", "b", "x", "e", "", "q"], console), lang="zh-TW")
    text = out.getvalue()
    for word in ("第 0 步（共 5 步）", "下一步：座位", "[Enter] 下一步", "請輸入 Enter", "遊戲結束"):
        assert word in text, word


def _pty_run(args: list[str], inputs: list[str], env: dict[str, str], cwd: Path) -> str:
    """Run the meeple command in a pseudo-terminal, typing ``inputs`` when it waits."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "meeple", *args], stdin=follower, stdout=follower,
                            stderr=follower, env=env, cwd=str(cwd), close_fds=True)
    os.close(follower)
    chunks: list[bytes] = []
    pending = list(inputs)
    end = time.time() + 120
    try:
        while time.time() < end:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    data = os.read(leader, 65536)
                except OSError:
                    break
                if not data:
                    break
                chunks.append(data)
                if pending and b"> " in data[-200:]:
                    os.write(leader, (pending.pop(0) + "\n").encode())
            elif proc.poll() is not None:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        os.close(leader)
    return ANSI.sub("", b"".join(chunks).decode("utf-8", "replace"))


def test_i18n_meeple_play_in_a_pseudo_terminal(tmp_path: Path) -> None:
    """Issue 14: `meeple play troyes --lang zh-TW` in a real (pseudo-)terminal: Chinese prompts and
    board, and MEEPLE_LANG chooses the language when --lang is not given."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "150", "TERM": "xterm"}
    env.pop("MEEPLE_LANG", None)
    text = _pty_run(["play", "troyes", "--players", "2", "--seed", "3", "--lang", "zh-TW"],
                    ["help", "1", "quit"], env, tmp_path)
    for word in ("特魯瓦", "座位 0> ", "指令", "可執行的動作", "遊戲已儲存到"):
        assert word in text, (word, text[-2000:])
    text = _pty_run(["play", "troyes", "--players", "2", "--seed", "3"], ["quit"],
                    {**env, "MEEPLE_LANG": "zh-TW"}, tmp_path)
    assert "可執行的動作" in text
    text = _pty_run(["play", "troyes", "--players", "2", "--seed", "3"], ["quit"],
                    {**env, "LANG": "en_US.UTF-8"}, tmp_path)
    assert "legal actions" in text and not CJK.search(text.split("legal actions")[0][-300:])


def test_i18n_unknown_lang_is_one_line_and_status_2() -> None:
    """Issue 14: a bad --lang changes nothing and prints one line, exit status 2."""
    for args in (["play", "troyes", "--lang", "klingon"], ["replay", "nofile.json", "--lang", "klingon"]):
        result = subprocess.run([sys.executable, "-m", "meeple", *args], capture_output=True, text=True,
                                timeout=120, cwd=str(ROOT), env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert result.returncode == 2, result.stderr
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and ("unknown language 'klingon'" in lines[0] or "nofile" in lines[0]), lines


def test_i18n_record_is_the_same_in_every_language(tmp_path: Path) -> None:
    """Issue 14: records and notations are the same in every language."""
    records = []
    for lang in ("en", "zh_TW"):
        console, _ = _console()
        state = meeple.games.get("luna_maris").new(2, seed=9)
        runner = TerminalGame(state, [0], {1: "random"}, console, scripted(["1", "1", "1", "quit"], console),
                              save_dir=tmp_path / lang, lang=lang)
        runner.run()
        records.append(save_record(runner.state, tmp_path / f"{lang}.json").read_text(encoding="utf-8"))
    assert records[0] == records[1]
