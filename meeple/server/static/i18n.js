// Interface strings in English and Traditional Chinese (the seeds' language).
const STRINGS = {
  en: {
    lobby: "Lobby", language: "Language", new_table: "New table", game: "Game", players: "Players",
    options: "Options", seats: "Seats", seat: "Seat", you: "You", open_seat: "Open seat (a person joins by link)",
    bot: "Bot", bot_kind: "{bot} bot", clock: "Turn clock", no_clock: "No clock", per_decision: "per decision", your_name: "Your name",
    seed: "Seed (optional)", create: "Create table", tables: "Tables", refresh: "Refresh", no_tables: "No tables yet.",
    join: "Join", watch: "Watch", replay: "Replay", open: "open", playing: "playing", over: "finished",
    status: "Status", to_move: "To move", your_turn: "Your turn", waiting_for: "Waiting for {who}",
    spectator: "You are watching as a spectator.", you_are: "You play {who}.", sit_here: "Sit here",
    invite: "Invite link", private_link: "Your private link (play from another device; keep it secret)",
    copy: "Copy", copied: "Copied", undo: "Undo", im_back: "I'm back: take my seat",
    zombie_you: "Your clock ran out: a bot plays your seat until you take it back.",
    actions: "Actions", log: "Log", board: "Board", game_over: "Game over", winner: "Winner",
    ranking: "Ranking", scores: "Scores", place: "Place", score: "Score", decisions: "Decisions",
    filter: "Filter…", connected: "live", disconnected: "reconnecting…", step: "Step", as_seat: "View as",
    spectator_short: "Spectator", first: "First", prev: "Back", next: "Forward", last: "Last",
    replay_title: "Replay", replay_of: "Replay of table {id}", not_over: "A replay is available once the game is over.",
    human: "person", bot_plays: "bot plays", kind: "Kind", clock_left: "Clock", your_hand: "Your private parts",
    note_join: "{name} sits down at seat {n}.", note_undo: "Seat {n} takes back a decision.",
    note_clock: "Seat {n} ran out of time; the {bot} bot plays for them until they return.",
    note_return: "Seat {n} is back and plays again.", none: "none", table: "Table",
    create_hint: "Choose a game, who sits at each seat, and start. Others join with the invite link.",
    error: "Error", back_to_lobby: "Back to the lobby", more: "more", open_seats: "open seats",
    private_note: "only you", online: "online", offline: "offline", watchers: "{n} watching", all_games_play: "Every registered game can be played here.",
  },
  zh: {
    lobby: "大廳", language: "語言", new_table: "開新桌", game: "遊戲", players: "玩家人數",
    options: "選項", seats: "座位", seat: "座位", you: "你", open_seat: "空位（他人以連結加入）",
    bot: "電腦", bot_kind: "{bot} 電腦", clock: "回合計時", no_clock: "不計時", per_decision: "每個決定", your_name: "你的名字",
    seed: "亂數種子（可不填）", create: "建立遊戲桌", tables: "遊戲桌", refresh: "重新整理", no_tables: "還沒有遊戲桌。",
    join: "加入", watch: "觀戰", replay: "重播", open: "有空位", playing: "進行中", over: "已結束",
    status: "狀態", to_move: "輪到", your_turn: "輪到你了", waiting_for: "等待 {who}",
    spectator: "你正在觀戰。", you_are: "你是 {who}。", sit_here: "坐這裡",
    invite: "邀請連結", private_link: "你的私人連結（在其他裝置上繼續；請保密）",
    copy: "複製", copied: "已複製", undo: "悔棋", im_back: "我回來了：取回座位",
    zombie_you: "你的時間用完了：電腦代打，直到你取回座位。",
    actions: "可執行的動作", log: "紀錄", board: "版圖", game_over: "遊戲結束", winner: "勝利者",
    ranking: "名次", scores: "分數", place: "名次", score: "分數", decisions: "決定數",
    filter: "篩選…", connected: "連線中", disconnected: "重新連線中…", step: "步驟", as_seat: "視角",
    spectator_short: "觀戰者", first: "開頭", prev: "上一步", next: "下一步", last: "最後",
    replay_title: "重播", replay_of: "遊戲桌 {id} 的重播", not_over: "遊戲結束後才能重播。",
    human: "真人", bot_plays: "電腦代打", kind: "類型", clock_left: "剩餘時間", your_hand: "你的私人配件",
    note_join: "{name} 坐上座位 {n}。", note_undo: "座位 {n} 悔了一步。",
    note_clock: "座位 {n} 時間用完；由 {bot} 電腦代打，直到玩家回來。",
    note_return: "座位 {n} 回來了，繼續親自遊玩。", none: "無", table: "遊戲桌",
    create_hint: "選擇遊戲與每個座位由誰來坐，然後開始。其他人以邀請連結加入。",
    error: "錯誤", back_to_lobby: "回到大廳", more: "更多", open_seats: "個空位",
    private_note: "僅你可見", online: "在線", offline: "離線", watchers: "{n} 人觀戰", all_games_play: "所有已註冊的遊戲都能在這裡玩。",
  },
};


// Headings of the per-game boards (English is the key itself).
const BOARD_ZH = {
  Messina: "墨西拿 1347", Troyes: "特魯瓦", "Mundus Novus": "航海新世界", "Luna Maris": "月海礦場",
  Buildings: "建築", "Districts and dice": "區域與骰子", Activities: "活動卡", Events: "事件", Cathedral: "大教堂",
  Market: "市場", Supply: "供應區", "Development queue": "發展卡列", "Your hand": "你的手牌", "Your offer": "你的出價",
  Seats: "座位", "Discard pile": "棄牌堆", Modules: "模組", "Mining area": "採礦區", "Player boards": "玩家版圖",
  "Scientists for hire": "可雇用的科學家", Food: "食物", Orders: "訂單", "Advanced modules": "進階模組", Equipment: "裝備",
};
Object.assign(STRINGS.zh, BOARD_ZH);

// Common words in the games' views (the generic board's labels).
const VIEW_ZH = {
  Round: "回合", Rounds: "總回合數", Phase: "階段", Step: "步驟", Turn: "回合", "Turn order": "回合順序",
  "Next turn order": "下回合順序", "Start player": "起始玩家", Seat: "座位", Seats: "座位", Players: "玩家",
  "Players info": "玩家資訊", Score: "分數", Scores: "分數", Vp: "勝利點", Coins: "金幣", Money: "金錢", Wood: "木材",
  Hand: "手牌", "Hand size": "手牌數", Deck: "牌庫", Discard: "棄牌堆", Market: "市場", Queue: "佇列",
  Pending: "待處理", Event: "事件", Events: "事件", Name: "名稱", Kind: "種類", Count: "數量", Cards: "卡牌",
  Dice: "骰子", "Black dice": "黑骰", Influence: "影響力", Deniers: "錢幣", Supply: "供應", Passed: "已過",
  Plague: "瘟疫", Citizens: "市民", Lieutenants: "副手", Ships: "船", Used: "已使用", Energy: "能量", Water: "水",
  Stress: "壓力", Food: "食物", Orders: "訂單", Research: "研究", Modules: "模組", Day: "白天", Pile: "牌堆",
  Winner: "勝利者", Developments: "發展卡", Caravels: "帆船", Offer: "出價", "Trade master": "交易主",
};
Object.assign(STRINGS.zh, VIEW_ZH);

export function viewLabel(text) {
  return lang === "zh" && VIEW_ZH[text] ? VIEW_ZH[text] : text;
}

const GAME_TITLES = {
  zh: { messina: "墨西拿 1347", troyes: "特魯瓦", mundus_novus: "航海新世界", luna_maris: "月海礦場" },
};

let lang = localStorage.getItem("meeple:lang") || ((navigator.language || "").startsWith("zh") ? "zh" : "en");

export function getLang() { return lang; }
export function setLang(l) { lang = STRINGS[l] ? l : "en"; localStorage.setItem("meeple:lang", lang); document.documentElement.lang = lang === "zh" ? "zh-Hant" : "en"; }

export function t(key, args) {
  let s = (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
  if (args) for (const [k, v] of Object.entries(args)) s = s.replaceAll(`{${k}}`, v);
  return s;
}

export function gameTitle(name, fallback) {
  return (GAME_TITLES[lang] && GAME_TITLES[lang][name]) || fallback || name;
}

export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
