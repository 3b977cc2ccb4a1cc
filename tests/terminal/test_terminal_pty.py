"""Issue 15 (the player's table, terminal): ``meeple play`` in a 100 x 40 pseudo-terminal, emulated
with pyte, for every game in ``--lang zh-TW`` and ``en``: every decision's screen fits 100 columns and
40 rows, and the prompt and the player's own position are on it."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from rich.cells import cell_len

pyte = pytest.importorskip("pyte", reason="pyte (the dev extra) emulates the terminal's screen")

ROOT = Path(__file__).resolve().parents[2]
COLS, ROWS = 100, 40
ANSI = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][0-9A-B])")
CLEAR = "\x1b[2J"
YOU = {"en": "you (seat 0)", "zh-TW": "你（座位 0）"}
PROMPT = {"en": "seat 0> ", "zh-TW": "座位 0> "}
GAMES = {"messina": 5, "troyes": 4, "mundus_novus": 5, "luna_maris": 7}
"""Each game's seed: one whose first decisions are the person's (seat 0) and reached quickly."""


def play_in_pty(args: list[str], inputs: list[str], prompt: str, cwd: Path) -> tuple[list[list[str]], str]:
    """Run ``meeple`` in a 100 x 40 pseudo-terminal, typing ``inputs`` at each prompt.

    Returns the emulated screen (its rows) each time the prompt was shown, and everything written."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": str(COLS),
           "LINES": str(ROWS)}
    env.pop("MEEPLE_LANG", None)
    proc = subprocess.Popen([sys.executable, "-m", "meeple", *args], stdin=follower, stdout=follower,
                            stderr=follower, env=env, cwd=str(cwd), close_fds=True)
    os.close(follower)
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)
    raw: list[bytes] = []
    shots: list[list[str]] = []
    pending = list(inputs)
    end = time.time() + 180
    try:
        while time.time() < end:
            ready, _, _ = select.select([leader], [], [], 0.25)
            if ready:
                try:
                    data = os.read(leader, 65536)
                except OSError:
                    break
                if not data:
                    break
                raw.append(data)
                stream.feed(data)
                continue
            if proc.poll() is not None:
                break
            row = screen.display[screen.cursor.y]
            if pending and row.rstrip().endswith(prompt.rstrip()):
                shots.append(list(screen.display))
                os.write(leader, (pending.pop(0) + "\n").encode())
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        os.close(leader)
    return shots, b"".join(raw).decode("utf-8", "replace")


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_terminal_every_screen_fits_100_by_40_with_prompt_and_position(game: str, lang: str,
                                                                       tmp_path: Path) -> None:
    """Issue 15: a scripted game in a 100 x 40 pseudo-terminal: each decision's screen begins on the
    first row (nothing scrolled off), no line is wider than 100 columns, and the prompt and the
    player's own position are on it; a bad save path is one line and the game goes on."""
    decisions = 6
    inputs = ["1"] * decisions + ["save /no/such/dir/x.json", "1", "quit"]
    shots, text = play_in_pty(["play", game, "--players", "2", "--seed", str(GAMES[game]), "--lang", lang,
                               "--bots", "random"], inputs, PROMPT[lang], tmp_path)
    assert len(shots) == len(inputs), text[-3000:]
    plain = ANSI.sub("", text.replace(CLEAR, "\f")).replace("\r", "")
    screens = [s for s in plain.split("\f")[1:] if PROMPT[lang] in s]
    assert len(screens) >= decisions, "each decision clears the screen and draws it anew"
    for shot in shots[:decisions] + shots[decisions + 1:decisions + 2]:
        rows = [r.rstrip() for r in shot]
        assert YOU[lang] in "\n".join(rows), "\n".join(rows)
        assert rows[0].strip(), "the screen's first line is on the first row: nothing scrolled off"
        assert any(r.endswith(PROMPT[lang].rstrip()) for r in rows), "the prompt is on the screen"
    for screen in screens:
        lines = screen.split(PROMPT[lang])[0].split("\n")
        assert len(lines) <= ROWS, f"{len(lines)} lines"
        assert max(cell_len(line) for line in lines) <= COLS
    after_save = plain.split("/no/such/dir/x.json", 1)[1]
    failure = [line for line in after_save.split("\n") if "/no/such/dir" in line]
    assert len(failure) == 1 and "Traceback" not in text, failure
    assert ("could not save" in failure[0]) if lang == "en" else ("無法儲存" in failure[0])
    assert sorted(tmp_path.glob("saves/*.json")), "quit saves the game that went on"
