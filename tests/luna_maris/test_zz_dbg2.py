import random
from typing import Any
from tests.browserkit import open_table, decisions, wait_until
from tests.luna_maris.test_luna_maris_board_browser import _choose

def test_dbg(browser: Any, server: str) -> None:
    ctx, page, errors = open_table(browser, server, "luna_maris", 3, bots="random", seed=11, size="phone", lang="zh")
    page.on("dialog", lambda d: d.accept())
    rng = random.Random(3)
    for _ in range(14):
        wait_until(page, lambda: page.locator("#actions button.act").count() > 0, 30)
        b = decisions(page); _choose(page, rng)
        wait_until(page, lambda b=b: decisions(page) > b, 30)
    wait_until(page, lambda: page.locator("#actions button.act").count() > 0, 30)
    page.mouse.wheel(0, -10000); page.wait_for_timeout(200)
    page.screenshot(path="/tmp/luna/phone_top.png")
    page.locator("#board").scroll_into_view_if_needed()
    page.locator("#board .modmap").scroll_into_view_if_needed(); page.wait_for_timeout(200)
    page.screenshot(path="/tmp/luna/phone_board.png")
    page.set_viewport_size({"width": 1280, "height": 900}); page.mouse.wheel(0, -10000); page.wait_for_timeout(200)
    page.screenshot(path="/tmp/luna/desk_top.png")
