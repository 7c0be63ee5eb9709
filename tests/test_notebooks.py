"""The classroom notebooks run top to bottom (nbclient, in full), are stored clean, and
the helper module behind them (``fortress.notebook_helpers``) works: positions, try-it, the
classroom-safe bot wrapper, matches, the round robin, odds grids, city falls, replays."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import fortress
from fortress import notebook_helpers as H
from fortress.rulesets.america.actions import Action, End, Move
from tests.conftest import executed_notebook

NOTEBOOKS = Path(fortress.__file__).resolve().parent / "notebooks"
CLASSROOM = ["tutorial", "explore", "replay", "bots", "attack_tutorial"]
START = "start"  #: the start page: every installed ruleset, each opening its dashboard
ZONE = "Pacific: Strait of Juan de Fuca"


# -- the notebooks ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", CLASSROOM + [START])
def test_notebook_is_stored_clean_and_opens_with_its_purpose(name):
    import nbformat

    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nbformat.validate(nb)
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    assert "What this is for" in first.source and "Time" in first.source
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{name}: outputs are stored"


@pytest.mark.notebook
@pytest.mark.parametrize("name", CLASSROOM)
def test_notebook_runs_top_to_bottom(name, tmp_path_factory):
    """In full, as a teacher runs it (not quick mode: CI sets ``CI``, which would mean quick)."""
    import nbformat

    nb = nbformat.read(executed_notebook(tmp_path_factory, NOTEBOOKS / f"{name}.ipynb"), as_version=4)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors and all(c.execution_count for c in nb.cells if c.cell_type == "code")


@pytest.mark.notebook
def test_start_notebook_lists_every_installed_ruleset(tmp_path_factory):
    import nbformat

    from fortress.engine import rulesets

    nb = nbformat.read(executed_notebook(tmp_path_factory, NOTEBOOKS / f"{START}.ipynb"), as_version=4)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
    state = json.dumps(nb.metadata["widgets"])
    assert all(rulesets.get(name).title in state for name in rulesets.names())


# -- quick mode ------------------------------------------------------------------------------
def test_quick_mode_reads_the_environment(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("FORTRESS_QUICK", "1")
    assert H.quick() and H.pick(1, 100) == 1
    monkeypatch.setenv("FORTRESS_QUICK", "0")
    assert not H.quick() and H.pick(1, 100) == 100
    monkeypatch.delenv("FORTRESS_QUICK")
    monkeypatch.setenv("CI", "true")
    assert H.quick()


# -- positions and try-it ------------------------------------------------------------------------
def test_attempt_applies_legal_moves_and_explains_illegal_ones():
    game = fortress.Game.from_position({"turn": "west", "phase": "maneuvers", "round": 2,
                                        "control": {"west": ["Olympic Peninsula", "Willamette Valley"]},
                                        "units": {"Olympic Peninsula": "west: 1 mobile, 1 infantry"}})
    before = len(game.history)
    msg = H.attempt(game, "move 1 infantry Olympic Peninsula -> Willamette Valley", quiet=True)
    assert msg.startswith("Not legal") and "mobile unit may carry" in msg
    assert len(game.history) == before
    msg = H.attempt(game, "move 1 mobile+infantry Olympic Peninsula -> Willamette Valley", quiet=True)
    assert msg.startswith("Legal") and len(game.history) == before + 1
    assert H.attempt(game, "teleport everything", quiet=True).startswith("Not legal")


def test_show_draws_the_position_on_the_board_widget():
    game = fortress.Game.from_position({"turn": "west", "phase": "declare", "round": 2,
                                        "units": {ZONE: "2 hovertank", "Seattle": "2 infantry"}})
    box = H.show(game, highlight=["Seattle", ZONE])
    look = box.board_map._looks[game.board.find("Seattle")]
    assert "<b>US 2</b><span class='k'>I</span>" in look.html
    table = H.units_table(game, ["Seattle", ZONE])
    assert list(table.units) == ["U.S.: 2 infantry", "West: 2 hovertank"]
    assert H.legal(game, "declare", limit=3) == sorted(H.legal(game, "declare", limit=None))[:3]


# -- the classroom-safe wrapper ------------------------------------------------------------------
def test_safe_bot_turns_every_failure_into_a_clear_fault():
    game = fortress.new_game(seed=1)

    def crashes(g):
        return 1 / 0

    def answers_none(g):
        return None

    def illegal(g):
        return "declare Pacific: Golden Gate"

    def gibberish(g):
        return "dance the tango"

    def malformed(g):
        return Move(1, "infantry", ["seattle"], "portland")  # a list where an area id goes

    def rambles(g):
        return "x" * 100_000

    for fn, words in [(crashes, "ZeroDivisionError"), (answers_none, "must return"),
                      (illegal, "illegal action"), (gibberish, "not an action"),
                      (malformed, "src of type list is not an area"), (rambles, "at most 200 characters")]:
        with pytest.raises(H.BotFault) as info:
            H.SafeBot(fn).choose(game)
        assert words in str(info.value) and fn.__name__ in str(info.value)
        assert len(str(info.value)) < 400
    assert "src of type list" in H.attempt(game, malformed(game), quiet=True)
    assert game.history == []  # nothing was applied


def test_safe_bot_gives_the_function_a_copy():
    game = fortress.new_game(seed=1)

    def meddles(g):
        g.apply(g.legal_actions()[0])  # changes only its copy
        return "end"

    action = H.SafeBot(meddles).choose(game)
    assert isinstance(action, Action) and action == End()
    assert game.history == []


def test_a_faulty_bot_loses_its_game_and_the_match_goes_on():
    def crashes(g):
        raise RuntimeError("my bug")

    res = H.play_match({"us": "random", "invaders": crashes}, seed=2)
    assert res.winner == "us" and res.faulty_side == "west"
    assert "my bug" in res.fault and res.why.startswith("forfeit")
    res = H.play_match({"us": crashes, "invaders": "random"}, seed=2)
    assert res.winner == "invaders" and res.faulty_side == "us"


def test_a_function_bot_plays_a_whole_game():
    def first_legal(g):
        return sorted(g.legal_actions(), key=lambda a: (a.verb == "surrender", str(a)))[0]

    res = H.play_match({"us": "random", "invaders": first_legal}, seed=3)
    assert res.game.is_over and res.fault is None and res.winner in ("us", "invaders")


def test_round_robin_table_counts_wins_and_forfeits():
    def crashes(g):
        raise ValueError("nope")

    games, standings = H.round_robin({"rand": "random", "broken": crashes}, games=1, seed=5)
    assert len(games) == 2  # each plays the other once per side
    row = standings.set_index("bot")
    assert row.loc["broken", "forfeits"] == 2 and row.loc["broken", "wins"] == 0
    assert row.loc["rand", "wins"] == 2 and list(standings.bot) == ["rand", "broken"]


# -- analysis --------------------------------------------------------------------------------------
def test_odds_grid_matches_the_calculator():
    from fortress.odds import exact

    grid = H.odds_grid({"mix": "1 hovertank, 1 helicopter, 1 infantry"}, [1, 2], ["plain", "city"])
    assert len(grid) == 4
    row = grid[(grid.defenders == 2) & (grid.terrain == "city")].iloc[0]
    assert row.p_cleared == pytest.approx(exact({"hovertank": 1, "helicopter": 1, "infantry": 1},
                                                {"infantry": 2}, "city").p_cleared)


def test_play_games_records_city_falls_and_win_rates():
    games, falls = H.play_games(1, bots={"us": "random", "invaders": "heuristic"}, seed=4)
    assert len(games) == 1
    per_city = H.city_falls(falls, 1)
    assert len(per_city) == 30 and per_city.share.between(0, 1).all()
    if len(falls):
        assert falls.order.min() == 1 and per_city["first"].sum() == 1
    rates = H.win_rates(games)
    assert rates.wins.sum() == 1 and (rates.low <= rates.rate).all() and (rates.rate <= rates.high).all()


@pytest.mark.parametrize("games", [5, 10, 40, 80])
def test_win_rates_of_a_clean_sweep_plot_as_error_bars(games):
    """All games won by one camp: Wilson's bound lands a hair past 0 (5, 10, 40, 80 games) or
    1 (40 games); explore.ipynb's error bars refused the negative length."""
    import matplotlib
    import matplotlib.pyplot as plt
    import pandas as pd
    matplotlib.use("Agg")
    rates = H.win_rates(pd.DataFrame({"winner": ["invaders"] * games}))
    assert list(rates.rate) == [0.0, 1.0]
    assert ((rates.rate - rates.low) >= 0).all() and ((rates.high - rates.rate) >= 0).all()
    fig, ax = plt.subplots()
    ax.errorbar(rates.rate, range(2), xerr=[rates.rate - rates.low, rates.high - rates.rate], fmt="o")
    plt.close(fig)


def test_plot_board_draws_every_area():
    import matplotlib
    matplotlib.use("Agg")
    ax = H.plot_board({"seattle": 1.0}, title="t")
    assert ax.collections and ax.get_title() == "t"
    board = fortress.new_game().board
    by_name = H.plot_board({"Denver": 1.0}).collections[0].get_facecolors()
    by_id = H.plot_board({board.find("Denver"): 1.0}).collections[0].get_facecolors()
    assert (by_name == by_id).all() and not (by_name == H.plot_board({}).collections[0].get_facecolors()).all()
    with pytest.raises(KeyError, match="no area called 'Atlantis'"):
        H.plot_board({"Atlantis": 1.0})


# -- replays -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def replay():
    game = H.bot_game(seed=3, bots={"us": "random", "invaders": "heuristic"})
    return H.Replay(game.to_json())


@pytest.mark.slow
def test_replay_caches_every_position(replay):
    final = replay.game
    assert len(replay.states) == len(replay) + 1
    assert replay.at(len(replay)).state.to_dict() == final.state.to_dict()
    assert replay.at(0).state.round in (0, 1)
    i = len(replay) // 2
    again = fortress.new_game(seed=final.state.seed, players=final.state.players, setup=final.setup)
    for action in replay.actions[:i]:
        again.apply(action)
    assert replay.at(i).state.to_dict() == again.state.to_dict()
    assert sum(len(replay.events_of(k)) for k in range(len(replay) + 1)) == len(final.events)


def test_replay_viewer_slider_and_battle_jump(replay):
    viewer = H.replay_viewer(replay)
    battles = replay.battles()
    assert battles and all(replay.actions[i - 1].verb == "fight" for _, i in battles)
    label, index = battles[0]
    viewer.battles.value = index
    assert viewer.slider.value == index
    assert f"action {index} of" in viewer.title.value
    viewer.slider.value = 0
    assert "(start)" in viewer.title.value


def test_replay_refuses_a_damaged_save(replay):
    from fortress.engine.save import SaveError

    data = json.loads(replay.game.to_json())
    data["actions"] = data["actions"][:-3]
    with pytest.raises(SaveError):
        H.Replay(json.dumps(data))


@pytest.mark.parametrize("module", ["", ".lessons", ".classroom_bots", ".analysis", ".replays"])
def test_helper_docstring_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module("fortress.notebook_helpers" + module))
    assert result.failed == 0


def test_small_gaps_in_the_helpers():
    """A replay's events past the end are none (as ``at`` stops at the end); a picture's
    width is checked."""
    from fortress.draw.svg import game_svg
    game = fortress.new_game(seed=1)
    game.apply("end")
    replay = H.Replay(game.to_json())
    assert replay.events_of(len(replay.actions) + 1) == [] and replay.events_of(1)
    with pytest.raises(ValueError, match="from 100 to 10,000"):
        game_svg(game, -100)
    assert game_svg(game, 300).startswith("<svg")
