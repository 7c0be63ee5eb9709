"""The search's play-outs on several processes: the same values as in this process, so a
search with a rollout cap picks the same plan whatever the number of workers."""
from __future__ import annotations

import json
import pickle
import subprocess
import sys

import pytest
from click.testing import CliRunner

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america.bots import answers, rollouts
from fortress.bench.bots import rollout_figures, us_declare
from fortress.rulesets.america.bots.search import SearchBot, candidate_plans, rollout
from fortress.cli.simulate import simulate as simulate_cmd
from fortress.engine.save import from_bytes, to_bytes
from fortress.rulesets.america.units import INVADERS, US


def test_bytes_round_trip_plays_on_identically():
    game = us_declare(21, 2)
    copy = from_bytes(to_bytes(game), game.board)
    assert copy.state.to_dict() == game.state.to_dict() and copy.history == game.history
    bot_a, bot_b = make_bot("heuristic", seed=5), make_bot("heuristic", seed=5)
    for _ in range(60):
        a, b = bot_a.choose(game), bot_b.choose(copy)
        assert a == b
        game.apply(a)
        copy.apply(b)


def test_an_unpickled_board_names_its_areas_in_a_fresh_process():
    """The bots sort actions by their notation on the board, also in a rollout worker."""
    board = fortress.new_game(seed=1).board
    code = "import pickle, sys; from fortress.rulesets.america.actions import Declare, notation; " \
           "print(notation(Declare('seattle'), pickle.loads(sys.stdin.buffer.read())))"
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(board), capture_output=True, check=True)
    assert out.stdout.decode().strip() == f"declare {board['seattle'].name}" != "declare seattle"


@pytest.mark.slow
def test_parallel_rollouts_equal_serial_ones():
    game = us_declare(22, 2)
    plans = candidate_plans(game, "us")
    jobs = [(plans[p], s) for s in (101, 202, 303) for p in plans]
    serial = rollouts.Serial(game, US, "us").run(jobs, deadline=float("inf"))
    parallel = rollouts.runner(game, US, "us", 2).run(jobs, deadline=float("inf"))
    assert serial == parallel and None not in serial


@pytest.mark.slow
def test_a_capped_search_picks_the_same_plan_on_any_number_of_workers():
    game = us_declare(23, 2)
    picks = []
    for workers in (1, 2):
        bot = SearchBot(seed=4, budget=600, max_rollouts=4, workers=workers)
        bot._search(game)
        picks.append(bot.last_search)
    assert picks[0] == picks[1] and picks[0]["rollouts"] > len(candidate_plans(game, "us"))


def test_an_expired_deadline_plays_nothing():
    game = us_declare(24, 2)
    plans = candidate_plans(game, "us")
    assert rollouts.runner(game, US, "us", 2).run([(plans["balanced"], 1)] * 3, deadline=0.0) == [None] * 3


@pytest.mark.slow
def test_simulate_cli_search_options_give_the_same_game_on_any_worker_count():
    def run(workers: str) -> dict:
        result = CliRunner().invoke(simulate_cmd, ["--games", "1", "--seed", "3", "--us", "search", "--invaders",
                                                   "random", "--workers", "1", "--budget", "600", "--max-rollouts",
                                                   "1", "--search-workers", workers, "--json"])
        assert result.exit_code == 0, result.output
        game = json.loads(result.output)["games"][0]
        assert game["us"] == "search"
        return {k: game[k] for k in ("winner", "rounds", "cities", "actions")}
    assert run("1") == run("2")


def test_simulate_cli_gives_the_search_a_budget_in_playouts(monkeypatch):
    """``fortress simulate --playouts N`` reaches the search bot as its play-out budget."""
    import fortress.rulesets.america.bots.simulate as sim
    seen = {}

    def run(games, seed, bots, **kw):
        seen.update(kw["options"])
        raise SystemExit(0)
    monkeypatch.setattr(sim, "simulate", run)
    result = CliRunner().invoke(simulate_cmd, ["--games", "1", "--us", "search", "--playouts", "24", "--json"])
    assert result.exit_code == 0, result.output
    assert seen == {"search": {"playouts": 24}}


@pytest.mark.slow
def test_bench_counts_rollouts_per_searched_decision():
    # a second per decision: a rollout is ~0.035 s of CPU, so even a busy machine fits a few
    figures = rollout_figures(1.0, positions=((7001, 1),))
    assert figures and all(f.value >= 1 and f.unit == "rollouts" for f in figures)


@pytest.mark.slow
def test_a_dead_worker_does_not_stop_the_search():
    game = us_declare(25, 2)
    plans = candidate_plans(game, "us")
    play = rollouts.runner(game, US, "us", 2)
    for process in list(rollouts._POOL._processes.values()):  # noqa: SLF001 - simulate a crash
        process.kill()
    jobs = [(plans["balanced"], s) for s in (1, 2)]
    assert play.run(jobs, deadline=float("inf")) == rollouts.Serial(game, US, "us").run(jobs, float("inf"))
    assert play.workers == 1 and rollouts.runner(game, US, "us", 2).workers == 2  # started again


@pytest.mark.slow
@pytest.mark.parametrize("seed, rnd, camp", [(7004, 5, "us"), (7006, 2, "invaders")])
def test_answers_kept_give_the_values_played_from_scratch(seed, rnd, camp):
    """Plans that end the turn in the same position take the value played out from it
    (``answers``): the same values as each play-out from scratch, with some of them kept."""
    game = us_declare(seed, rnd)
    if camp == "invaders":  # on to the first Invader's Declare of the next round
        bots = {s: make_bot("heuristic", seed=3) for s in (US, *INVADERS)}
        while game.side == US or game.phase != "declare":
            game.apply(bots[game.side].choose(game))
    plans = candidate_plans(game, camp)
    jobs = [(plan, s) for s in (11, 12) for plan in plans.values()]
    answers.clear()
    kept = [rollout(game, game.side, camp, plan, s) for plan, s in jobs]
    played = len(answers.table(game))
    fresh = []
    for plan, s in jobs:
        answers.clear()
        fresh.append(rollout(game, game.side, camp, plan, s))
    assert kept == fresh
    assert 0 < played < len(jobs)  # some play-outs took a kept answer
