"""[Turn], [Game Years], [Setup S5], [Burn Oil], [End]: the year and the end of the game."""
from __future__ import annotations

from typing import Any

from tests.rulesets.attack.conftest import after_setup, cleared, put, to_winter, two_sides


def test_the_first_player_chooses_the_direction() -> None:
    g = after_setup(4)
    s = g.state
    seats = s.live()
    i = seats.index(s.first)
    g.apply("direction ccw")
    assert s.order == [seats[i], *reversed((seats[i:] + seats[:i])[1:])]
    assert g.side == s.first and g.phase == "season" and s.season == "Spring"


def finish_year(g: Any) -> None:
    """Every decision: end a step, or choose the first action left, or pass in Winter."""
    start = g.round
    while g.round == start and not g.is_over:
        legal = [str(a) for a in g.legal_actions()]
        pick = next((a for a in ("end", "pass", "direction cw") if a in legal), legal[0])
        g.apply(pick)


def test_winter_burn_oil_then_one_unused_action() -> None:
    g = cleared()
    s = g.state
    for side in s.sides:
        put(g, side, {0: "new-england", 1: "great-britain"}[s.sides.index(side)], infantry=1)
        s.oil.append(s.held(side)[0])
        s.oil_certs[side] = 5
    to_winter(g)
    side = g.side
    region = s.held(side)[0]
    g.apply(f"burn {region}")
    assert s.oil_certs[side] == 0 and region not in s.oil and region in s.burned
    used = [k for k, v in g.ctx.flow.used[side].items() if v and k != "burn"]
    assert "already taken" in g.explain(f"choose {used[0]}")
    unused = next(a for a in ("negotiate", "build", "research", "attack", "transport", "move", "navigate") if a not in used)
    assert g.explain(f"choose {unused}") is None
    other = next(x for x in s.sides if x != side)
    assert other  # the other side burns nothing: 'burn' needs 5 oil certificates
    g.apply(f"choose {unused}")


def test_end_of_year_income_and_the_command_die_passes() -> None:
    g = after_setup(2)
    s = g.state
    first = s.first
    before = dict(s.production)
    finish_year(g)
    assert g.round == 2 and s.first != first
    for side in s.sides:
        assert s.production[side] >= before[side]


def test_the_game_ends_after_its_years_with_scores() -> None:
    g = after_setup(2, variants=())
    while not g.is_over:
        finish_year(g)
    assert g.round == 6 and "end of year 6" in g.state.result
    scores = g.scores
    assert scores[g.winner] == max(scores.values())
    returns = g.returns()
    assert returns[g.winner] == max(returns.values())  # ties share their ranks' returns
    table, parts = g.tables.victory, g.score_parts  # what each score counts, weighed by victory.toml
    assert {side: float(sum(n * table[kind] for kind, n in p.items())) for side, p in parts.items()} == scores
    assert all(parts[side]["region"] == len(g.state.held(side)) for side in g.state.live())


def test_a_captured_capital_ends_the_game_after_that_battle() -> None:
    g, s, side, other = two_sides()
    s.capital = {side: "new-england", other: "midwest"}
    put(g, side, "new-england", infantry=1, aircraft=12)
    put(g, other, "midwest", infantry=1)
    put(g, other, "great-britain", infantry=1)
    g.apply("choose attack")
    g.apply("attack 12 aircraft new-england midwest")  # nothing else can attack: the battle begins
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert s.control["midwest"] == side and other in s.out
    assert g.winner == side and "fall of a capital" in s.result
    assert g.scores[other] == 0 and not any(g.score_parts[other].values())


def test_a_side_that_surrenders_leaves_and_play_goes_on() -> None:
    """In setup (the setup order skips it) and in a season (the next side plays)."""
    import fortress
    from fortress.ai.random_bot import RandomBot
    g = fortress.new_game(seed=3, players=3, ruleset="attack", setup=None)
    first = g.side
    g.apply("surrender")
    assert first in g.state.out and g.side != first and g.phase == "setup"
    g2 = after_setup(3)
    g2.apply("direction cw")
    g2.apply("choose move")
    side = g2.side
    g2.apply("surrender")
    assert side in g2.state.out and g2.side != side
    bot = RandomBot(1)
    while not g.is_over:
        g.apply(bot.choose(g))
    assert g.rules.side_names[first] not in g.state.result and g.winner != first
