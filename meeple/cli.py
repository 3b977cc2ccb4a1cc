"""The ``meeple`` command: list, play, replay, simulate, bench, arena, serve.

Every command reaches games only through the contract.  Errors that a user
can cause (unknown game, bad player count, bad option, malformed record or
component pack) print one line and exit with status 2, never a traceback.
"""

from __future__ import annotations

import inspect
import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from meeple import bots as botlib
from meeple import games
from meeple.cli_admin import admin
from meeple.cli_people import disable as _admin_accounts  # noqa: F401 - meeple admin disable/enable/password
from meeple.cli_rules import rules
from meeple.cli_worker import worker
from meeple.engine import MeepleError, load_record, replay
from meeple.engine.components import Tables, load_pack
from meeple.engine.messages import refused
from meeple.train import train_command
from meeple.tune import tune_command

app = typer.Typer(
    add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
    help="meeple: Messina 1347, Troyes, Mundus Novus and Luna Maris by their complete rules.",
)
app.add_typer(admin, name="admin")
console = Console()
err = Console(stderr=True)

MAX_GAMES = 1_000_000
MAX_JOBS = 256

ComponentsOpt = Annotated[
    Path | None, typer.Option("--components", help="a component pack (TOML) replacing printed tables")
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="a game option as key=value (repeatable)")
]

LevelsOpt = Annotated[
    Path | None, typer.Option("--bot-levels", help="a bot levels file (as meeple serve --bot-levels): "
                              "its levels become --bots names")
]

RayOpt = Annotated[
    str | None,
    typer.Option("--ray", help="spread the games over a Ray cluster: an address (ray://host:10001, "
                 "auto) or 'local' to start one here with --jobs CPUs (needs meeple[ray])"),
]


def _ray_address(value: str | None) -> str | None:
    """``None`` (no Ray), ``""`` (a local cluster) or a cluster address; checks Ray is installed."""
    if value is None:
        return None
    from meeple.parallel import ray_module

    ray_module()
    text = value.strip()
    return "" if text in ("", "local") else text


def _tables(name: str, pack: Path | None) -> Tables | None:
    if pack is None:
        return None
    game = games.get(name)
    return load_pack(game.default_tables(), pack, game=game.name)


def _options(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise refused("engine.setup.option_pair", option=repr(pair))
        text = value.strip()
        parsed: Any = text
        if text.lstrip("-").isdigit():
            parsed = int(text)
        elif text.lower() in ("true", "false"):
            parsed = text.lower() == "true"
        out[key.strip()] = parsed
    return out


def _bot_list(text: str, game: str, players: int, levels_file: Path | None = None) -> list[str]:
    """The specs of a ``--bots`` list: bot specs, or level names (``easy``, ``normal``, ``hard``,
    as the server's tables, plus those of ``--bot-levels FILE``) resolved to the spec that level
    plays on ``game`` at ``players``."""
    from meeple.bots.arena import split_bots
    from meeple.bots.levels import load_levels, resolve_bot

    levels = load_levels(levels_file)
    specs = split_bots(text)
    if not specs:
        raise refused("engine.setup.no_bots", given=repr(text), bots=", ".join(botlib.kinds()),
                      levels=", ".join(sorted(levels)))
    return [resolve_bot(spec, game, players, levels) for spec in specs]


def _bot_specs(text: str | None, game: str, seats: list[int], humans: list[int],
               levels_file: Path | None = None) -> dict[int, str]:
    specs = _bot_list(text, game, len(seats), levels_file) if text is not None else []
    if not specs:
        specs = ["heuristic" if "heuristic" in botlib.kinds() else "random"]
    out: dict[int, str] = {}
    others = [s for s in seats if s not in humans]
    for i, seat in enumerate(others):
        out[seat] = specs[min(i, len(specs) - 1)]
    for spec in set(out.values()):
        botlib.make(spec)  # a bad spec fails before the game starts
    return out


def _seed(seed: int | None) -> int:
    return seed if seed is not None else int(time.time() * 1000) % 1_000_000_007


@app.command("list")
def list_games(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The games: player counts, rules version, stand-in component values and options."""
    rows: list[dict[str, Any]] = []
    for name in games.names():
        g = games.get(name)
        rows.append({"name": g.name, "title": g.title, "players": f"{g.min_players}-{g.max_players}",
                     "version": g.version, "stand_ins": len(g.stand_ins()),
                     "options": {k: o.default for k, o in g.options.items()}})
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    table = Table(title="meeple games")
    for col in ("name", "title", "players", "rules version", "stand-in values", "options"):
        table.add_column(col)
    for r in rows:
        opts = ", ".join(r["options"]) or "-"
        table.add_row(r["name"], r["title"], r["players"], str(r["version"]), str(r["stand_ins"]), opts)
    console.print(table)


@app.command()
def components(
    game: Annotated[str, typer.Argument(help="game name")],
    table: Annotated[list[str] | None, typer.Option("--table", "-t", help="only this table (repeatable)")] = None,
) -> None:
    """Print a game's printed components as a TOML component pack (a template to edit)."""
    from meeple.engine.components import dump_pack

    g = games.get(game)
    tables = g.default_tables()
    for name in table or []:
        if name not in tables:
            raise refused("engine.setup.no_table", game=g.name, name=repr(name), tables=", ".join(sorted(tables)))
    print(f"# {g.title} component pack (rules version {g.version}); edit values, keep every field.")
    print(f"# Stand-in values (no source gave them): {len(g.stand_ins())}; see docs/rules/{g.name}.md")
    print(f'game = "{g.name}"\n')
    print(dump_pack(tables, table or None))


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game name (see meeple list)")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seat: Annotated[list[int] | None, typer.Option("--seat", help="a seat played by a person (repeatable)")] = None,
    bots: Annotated[str | None, typer.Option("--bots", help="bots for the other seats: levels (easy, normal, hard) or specs, e.g. random,heuristic")] = None,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    load: Annotated[Path | None, typer.Option("--load", help="resume a saved game")] = None,
    option: OptionOpt = None,
    components: ComponentsOpt = None,
    lang: Annotated[str | None, typer.Option("--lang", help="zh-TW or en (default: MEEPLE_LANG, else the locale)")] = None,
    bot_levels: LevelsOpt = None,
) -> None:
    """Play in the terminal against bots, or hot-seat with several --seat."""
    from meeple.i18n.negotiate import terminal_language
    from meeple.terminal import TerminalGame

    language = terminal_language(lang)

    if load is not None:
        record = load_record(load)
        name = str(record.get("game"))
        tables = _tables(name, components) if isinstance(record.get("game"), str) else None
        state = replay(record, tables)
    else:
        if game is None:
            raise refused("engine.setup.no_game")
        g = games.get(game)
        count = players if players is not None else min(max(g.min_players, 2), g.max_players)
        tables = _tables(g.name, components)
        state = g.new(count, seed=_seed(seed), options=_options(option), tables=tables)
    humans = sorted(set(seat or [0]))
    for s in humans:
        if not 0 <= s < state.players:
            raise refused("engine.setup.no_such_seat", seat=s, players=state.players, last=state.players - 1)
    specs = _bot_specs(bots, state.game.name, list(range(state.players)), humans, bot_levels)
    runner = TerminalGame(state, humans, specs, console, _reader, tables, lang=language)
    console.print(runner.intro())
    raise typer.Exit(runner.run())


def _reader(prompt: str) -> str:
    return console.input(prompt)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a saved record (JSON)")],
    seat: Annotated[int | None, typer.Option("--seat", help="see the game as this seat (default: spectator)")] = None,
    components: ComponentsOpt = None,
    lang: Annotated[str | None, typer.Option("--lang", help="zh-TW or en (default: MEEPLE_LANG, else the locale)")] = None,
) -> None:
    """Step through a saved game as one seat saw it."""
    from meeple.i18n.negotiate import terminal_language
    from meeple.terminal import replay_viewer

    language = terminal_language(lang)

    record = load_record(file)
    name = record.get("game")
    tables = _tables(name, components) if isinstance(name, str) else None
    raise typer.Exit(replay_viewer(record, seat, console, _reader, tables, lang=language))


@app.command()
def simulate(
    game: Annotated[str, typer.Argument()],
    players: Annotated[int, typer.Option("--players", "-p")] = 2,
    count: Annotated[int, typer.Option("--games", "-n", help="how many games", max=MAX_GAMES)] = 100,
    bots: Annotated[str, typer.Option("--bots", help="one bot per seat (the last repeats): a level (easy, normal, hard) or a spec")] = "random",
    seed: Annotated[int, typer.Option("--seed")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", max=MAX_JOBS)] = 1,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    option: OptionOpt = None,
    components: ComponentsOpt = None,
    crash_dir: Annotated[Path, typer.Option("--crash-dir")] = Path("."),
    ray: RayOpt = None,
    bot_levels: LevelsOpt = None,
) -> None:
    """Play many seeded games between bots and report wins, scores and speed."""
    from meeple.simulate import check_setup, run_games, save_crashes, summarise

    g = games.get(game)
    g.check_players(players)
    opts = g.check_options(_options(option))
    if count < 1 or jobs < 1:
        raise refused("engine.setup.games_jobs")
    if crash_dir.exists() and not crash_dir.is_dir():
        raise refused("engine.setup.crash_dir", path=repr(str(crash_dir)))
    specs = _bot_specs(bots, g.name, list(range(players)), [], bot_levels)
    spec_list = [specs[s] for s in range(players)]
    tables = _tables(g.name, components)
    check_setup(g.name, players, seed, opts, tables)  # a bad pack is refused before any game
    started = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err, disable=as_json or not err.is_terminal) as bar:
        task = bar.add_task(f"{g.name} {players}p", total=count)
        results = run_games(g.name, players, count, spec_list, seed, jobs, opts, tables,
                            progress=lambda: bar.advance(task), ray=_ray_address(ray))
    summary = summarise(g.name, players, spec_list, results, time.perf_counter() - started)
    save_crashes(summary, results, crash_dir)
    if as_json:
        print(json.dumps(summary, indent=1))
    else:
        table = Table(title=f"{g.title}, {players} players: {summary['finished']}/{count} games")
        for col in ("seat", "bot", "wins", "win rate", "mean score", "min", "max"):
            table.add_column(col, justify="right")
        for s in summary["seats"]:
            table.add_row(str(s["seat"]), s["bot"], f"{s['wins']:g}", f"{s['win_rate']:.1%}",
                          str(s["mean_score"]), str(s["min_score"]), str(s["max_score"]))
        console.print(table)
        solo = summary.get("solo")
        if solo:
            console.print(f"solo ({solo['level']}): {solo['beaten']} of {summary['finished']} games reached "
                          f"{solo['yardstick']} VP ({solo['yardstick_kind']} yardstick; wins count those); score "
                          f"median {solo['median']:g}, quartiles {solo['q1']:g}-{solo['q3']:g}")
        console.print(f"mean decisions per game {summary['mean_decisions']}, "
                      f"{summary['games_per_second']} games/s over {summary['seconds']} s")
        for c in summary["crashes"]:
            err.print(f"[red]crash[/red] seed {c['seed']}: {c['error']} (record: {c['record_file']})")
    if summary["crashes"]:
        raise typer.Exit(1)


@app.command()
def bench(
    names: Annotated[list[str] | None, typer.Argument(help="games (default: all)")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="random play per game and count")] = 1.0,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Random-play speed and µs per legal_actions, apply and clone (one core)."""
    from meeple.simulate import bench_one

    chosen = [games.get(n).name for n in names] if names else games.names()
    rows = []
    for name in chosen:
        g = games.get(name)
        counts = [g.check_players(players)] if players else range(g.min_players, g.max_players + 1)
        for n in counts:
            rows.append(bench_one(name, n, seconds))
            if not as_json:
                err.print(f"[dim]{name} {n}p done[/dim]")
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    table = Table(title="meeple bench (random play, one core)")
    table.add_column("game", no_wrap=True)
    for col in ("players", "decisions/s", "games/s", "decisions/game", "legal µs", "apply µs", "clone µs"):
        table.add_column(col, justify="right", no_wrap=True)
    for r in rows:
        table.add_row(r["game"], str(r["players"]), f"{r['decisions_per_second']:,}",
                      str(r["games_per_second"]), str(r["mean_decisions"]), str(r["legal_actions_us"]),
                      str(r["apply_us"]), str(r["clone_us"]))
    (console if console.is_terminal and console.width >= 100 else Console(width=110)).print(table)


@app.command()
def arena(
    game: Annotated[str, typer.Argument()],
    players: Annotated[int, typer.Option("--players", "-p")] = 2,
    bots: Annotated[str, typer.Option(
        "--bots", help="the bots: levels (easy, normal, hard) or specs")] = "random,heuristic",
    count: Annotated[int, typer.Option("--games", "-n", max=MAX_GAMES)] = 20,
    jobs: Annotated[int, typer.Option("--jobs", "-j", max=MAX_JOBS)] = 1,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    components: ComponentsOpt = None,
    ray: RayOpt = None,
    bot_levels: LevelsOpt = None,
) -> None:
    """Bots against each other in every seat arrangement: win rates, margins, Elo."""
    from meeple.bots.arena import arena_command
    from meeple.simulate import check_setup

    g = games.get(game)
    g.check_players(players)

    specs = _bot_list(bots, g.name, players, bot_levels)
    for spec in specs:
        botlib.make(spec)
    if count < 1 or jobs < 1:
        raise refused("engine.setup.games_jobs")
    tables = _tables(g.name, components)
    check_setup(g.name, players, seed, None, tables)  # a bad pack is refused before any game
    code = arena_command(g.name, players, specs, count, jobs=jobs, seed=seed, as_json=as_json,
                         tables=tables, ray=_ray_address(ray))
    raise typer.Exit(code)


app.command("rules")(rules)
app.command("train")(train_command)
app.command("tune")(tune_command)
app.command("worker")(worker)


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port (1-65535)")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="database URL (default: sqlite file meeple.db)")] = None,
    bot_levels: Annotated[Path | None, typer.Option(
        "--bot-levels", help="a file of extra bot levels (name -> bot spec) for tables' bot seats")] = None,
    allow_seeds: Annotated[bool, typer.Option(
        "--allow-seeds", help="let table creators choose the seed (testing only: it reveals hidden cards)")] = False,
    docs: Annotated[bool, typer.Option("--docs", help="serve the API documentation at /api/docs")] = False,
    redis: Annotated[str | None, typer.Option(
        "--redis", help="a Redis URL: several processes serve one site (needs a PostgreSQL --db, meeple[redis])")] = None,
    smtp: Annotated[str | None, typer.Option(
        "--smtp", help="an SMTP URL (smtp://user:pass@host:587?from=a@b&starttls=1): email a person when it is their turn")] = None,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", help="the site's address, for the links in notifications (https://games.example.org)")] = None,
) -> None:
    """Serve the browser client and the multiplayer API."""
    from meeple.cli_admin import check_database
    from meeple.cli_worker import check_postgres, check_redis, redis_package
    from meeple.server import serve as run_server

    if redis is not None:
        redis_package()
        check_postgres(db)
        check_redis(redis)
    else:
        check_database(db)
    _check_listen(host, port)
    wanted: list[tuple[str, tuple[str, ...], Any]] = []  # flag, the server's keyword(s), value
    if bot_levels is not None:
        if not bot_levels.is_file():
            raise refused("engine.setup.levels_missing", path=repr(str(bot_levels)))
        _check_bot_levels(bot_levels)
        wanted.append(("--bot-levels", ("bot_levels",), bot_levels))
    if allow_seeds:
        wanted.append(("--allow-seeds", ("allow_seeds",), True))
    if docs:
        wanted.append(("--docs", ("api_docs", "docs"), True))
    if redis is not None:
        wanted.append(("--redis", ("redis",), redis))
    if smtp is not None or public_url is not None:
        if smtp is not None and not smtp.startswith(("smtp://", "smtps://")):
            raise refused("serve.smtp_url", smtp=repr(smtp))
        wanted.append(("--smtp", ("people",), {k: v for k, v in (("smtp", smtp), ("base_url", public_url)) if v}))
    accepted = _server_keywords()
    extra: dict[str, Any] = {}
    for flag, names, value in wanted:
        name = next((n for n in names if accepted is None or n in accepted), None)
        if name is None:
            raise refused("serve.unsupported_flag", flag=flag)
        extra[name] = value
    run_server(host=host, port=port, db=db, **extra)


def _check_bot_levels(path: Path) -> None:
    """The server's own check of a levels file, when it has one (its refusals are one line)."""
    import importlib

    try:
        levels = importlib.import_module("meeple.server.levels")
    except ImportError:
        return
    load = getattr(levels, "load_levels", None)
    if load is not None:
        load(path)


def _server_keywords() -> set[str] | None:
    """The keywords ``meeple.server.serve`` takes (``None``: any), following ``**options``
    on to ``create_app``, so a flag the server does not know is refused before it starts."""
    import meeple.server as server

    accepted: set[str] = set()
    chain: list[Any] = [server.serve, server.create_app]
    try:
        from meeple.server.app import create_app as app_factory

        chain.append(app_factory)
    except ImportError:  # pragma: no cover - a server without its app module
        pass
    for fn in chain:
        params = inspect.signature(fn).parameters.values()
        accepted |= {p.name for p in params
                     if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)}
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
            return accepted
    return None


def _check_listen(host: str, port: int) -> None:
    """BadSetup unless ``host:port`` can be listened on now (a taken port, an unknown host)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise refused("serve.bad_host", host=repr(host), reason=str(exc)) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            raise refused("serve.cannot_listen", host=host, port=port, reason=str(exc.strerror or exc)) from None


def _click_class(name: str) -> type[Exception]:
    """click's exception class ``name`` (typer may vendor its own click: found through typer's)."""
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == name)


_USAGE_ERROR: Any = _click_class("UsageError")
_CLICK_EXCEPTION: Any = _click_class("ClickException")


def _fail(message: str, code: int = 2, lang: str = "en") -> NoReturn:
    from meeple.i18n.catalog import translate

    word = translate(lang, "term.error")
    err.print(f"[red]{escape(word)}:[/red] {escape(message)}", highlight=False, soft_wrap=True)
    sys.exit(code)


def _refusal(exc: MeepleError, args: list[str]) -> tuple[str, str]:
    """A refusal in the command's language (``--lang``, else ``MEEPLE_LANG`` or the locale) when
    it carries a catalog message (``refused``, ``IllegalAction``), else its English text; and
    that language."""
    message = getattr(exc, "message", None)
    if not isinstance(message, dict) or not message.get("key"):
        return "en", str(exc)
    from meeple.i18n.negotiate import terminal_language
    from meeple.i18n.render import render

    asked = next((a.split("=", 1)[1] for a in args if a.startswith("--lang=")), None)
    if asked is None and "--lang" in args[:-1]:
        asked = args[args.index("--lang") + 1]
    try:
        lang = terminal_language(asked)
    except MeepleError:  # an unknown --lang: its own refusal comes from the command itself
        return "en", str(exc)
    return lang, render(lang, message)


def _bare_ray(args: list[str]) -> list[str]:
    """``--ray`` with no address (last, or followed by another option) means a local cluster."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append("local")
    return out


def main(argv: list[str] | None = None) -> None:
    """Entry point: user errors become one line on stderr and exit status 2.

    That covers the game's own refusals (``MeepleError``) and the command
    line's usage errors (a bad option value, an unknown command), which click
    would otherwise draw as a box; ``--help`` keeps its rich layout."""
    args = _bare_ray(list(sys.argv[1:] if argv is None else argv))
    try:
        code = app(args=args, prog_name="meeple", standalone_mode=False)
    except _USAGE_ERROR as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":  # typer's rich help has printed itself
            text = exc.format_message().strip()
            if text:
                print(text, file=sys.stderr)
            sys.exit(exc.exit_code)
        ctx = getattr(exc, "ctx", None)
        where = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        _fail(" ".join(exc.format_message().split()) + where, 2)
    except _CLICK_EXCEPTION as exc:
        _fail(" ".join(exc.format_message().split()), exc.exit_code)
    except typer.Abort:
        _fail("aborted", 1)
    except MeepleError as exc:
        lang, text = _refusal(exc, args)
        _fail(" ".join(text.split()), 2, lang)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
