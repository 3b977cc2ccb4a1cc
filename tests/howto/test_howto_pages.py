"""The players' "How to play" pages (issue 15: "a rules page per game for players: goal, a round,
each action with its cost, scoring, in both languages").

The numbers a page names are checked against the game's printed component tables
(``Game.default_tables()``), so a wrong number on a page, or a table changed without its page,
fails here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

import pytest

from meeple import games, howto

ROMAN = {1: "I", 2: "II", 3: "III"}


def _norm(text: str) -> str:
    """The page text with minus signs as ``-`` and no spaces around ``/`` (``1 / 2`` -> ``1/2``)."""
    text = re.sub(r"\s+", " ", text.replace("−", "-").replace("–", "-"))
    return re.sub(r"\s*/\s*", "/", text)


def _slash(values: object) -> str:
    return "/".join(str(v) for v in values)  # type: ignore[attr-defined]


def _signed(values: object) -> str:
    return "/".join(f"+{v}" if v > 0 else str(v) for v in values)  # type: ignore[attr-defined]


def troyes_numbers(lang: str) -> list[str]:
    t = games.get("troyes").default_tables()
    deniers = "deniers" if lang == "en" else "錢"
    out = []
    for level in (1, 2, 3):
        cards = [c for c in t.activities if c.level == level]
        costs = {c.hire_cost for c in cards}
        spaces = {c.vp_spaces for c in cards}
        assert len(costs) == 1 and len(spaces) == 1, "one hiring cost and VP row per level"
        vp = ", ".join(str(v) for v in spaces.pop())
        out.append(f"| {ROMAN[level]} | {costs.pop()} {deniers} | {vp} |")
    for ch in t.characters:
        out.append(_slash(ch.thresholds))
    out.append(_slash(t.characters[0].points))
    marauding = t.permanent[0]
    out.append(f"{marauding.vp_first}/{marauding.vp_second}")
    wages = {b.name: b.wage for b in t.buildings}
    if lang == "en":
        out += [f"pays {wages['Palace']} per own citizen in the", f"Palace and {wages['Bishopric']} per own citizen",
                f"dice total ÷ {t.board[0].agriculture_divisor}"]
    else:
        out += [f"宮殿裡每個自己的工人 {wages['Palace']} 錢、主教區每個 {wages['Bishopric']} 錢",
                f"骰子總點數 ÷ {t.board[0].agriculture_divisor}"]
    board = t.board[0]
    low, high = board.cathedral_influence[0], board.cathedral_influence[-1]
    assert board.cathedral_influence == (low,) * 3 + (high,) * 3
    out.append(f"Each cube: {board.cathedral_vp} VP and {low} influence (spaces 1-3) or {high} influence (spaces 4-6)"
               if lang == "en" else f"每個方塊得 {board.cathedral_vp} 分，以及 {low} 點影響力（第 1-3 格）或 {high} 點影響力（第 4-6 格）")
    for name in ("Blacksmith", "Priest", "Merchant", "Journeyman"):
        card = next(c for c in t.activities if c.name == name)
        label = {"en": name, "zh_TW": {"Blacksmith": "鐵匠", "Priest": "神父", "Merchant": "商人",
                                       "Journeyman": "熟練工"}[name]}[lang]
        colour = ("red", "white", "yellow")[card.colour] if lang == "en" else "紅白黃"[card.colour]
        if lang == "en":
            out.append(f"{label} ({colour} {ROMAN[card.level]}, divisor {card.divisor})")
        else:
            out.append(f"{label}（{colour} {ROMAN[card.level]}，除數 {card.divisor}）")
    return out


def messina_numbers(lang: str) -> list[str]:
    t = games.get("messina").default_tables()
    out = [_slash(r.penalty for r in t.rat_penalty[:10])]
    out += [_slash(pc.majority) for pc in t.player_counts]
    out.append(_slash(pc.plague_cubes for pc in t.player_counts))
    start = t.start[0]
    wood, coin = ("wood", "coin") if lang == "en" else ("木材", "金幣")
    seen = set()
    for w in t.wagons:
        if w.number in seen:
            continue
        seen.add(w.number)
        parts = []
        if w.cost_wood:
            parts.append(f"{w.cost_wood} {wood}")
        if w.cost_coins:
            parts.append(f"{w.cost_coins} {coin}{'s' if lang == 'en' and w.cost_coins > 1 else ''}")
        out.append(f"| {w.number} | {' + '.join(parts)} | {w.vp} |")
    if lang == "en":
        out.append(f"{start.lieutenants} lieutenants in the estate ({start.max_lieutenants - start.lieutenants} more")
        out.append(f"{start.coins} coins and {start.wood} wood")
        out.append(f"repopulation token ({start.repopulation_tokens} per player)")
    else:
        out.append(f"莊園裡 {start.lieutenants} 個工人（之後最多再得到 {start.max_lieutenants - start.lieutenants} 個）")
        out.append(f"{start.coins} 枚金幣和 {start.wood} 個木材")
        out.append(f"補充板塊（每人 {start.repopulation_tokens} 個）")
    late = [r for r in t.rounds if r.fire_cost > 1]
    out.append(f"{late[0].fire_cost} fire per cube and +{late[0].fire_vp} VP" if lang == "en"
               else f"每個方塊要 {late[0].fire_cost} 個火焰，並加 {late[0].fire_vp} 分")
    return out


def mundus_numbers(lang: str) -> list[str]:
    t = games.get("mundus_novus").default_tables()
    out = [_slash(s.doubloons for s in t.different), _slash(s.doubloons for s in t.inca),
           _slash(s.cards for s in t.different), _slash(s.cards for s in t.inca)]

    def cell(reach: int) -> str:
        if lang == "en":
            return "n°1" if reach == 1 else f"n°1-n°{reach}"
        return "第 1 張" if reach == 1 else f"第 1-{reach} 張"

    for row in t.identical:
        label = str(row.cards) if row.cards < 5 else ("5+" if lang == "en" else "5 張以上")
        out.append(f"| {label} | " + " | ".join(cell(r) for r in row.reach) + " |")
    relic = next(r for r in t.resources if r.value == 0 or r.name == "inca relic")
    out.append(f"{relic.copies} Inca relics (worth {relic.offer_value} in offers)" if lang == "en"
               else f"{relic.copies} 張印加文物（出價時算 {relic.offer_value} 元）")
    return out


def luna_numbers(lang: str) -> list[str]:
    b = games.get("luna_maris").default_tables().board[0]
    e, i, w = b.emergency_vp
    out = [_slash(b.co2_vp), _slash(b.orders_vp), _slash(b.food_rank_vp),
           _slash(b.build_vp), _signed(b.credits_2p), _signed(b.credits_3p).replace("+0", "0"),
           _signed(b.credits_4p)]
    if lang == "en":
        out += [f"energy (-{e} VP), iron (-{i} VP) or water (-{w} VP)",
                f"Each player: {b.start_vp} VP, {b.start_energy} energy, {b.start_water} water, {b.start_iron} iron",
                f"rounds {b.day_rounds[0]} and {b.day_rounds[1]} (day) each player also gains {b.solar_energy} energy",
                f"Energy never goes above {b.energy_cap}", f"Waste gauge** ({b.waste_spaces} spaces)",
                f"stress marker at {b.stress_start}", f"{b.senior_vp} VP per senior",
                f"lose {b.feed_without_food_vp} VP and take back one", f"for {b.build_cost_titanium} titanium + {b.build_cost_energy} energy",
                f"1st {b.pass_energy[0]} energy, 2nd {b.pass_energy[1]} energy, 3rd {b.pass_iron[2]} iron"]
    else:
        out += [f"能量（扣 {e} 分）、鐵礦（扣 {i} 分）或水（扣 {w} 分）",
                f"每位玩家：{b.start_vp} 分、{b.start_energy} 能量、{b.start_water} 水、{b.start_iron} 鐵礦",
                f"第 {b.day_rounds[0]} 和第 {b.day_rounds[1]} 輪（白天）每人另得 {b.solar_energy} 能量",
                f"能量最多 {b.energy_cap}", f"廢料區**（{b.waste_spaces} 格）", f"壓力標記在 {b.stress_start}",
                f"每張擁有的高級科學家 {b.senior_vp} 分", f"扣 {b.feed_without_food_vp} 分，拿回一張",
                f"花 {b.build_cost_titanium} 鈦礦 + {b.build_cost_energy} 能量",
                f"第 1 個 {b.pass_energy[0]} 能量、第 2 個 {b.pass_energy[1]} 能量、第 3 個 {b.pass_iron[2]} 鐵礦"]
    probes = [v for v in b.probe_group_vp if v]
    out.append(_slash(range(len(b.probe_group_vp) - len(probes), len(b.probe_group_vp))) + "".join(
        [" probes: " if lang == "en" else " 個："]) + _slash(probes))
    return out


NUMBERS: dict[str, Callable[[str], list[str]]] = {
    "troyes": troyes_numbers, "messina": messina_numbers,
    "mundus_novus": mundus_numbers, "luna_maris": luna_numbers,
}


def missing_numbers(game: str, lang: str, text: str) -> list[str]:
    """The table-derived phrases a page should contain but does not."""
    page = _norm(text)
    return [phrase for phrase in NUMBERS[game](lang) if _norm(phrase) not in page]


PAGES = [(game, lang) for game in howto.GAMES for lang in howto.LANGUAGES]


def test_every_game_has_a_page_in_both_languages() -> None:
    """Issue 15: a rules page per game, in both languages, for every registered game."""
    assert set(howto.GAMES) <= set(games.names())
    for game, lang in PAGES:
        text = howto.page(game, lang)
        assert text.startswith("# ") and len(text) > 2000, (game, lang)


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_each_page_has_goal_round_actions_scoring_sections(game: str, lang: str) -> None:
    """Issue 15: goal, a round, each action, scoring (and setup, and how the app shows it), in order."""
    headings = [line[3:].strip() for line in howto.page(game, lang).splitlines() if line.startswith("## ")]
    wanted = [en if lang == "en" else zh for en, zh in howto.SECTIONS]
    assert headings == wanted


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_the_numbers_on_the_page_match_the_component_tables(game: str, lang: str) -> None:
    """Issue 15: each action with its cost; the costs and rewards named are the tables' values."""
    assert missing_numbers(game, lang, howto.page(game, lang)) == []


@pytest.mark.parametrize("lang", howto.LANGUAGES)
def test_a_wrong_number_on_a_page_is_caught(lang: str) -> None:
    """Issue 15: the number check fails on a page with one wrong cost (so it is not vacuous)."""
    troyes = howto.page("troyes", lang).replace("| II | 4 ", "| II | 6 ")
    assert missing_numbers("troyes", lang, troyes)
    mundus = howto.page("mundus_novus", lang).replace("5/7/10/15/20/25", "5/7/10/15/20/30")
    assert missing_numbers("mundus_novus", lang, mundus)
    luna = howto.page("luna_maris", lang).replace("-5/0/3/5/8", "-5/0/3/5/9").replace("−5/0/3/5/8", "−5/0/3/5/9")
    assert missing_numbers("luna_maris", lang, luna)
    messina = howto.page("messina", lang).replace("10/13/16/18/21", "10/13/16/19/21")
    assert missing_numbers("messina", lang, messina)


GLOSSARY = {
    "messina": ["瘟疫方塊", "老鼠標記", "隔離室", "工房", "名聲軌", "城市軌", "教堂軌", "莊園", "莊園方格", "監工",
                "市民", "工人", "火焰", "大火", "木材", "金幣", "車廂", "船隻", "碼頭", "港口", "人群轉盤",
                "捲軸版", "補充板塊", "活絡城市", "閃電符號", "城市板塊", "鄰里板塊", "對抗瘟疫", "召回工人"],
    "troyes": ["宮殿", "主教區", "市政廳", "劫掠", "影響力", "行動卡", "事件卡", "人物卡", "大教堂", "黑骰", "工人",
               "中立市民", "錢", "農業生產", "跳過", "方塊", "工資", "收入", "延時行動", "起始玩家"],
    "mundus_novus": ["帆船", "倉庫", "造船廠", "商人", "印加文物", "交易商", "市場", "發展卡", "資源卡", "供貨",
                     "貿易", "發展", "國王援助", "土著", "暴風雨", "火災", "海盜", "可可", "香草", "元"],
    "luna_maris": ["氣閘", "休眠間", "廢料區", "氦-3", "壓力", "氧氣", "能量", "鐵礦", "鈦礦", "探測器", "輸送帶",
                   "採礦區", "訂單", "糧食牌", "初級科學家", "高級科學家", "特殊設備", "進階模組", "緊急倉庫",
                   "提煉", "永續發展", "建造軌", "啟動格", "休息牌堆", "犒賞科學家", "模組", "太空人", "採礦站",
                   "工業區", "回收設備", "發電站", "貨運碼頭", "通訊室", "實驗室", "溫室"],
}


@pytest.mark.parametrize("game", howto.GAMES)
def test_the_chinese_page_uses_the_seeds_terms(game: str) -> None:
    """Issue 15: the zh_TW pages use the seeds' words (docs/glossary.md) for the game's parts."""
    text = howto.page(game, "zh_TW")
    assert [term for term in GLOSSARY[game] if term not in text] == []


ROMAN_NUMERALS = {"I", "II", "III", "IV", "V", "VI"}


@pytest.mark.parametrize("game", howto.GAMES)
def test_the_chinese_page_has_no_long_latin_runs_outside_notations(game: str) -> None:
    """Issue 15: natural Traditional Chinese: no English words outside `notation` spans (codes such as
    J3, A1, H1-H4, CO2 and round numerals are notations of the game itself)."""
    text = re.sub(r"`[^`]*`", "", howto.page(game, "zh_TW"))
    words = set(re.findall(r"[A-Za-z]{3,}", text)) - ROMAN_NUMERALS
    assert words == set()
    assert re.search(r"[A-Za-z]+ [A-Za-z]+", text) is None


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_pages_carry_no_internal_references(game: str, lang: str) -> None:
    """Issue 15: written for players: no research or seed references, no module or file names."""
    text = howto.page(game, lang)
    for word in ("research §", "research notes", "seed", "§", ".py", "STAND_IN", "stand_in", "docs/"):
        assert word not in text, word


def test_an_unknown_game_or_language_is_a_clear_error() -> None:
    """Issue 15: bad input gets a clear error (a BadSetup, one line on the command line)."""
    with pytest.raises(howto.UnknownPage, match="no rules page for game 'chess'"):
        howto.page("chess")
    with pytest.raises(howto.BadSetup, match="unknown language 'xx'"):
        howto.page("troyes", "xx")
    assert howto.page("troyes", "zh-TW") == howto.page("troyes", "zh_TW") == howto.page("troyes", "zh")


def _plain(text: str) -> str:
    """``text`` without accents (the tables spell ``Ponce de Leon``, the page ``Ponce de León``)."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _row(text: str, first_cell: str) -> str:
    """The Markdown table row of ``text`` whose first cell is ``first_cell`` (accents ignored)."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and _plain(cells[0]).replace("*", "") == _plain(first_cell):
            return line
    raise AssertionError(f"no row for {first_cell!r}")


@pytest.mark.parametrize("lang", howto.LANGUAGES)
def test_the_development_cards_income_matches_the_table(lang: str) -> None:
    """Issue 15 (Mundus Novus): each character's and card kind's income on the page is the table's."""
    text = howto.page("mundus_novus", lang)
    word = "income" if lang == "en" else "收入"
    t = games.get("mundus_novus").default_tables()
    for card in t.developments:
        if card.kind != "character":
            continue
        row = _row(text, card.name if lang == "en" else card.zh)
        if card.income:
            assert f"{word} {card.income}" in row, row
        else:
            assert word not in row, row
    for kind, label in (("warehouse", ("Warehouse", "倉庫")), ("merchant", ("Merchant 1-3 / 4-6 / 7-9", "商人 1-3 / 4-6 / 7-9"))):
        incomes = {c.income for c in t.developments if c.kind == kind}
        assert len(incomes) == 1
        assert f"{word} {incomes.pop()}" in _row(text, label[0] if lang == "en" else label[1])
    bands = sorted({(c.band_lo, c.band_hi) for c in t.developments if c.kind == "merchant"})
    assert "/".join(f"{lo}-{hi}" for lo, hi in bands) in _norm(_row(text, label[0] if lang == "en" else label[1]))
    keeps = sorted({c.keeps for c in t.developments if c.kind == "warehouse"})
    assert (" or " if lang == "en" else " 或 ").join(map(str, keeps)) in text


@pytest.mark.parametrize("lang", howto.LANGUAGES)
def test_the_resource_values_and_counts_match_the_table(lang: str) -> None:
    """Issue 15 (Mundus Novus): each resource's value and number of cards on the page are the table's."""
    text = _norm(howto.page("mundus_novus", lang))
    names = {"en": {}, "zh_TW": {}}
    t = games.get("mundus_novus").default_tables()
    for res in t.resources:
        if res.value:
            label = res.name if lang == "en" else res.zh
            assert f"{label} {res.value}" in text, label
            names[lang].setdefault(res.copies, []).append(label)
    for copies, labels in names[lang].items():
        last = labels[-1]
        tail = text[text.index(f"{last} "):][:40]
        assert (f"({copies} each)" if lang == "en" else f"（各 {copies} 張）") in tail, (last, tail)


@pytest.mark.parametrize("lang", howto.LANGUAGES)
def test_the_refining_processes_match_the_table(lang: str) -> None:
    """Issue 15 (Luna Maris): every refining process's costs and yields on the page are the table's."""
    iron, water, he3, vp = ("iron", "water", "He-3", "VP") if lang == "en" else ("鐵礦", "水", "氦-3", "分")
    row = _row(howto.page("luna_maris", lang), "Industrial zone" if lang == "en" else "工業區")
    for process in games.get("luna_maris").default_tables().refining:
        if process.name == "D":
            continue
        part = re.search(rf"[:：；;] ?{process.name} ([^;；]*)", row)
        assert part, process.name
        cost, _, gain = part.group(1).partition("→")
        assert cost.strip().startswith(f"{process.iron_to_waste} {iron}"), (process.name, cost)
        assert (f"{process.water_cost} {water}" in cost) == bool(process.water_cost), (process.name, cost)
        if process.supply_iron_to_waste:
            assert str(process.supply_iron_to_waste) in cost.split(iron, 1)[1], (process.name, cost)
        for amount, word in ((process.water, water), (process.he3, he3), (process.vp, vp)):
            assert (f"{amount} {word}" in gain) == bool(amount), (process.name, gain)


@pytest.mark.parametrize("lang", howto.LANGUAGES)
def test_the_event_ranges_match_the_table(lang: str) -> None:
    """Issue 15 (Troyes): the boxes and VP of the red events and the white/yellow events on the page."""
    text = _norm(howto.page("troyes", lang))
    t = games.get("troyes").default_tables()
    red = [e for e in t.events if e.colour == 0]
    other = [e for e in t.events if e.colour != 0]
    boxes = f"{min(e.boxes for e in red)}-{max(e.boxes for e in red)}"
    low = min(red, key=lambda e: (e.vp_first, e.vp_second))
    high = max(red, key=lambda e: (e.vp_first, e.vp_second))
    assert boxes in text
    assert f"{low.vp_first}/{low.vp_second}" in text and f"{high.vp_first}/{high.vp_second}" in text
    assert len({(e.divisor, e.boxes, e.vp_first, e.vp_second) for e in other}) == 1
    e = other[0]
    assert (f"divisor {e.divisor}, {e.boxes} boxes, {e.vp_first}/{e.vp_second} VP" if lang == "en"
            else f"除數 {e.divisor}，{e.boxes} 格，{e.vp_first}/{e.vp_second} 分") in text
    assert len({x.divisor for x in red}) == 1
    assert (f"red dice, divisor {red[0].divisor}" if lang == "en" else f"用紅骰對抗，除數 {red[0].divisor}") in text
