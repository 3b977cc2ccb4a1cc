"""Since your last decision (issue 27): static/marks.js marks the pieces another seat's decision
changed, by element id, until the reader's own next decision; tried on a small board in a blank
page of the server's origin (``module_page``), so that every case is exact and takes milliseconds."""

from __future__ import annotations

from typing import Any

from tests.browserkit import module_page

BOARD = """<div id="board">
  <div data-seat="1"><span class="k">track</span>
    <span class="space" data-pc data-effect="waste space 1">1</span>
    <span class="space" data-pc data-effect="waste space 2">2</span></div>
  <span class="lt" data-pc data-name="lt1" data-owner="1">A03</span>
  <span class="lt clickable" data-pc data-name="lt2" data-owner="0" data-actions="lt2 to H1" title="Send lieutenant 2">H2</span>
  <span class="card" data-id="card:7">Baker</span>
</div>"""

# The page keeps the marks' memory in window.ms; each step draws ``board`` (as the table page
# redraws), then updates the marks after decision number ``at`` with the log so far.
STEP = """([html, at, log, you]) => {
  const app = document.getElementById("app");
  app.innerHTML = html;
  window.ms = window.ms || window.mk.markState();
  window.mk.updateMarks(window.ms, app, at, log, you);
  return [...app.querySelectorAll(".changed")].map((e) => e.getAttribute("data-name") || e.getAttribute("data-id") || e.getAttribute("data-effect"));
}"""


def _step(page: Any, html: str, at: int, log: list[dict[str, Any]], you: int | None = 0) -> list[str]:
    return list(page.evaluate(STEP, [html, at, log, you]))


def _act(decision: int, seat: int) -> dict[str, Any]:
    return {"kind": "action", "decision": decision, "seat": seat, "events": []}


def test_web_marks_show_what_another_seat_changed_until_your_next_decision(browser: Any, server: str) -> None:
    """Issue 27: after seat 1's decision the lieutenant it moved and the card whose words changed
    are marked, nothing else (not a piece that only became clickable, not the track); they stay
    marked across redraws and further decisions of others, and the reader's own decision clears
    them."""
    ctx, page = module_page(browser, server, "marks.js", "mk")
    log: list[dict[str, Any]] = []
    assert _step(page, BOARD, 0, log) == []  # the first drawing: nothing to compare with
    moved = BOARD.replace(">A03<", ">B01<").replace(">Baker<", ">Baker ✓<").replace(
        'data-actions="lt2 to H1" title="Send lieutenant 2"', 'data-actions="lt2 to H3" title="Send lieutenant 2 to H3"')
    log.append(_act(0, 1))
    assert sorted(_step(page, moved, 1, log)) == ["card:7", "lt1"]
    assert sorted(_step(page, moved, 1, log)) == ["card:7", "lt1"]  # a redraw (presence, language)
    log.append(_act(1, 1))
    assert sorted(_step(page, moved, 2, log)) == ["card:7", "lt1"]  # another decision changed nothing more
    mine = moved.replace(">H2<", ">H1<")
    log.append(_act(2, 0))
    assert _step(page, mine, 3, log) == []  # your own decision: the marks start again
    ctx.close()


def test_web_marks_keys_survive_a_piece_put_before_them(browser: Any, server: str) -> None:
    """Issue 27: pieces are compared by their id or name (or their words), not by their place: a
    new piece drawn before a track marks the new piece only, not every space after it."""
    ctx, page = module_page(browser, server, "marks.js", "mk")
    assert _step(page, BOARD, 0, []) == []
    grown = BOARD.replace('<span class="k">track</span>',
                          '<span class="k">track</span><span class="card" data-pc data-name="Drill" data-owner="1">Drill</span>')
    assert _step(page, grown, 1, [_act(0, 1)]) == ["Drill"]
    ctx.close()


def test_web_marks_for_a_spectator_last_one_decision(browser: Any, server: str) -> None:
    """Issue 27: a spectator (no seat) sees what the last decision changed, each decision's marks
    replacing the last's."""
    ctx, page = module_page(browser, server, "marks.js", "mk")
    assert _step(page, BOARD, 0, [], None) == []
    one = BOARD.replace(">A03<", ">B01<")
    assert _step(page, one, 1, [_act(0, 1)], None) == ["lt1"]
    two = one.replace(">Baker<", ">Baker ✓<")
    assert _step(page, two, 2, [_act(0, 1), _act(1, 0)], None) == ["card:7"]
    ctx.close()
