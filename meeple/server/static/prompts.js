// What the reader must decide now, in words (issue 27): each game's kinds of decision as a
// sentence of the catalog (web.prompt.<game>.<kind>, en and zh_TW), chosen by what the mover's own
// view already says about the decision under way, so that nothing hidden is read:
//   Luna Maris: ``step`` (state.STEP_NAMES), with the counts of ``turn`` (food to take,
//     scientists to take back, iron to pay, module actions left) and the module visited;
//   Messina 1347: ``now.step`` (a messina.task.<task> key), with the plague cubes of a fight;
//   Mundus Novus: ``phase`` (state.PHASE_NAMES);
//   Troyes: ``step`` (state.STEP_NAMES), or ``phase`` (state.PHASE_NAMES) at the main step, with
//     the black dice still to counter while dice are spent.
// The tables' keys are those words exactly (tests/web/test_web_prompts.py holds them to the games'
// vocabularies and the catalog); a kind a table does not know gives no prompt (the bar's general
// words stay).

const LUNA = {
  "choose equipment": "web.prompt.luna_maris.choose_equipment",
  "place first probe": "web.prompt.luna_maris.place_first_probe",
  "place astronaut": "web.prompt.luna_maris.place_astronaut",
  "turn": "web.prompt.luna_maris.turn",
  "move": "web.prompt.luna_maris.move",
  "module action": "web.prompt.luna_maris.module_action",
  "take food": "web.prompt.luna_maris.take_food",
  "feed scientists": "web.prompt.luna_maris.feed_scientists",
  "research bonus": "web.prompt.luna_maris.research_bonus",
  "compactor": "web.prompt.luna_maris.compactor",
  "pay iron": "web.prompt.luna_maris.pay_iron",
};

const MESSINA = {
  "messina.task.activate": "web.prompt.messina.activate",
  "messina.task.build": "web.prompt.messina.build",
  "messina.task.cabin": "web.prompt.messina.cabin",
  "messina.task.city_or_church": "web.prompt.messina.city_or_church",
  "messina.task.decide": "web.prompt.messina.decide",
  "messina.task.fight": "web.prompt.messina.fight",
  "messina.task.give_up": "web.prompt.messina.give_up",
  "messina.task.lightning": "web.prompt.messina.lightning",
  "messina.task.main": "web.prompt.messina.main",
  "messina.task.overseer": "web.prompt.messina.overseer",
  "messina.task.pay": "web.prompt.messina.pay",
  "messina.task.place": "web.prompt.messina.place",
  "messina.task.quarantine_pick": "web.prompt.messina.quarantine_pick",
  "messina.task.scroll": "web.prompt.messina.scroll",
  "messina.task.ship": "web.prompt.messina.ship",
  "messina.task.ship_fight": "web.prompt.messina.ship_fight",
  "messina.task.slot": "web.prompt.messina.slot",
  "messina.task.staff": "web.prompt.messina.staff",
  "messina.task.upgrade": "web.prompt.messina.upgrade",
  "messina.task.upgrade_overseer": "web.prompt.messina.upgrade_overseer",
};

const MUNDUS = {
  "coronado": "web.prompt.mundus_novus.coronado",
  "ponce de leon": "web.prompt.mundus_novus.ponce_de_leon",
  "supply": "web.prompt.mundus_novus.supply",
  "pirates": "web.prompt.mundus_novus.pirates",
  "announce": "web.prompt.mundus_novus.announce",
  "offer": "web.prompt.mundus_novus.offer",
  "trade master tie": "web.prompt.mundus_novus.trade_master_tie",
  "exchange": "web.prompt.mundus_novus.exchange",
  "balancing gift": "web.prompt.mundus_novus.balancing_gift",
  "progression start": "web.prompt.mundus_novus.progression_start",
  "progression": "web.prompt.mundus_novus.progression",
  "choose development": "web.prompt.mundus_novus.choose_development",
  "warehouse": "web.prompt.mundus_novus.warehouse",
};

const TROYES = {
  // the phases, at their main step
  "choose character": "web.prompt.troyes.choose_character",
  "draft": "web.prompt.troyes.draft",
  "black dice": "web.prompt.troyes.black_dice",
  "actions": "web.prompt.troyes.actions",
  // the steps inside a decision under way
  "flip": "web.prompt.troyes.flip",
  "spend dice": "web.prompt.troyes.spend_dice",
  "citizen source": "web.prompt.troyes.citizen_source",
  "cube": "web.prompt.troyes.cube",
  "dice": "web.prompt.troyes.dice",
  "activations": "web.prompt.troyes.activations",
  "master mason space": "web.prompt.troyes.master_mason_space",
  "squire event": "web.prompt.troyes.squire_event",
  "black dice to counter": "web.prompt.troyes.black_dice_to_counter",
};

export const TABLES = { luna_maris: LUNA, messina: MESSINA, mundus_novus: MUNDUS, troyes: TROYES };

const num = (x) => (typeof x === "number" ? x : 0);

// The kind of decision under way, as the game's view words it, and the prompt's arguments.
function luna(v) {
  const turn = v.turn || {};
  const mod = (v.modules || []).find((m) => m.key === turn.at_module);
  return [v.step, { n: num(turn.module_actions_left), food: num(turn.food_to_take), back: num(turn.scientists_to_return),
    iron: num(turn.iron_to_pay), module: mod && mod.name ? { key: mod.name } : "" }];
}
function messina(v) {
  const now = v.now || {};
  return [now.step, { cubes: num(now.plague) }];
}
function mundus(v) { return [v.phase, {}]; }
function troyes(v) {
  const p = v.pending || {};
  const countering = Array.isArray(p.countering) ? p.countering.reduce((a, b) => a + num(b), 0) : 0;
  return [v.step && v.step !== "main" ? v.step : v.phase, { needed: num(p.needed) || countering, pool: num(p.pool) }];
}
const KIND = { luna_maris: luna, messina, mundus_novus: mundus, troyes };

// The prompt of ``game`` at the mover's view ``v``: a catalog message, or null.
export function promptOf(game, v) {
  const table = TABLES[game], kind = KIND[game];
  if (!table || !kind || !v) return null;
  const [k, args] = kind(v);
  const key = typeof k === "string" ? table[k] : undefined;
  return key ? { key, args } : null;
}

// What the seat ``who`` is deciding, for the others waiting on it (issue 27): the same kind of
// decision read from the reader's own view (every view has the mover's step or phase), worded as
// web.doing.<game>.<kind> (the prompt's key with "doing" for "prompt"), or null.
export function doingOf(game, v, who) {
  const task = promptOf(game, v);
  return task ? { key: task.key.replace(/^web\.prompt\./, "web.doing."), args: { who } } : null;
}
