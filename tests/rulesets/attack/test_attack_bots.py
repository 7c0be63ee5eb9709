"""ATTACK!'s own bots: found through the ruleset's ``bots`` before the shared ones; the
heuristic plays legally to the end and beats three random bots."""
from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

import fortress
from fortress.ai import bot_names, make_bot
from fortress.rulesets.america.bots import BOT_NAMES
from fortress.rulesets.america.bots.heuristic import HeuristicBot
from fortress.ai.random_bot import RandomBot
from fortress.cli import main
from fortress.engine import rulesets
from fortress.rulesets.attack.heuristic import AttackHeuristic

from .conftest import put, start, with_capital


def play(seed: int, seat: int) -> tuple[Any, str]:
    """Heuristic in seat ``seat`` v three random bots, 4 players, Western map, 6 years; every
    action is checked legal (``explain`` is None) before it is applied."""
    g = fortress.new_game(ruleset="attack", players=4, seed=seed)
    sides = g.state.sides
    bots = {s: make_bot("heuristic" if i == seat else "random", seed=seed * 10 + i, ruleset="attack")
            for i, s in enumerate(sides)}
    while not g.is_over:
        action = bots[g.side].choose(g)
        assert g.explain(action) is None, (g.side, str(action))
        g.apply(action)
    return g, sides[seat]


def test_a_ruleset_finds_its_own_bot_first_and_the_shared_ones_after() -> None:
    assert isinstance(make_bot("heuristic", seed=1, ruleset="attack"), AttackHeuristic)
    assert isinstance(make_bot("heuristic", seed=1, ruleset=rulesets.get("attack")), AttackHeuristic)
    assert isinstance(make_bot("random", seed=1, ruleset="attack"), RandomBot)
    assert isinstance(make_bot("heuristic", seed=1), HeuristicBot)  # Fortress America's, unchanged
    assert isinstance(make_bot("heuristic", seed=1, ruleset="fortress-america"), HeuristicBot)
    assert tuple(rulesets.get().bots) == ("heuristic", "search")  # its own, found through its ruleset
    assert bot_names("attack") == ("heuristic", "search", "random") and bot_names() == BOT_NAMES
    with pytest.raises(ValueError, match="unknown bot 'clever'; choose one of heuristic, search, random"):
        make_bot("clever", ruleset="attack")


@pytest.mark.quick
def test_the_heuristic_plays_a_game_to_the_end_legally() -> None:
    g, side = play(104, 0)
    assert g.is_over and g.state.result
    assert side in g.state.sides


def test_in_move_it_takes_a_neutral_neighbour_with_the_units_it_needs() -> None:
    g, s, side = with_capital("new-england")
    put(g, side, "midwest", infantry=8)
    start(g, "move")
    bot = make_bot("heuristic", seed=0, ruleset="attack")
    action = bot.choose(g)
    assert str(action).startswith("move ") and str(action).split()[3] == "midwest"
    assert s.control.get(str(action).split()[4]) is None  # a neutral region
    assert "good odds" in bot.reason


def test_the_command_line_seats_attacks_own_heuristic() -> None:
    bots = "red=heuristic,blue=random,green=random,yellow=random"
    result = CliRunner().invoke(main, ["play", "--ruleset", "attack", "--players", "4", "--seed", "104",
                                       "--bots", bots], catch_exceptions=False)
    assert "Game over: the most victory points" in result.output


@pytest.mark.slow  # about 15 s
def test_the_heuristic_beats_three_random_bots_in_most_games() -> None:
    """Ten seeded games, the heuristic's seat rotated (it wins 8; 7 asked)."""
    wins = sum(g.winner == side for g, side in (play(seed, seed % 4) for seed in range(200, 210)))
    assert wins >= 7


@pytest.mark.quick
def test_simulate_plays_another_rulesets_seats_and_reports_each_sides_wins() -> None:
    args = ["simulate", "--ruleset", "attack", "--players", "4", "--games", "1", "--seed", "100",
            "--bots", "red=heuristic"]
    out = CliRunner().invoke(main, args, catch_exceptions=False).output
    assert "1 games" in out and "red (heuristic): wins 1/1 = 100%" in out and "blue (random): wins 0/1" in out
    refused = CliRunner().invoke(main, args[:-1] + ["purple=random"]).output
    assert "no side 'purple' at 4 players" in refused
    refused = CliRunner().invoke(main, args[:-1] + ["red=clever"]).output
    assert "unknown bot 'clever' for red; choose one of heuristic, search, random" in refused


@pytest.mark.quick  # over 2 CPU-s, kept in the quick tier on purpose
def test_choosing_leaves_the_game_untouched_and_a_seed_repeats_its_choices() -> None:
    g = fortress.new_game(ruleset="attack", players=4, seed=7)
    first, again = (make_bot("heuristic", seed=3, ruleset="attack") for _ in range(2))
    for _ in range(120):
        before = g.to_json()
        action = first.choose(g)
        assert g.to_json() == before
        assert again.choose(g) == action
        g.apply(action)


# -- tie-breaks: the same position and seed give the same choice; equal values go by the documented order
def _choice(g: Any, seed: int = 0) -> str:
    return str(make_bot("heuristic", seed=seed, ruleset="attack").choose(g))


def test_among_equally_good_targets_the_first_by_name_is_taken() -> None:
    """Midwest's neutral neighbours (great-plains, old-south, ontario, prairies) are worth a point
    each at the same odds: the first by name is the target."""
    g, _s, side = with_capital("new-england")
    put(g, side, "midwest", infantry=8)
    start(g, "move")
    assert _choice(g).split()[3:] == ["midwest", "great-plains"]
    g.state.oil.append("prairies")  # an oil marker: half a point more
    assert _choice(g).split()[3:] == ["midwest", "prairies"]


def test_the_choice_does_not_depend_on_the_engines_listing_order_or_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    g, _s, side = with_capital("new-england")
    put(g, side, "midwest", infantry=8)
    start(g, "move")
    first = _choice(g)
    assert _choice(g.copy()) == first and _choice(g, seed=99) == first
    listed = g.legal_actions()
    monkeypatch.setattr(g, "legal_actions", lambda: list(reversed(listed)))
    assert _choice(g) == first


def test_research_takes_population_then_the_lowest_technology_in_the_documented_order() -> None:
    """Equal levels go Minerals, Factories, Rail, Oil; each paid in artillery where the row
    allows it, else infantry (``PAY_ORDER``); one level of each per action, then end."""
    g, s, side = with_capital("new-england")
    put(g, side, "midwest", artillery=4, infantry=9, tank=2)
    s.tech[side] = {}  # no starting card's level
    start(g, "research")
    taken = []
    while g.phase == "research":
        taken.append(_choice(g))
        g.apply(taken[-1])
    assert taken == ["research population artillery midwest", "research minerals infantry midwest",
                     "research factories artillery midwest", "research rail artillery midwest",
                     "research oil infantry midwest", "oil midwest"]  # one level of each: the action ends
    assert s.tech[side] == {"minerals": 1, "factories": 1, "rail": 1, "oil": 1} and s.population[side] == 1


@pytest.mark.parametrize("enemies, kept", [(0, 3), (4, 5)])
def test_the_capital_keeps_a_garrison_larger_than_the_enemy_army_next_to_it(enemies: int, kept: int) -> None:
    """Its fall ends the game with nothing for its owner: it keeps three units, or one more
    than the other sides' army units next to it."""
    g, s, side = with_capital("new-england")
    put(g, side, "new-england", infantry=6)
    if enemies:
        put(g, next(x for x in s.live() if x != side), "quebec-maritimes", infantry=enemies)
    start(g, "move")
    while g.phase == "move":
        g.apply(_choice(g))
    assert s.army_size(side, "new-england") == kept


def test_in_negotiate_it_influences_a_peeked_neutral_of_its_own_government_and_declines_a_dear_one() -> None:
    """The cost is the rule's own (``negotiate.cost``, for the side acting): free for the same
    government, 8 for a hostile one."""
    for hostile, word in ((False, "influence"), (True, "decline")):
        g, s, side = with_capital("new-england")
        mine = s.government[side]
        s.neutral["midwest"] = g.rules.tables.governments[mine]["hostile"] if hostile else mine
        s.production[side] = 9
        start(g, "negotiate")
        g.apply("negotiate midwest")
        bot = make_bot("heuristic", seed=0, ruleset="attack")
        assert str(bot.choose(g)) == word, bot.reason
