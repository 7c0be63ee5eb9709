"""Bot strength measured as a chess engine is (issue 33): the search plays one camp against the
heuristic, on fixed seeds, in each seating; on the same seeds the heuristic plays that camp too,
so each seating gives the search's win rate and the heuristic's own on the same games.

    python benchmarks/fair_strength.py run --seating invaders --seeds 70000 70160 --playouts 75
    python benchmarks/fair_strength.py run --seating us --seeds 71000 71160 --playouts 53
    python benchmarks/fair_strength.py report
    python benchmarks/fair_strength.py calibrate --seating us --seeds 60000 60002   # play-outs 2 CPU-s buy

A budget in play-outs (``--playouts``) makes the same decisions on any machine and under any
load, so a run can be taken on a busy machine, stopped and taken up again: each finished seed is
a line of ``--out`` (CSV, appended as it goes), and a seed already there is not played again.
The target (issue 33): at least 160 games in each seating; the search's mean win rate over the
two seatings at least 60%, and in each seating at least 10 points over the heuristic's own rate
on the same seeds. Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import csv
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "data" / "fair_strength.csv"
FIELDS = ("seating", "seed", "playouts", "search_won", "heuristic_won", "rounds", "commit")
#: issue 33's measure: games per seating, the mean win rate, the lead over the heuristic in each
TARGET_GAMES, TARGET_MEAN, TARGET_LEAD = 160, 0.60, 0.10


def commit() -> str:
    """The code's commit (the search's decisions depend on it), '' outside a git tree."""
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def read(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def play(seating: str, seed: int, playouts: int) -> tuple[bool, bool, int]:
    """(the search won in the seat, the heuristic won in the seat, rounds of the search's game)."""
    from fortress.rulesets.america.bots.simulate import play_game

    camp = {"us": ("us",), "invaders": ("west", "south", "east")}[seating]
    sides = ("us", "west", "south", "east")
    won = []
    rounds = 0
    for bot in ("search", "heuristic"):
        row = play_game(seed, {s: bot if s in camp else "heuristic" for s in sides},
                        options={"search": {"playouts": playouts, "workers": 1}})
        won.append(row["winner"] == seating)
        rounds = rounds or row["rounds"]
    return won[0], won[1], rounds


def run(args: argparse.Namespace) -> None:
    done = {(r["seating"], int(r["seed"])) for r in read(args.out)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    try:  # the header once, even with several runs started at once on other seeds
        with args.out.open("x", newline="") as f:
            csv.DictWriter(f, FIELDS).writeheader()
    except FileExistsError:
        pass
    here = commit()
    with args.out.open("a", newline="") as f:
        out = csv.DictWriter(f, FIELDS)
        for seed in range(*args.seeds):
            if (args.seating, seed) in done:
                continue
            search, heuristic, rounds = play(args.seating, seed, args.playouts)
            out.writerow({"seating": args.seating, "seed": seed, "playouts": args.playouts, "search_won": int(search),
                          "heuristic_won": int(heuristic), "rounds": rounds, "commit": here})
            f.flush()
            print(f"{args.seating} {seed}: search {'won' if search else 'lost'}, heuristic "
                  f"{'won' if heuristic else 'lost'}", flush=True)


def report(args: argparse.Namespace) -> None:
    from fortress.odds.intervals import wilson, z_value

    rows, z = read(args.out), z_value(0.95)
    means, ok = [], True
    for seating in ("us", "invaders"):
        mine = [r for r in rows if r["seating"] == seating]
        n = len(mine)
        if not n:
            print(f"{seating}: no games yet")
            ok = False
            continue
        s = sum(int(r["search_won"]) for r in mine)
        h = sum(int(r["heuristic_won"]) for r in mine)
        only_s = sum(int(r["search_won"]) and not int(r["heuristic_won"]) for r in mine)
        only_h = sum(int(r["heuristic_won"]) and not int(r["search_won"]) for r in mine)
        (sl, sh), (hl, hh) = wilson(s, n, z), wilson(h, n, z)
        lead = (s - h) / n
        means.append(s / n)
        ok &= n >= TARGET_GAMES and lead >= TARGET_LEAD
        budgets = sorted({r["playouts"] for r in mine})
        print(f"{seating}: {n} games (play-outs {', '.join(budgets)}); search {s}/{n} = {s / n:.1%} "
              f"(CI {sl:.1%}-{sh:.1%}); heuristic {h}/{n} = {h / n:.1%} (CI {hl:.1%}-{hh:.1%}); "
              f"lead {lead * 100:+.1f} points; paired {only_s} / {only_h}")
    if len(means) == 2:
        mean = sum(means) / 2
        ok &= mean >= TARGET_MEAN
        print(f"mean over the two seatings: {mean:.1%}")
    print(f"issue 33's target ({TARGET_GAMES}+ games a seating, mean >= {TARGET_MEAN:.0%}, "
          f"lead >= {TARGET_LEAD * 100:.0f} points in each): {'met' if ok else 'not met'}")


def calibrate(args: argparse.Namespace) -> None:
    """The play-outs a searched decision makes per CPU-second of its process (one worker), as the
    search plays a seating on ``--seeds``: the ``--playouts`` that ``--seconds`` buy here."""
    import statistics
    import time

    import fortress
    from fortress.ai import make_bot
    from fortress.rulesets.america.bots.simulate import bot_seed

    camp = {"us": ("us",), "invaders": ("west", "south", "east")}[args.seating]
    rates = []
    for seed in range(*args.seeds):
        game = fortress.new_game(seed=seed)
        bots = {s: make_bot("search", seed=bot_seed(seed, s), playouts=40) if s in camp
                else make_bot("heuristic", seed=bot_seed(seed, s)) for s in ("us", "west", "south", "east")}
        while not game.is_over:
            bot = bots[game.side]
            last, start = getattr(bot, "last_search", None), time.process_time()
            action = bot.choose(game)
            spent = time.process_time() - start
            game.apply(action)
            now = getattr(bot, "last_search", None)
            if now and now is not last and now["rollouts"]:
                rates.append(now["rollouts"] / spent)
    rate = statistics.median(rates)
    print(f"{args.seating}: {len(rates)} searched decisions, a median {rate:.1f} play-outs per CPU-second; "
          f"{args.seconds:g} s buy --playouts {round(rate * args.seconds)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play the seeds of a seating not yet in --out")
    r.add_argument("--seating", choices=("us", "invaders"), required=True, help="the camp the search plays")
    r.add_argument("--seeds", type=int, nargs=2, required=True, metavar=("FIRST", "END"))
    r.add_argument("--playouts", type=int, required=True, help="the search's budget in play-outs a decision")
    r.add_argument("--out", type=Path, default=OUT)
    p = sub.add_parser("report", help="win rates, intervals and the target")
    p.add_argument("--out", type=Path, default=OUT)
    c = sub.add_parser("calibrate", help="the play-outs that --seconds of one core buy a decision here")
    c.add_argument("--seating", choices=("us", "invaders"), required=True)
    c.add_argument("--seeds", type=int, nargs=2, required=True, metavar=("FIRST", "END"))
    c.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    {"run": run, "report": report, "calibrate": calibrate}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
