"""The atomic race (§5.3, §8, §12), the production multiple (§5.2), seats and bidding (§13)."""
from __future__ import annotations

import ast
import doctest
import importlib
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from fortress.engine.dice import Rng
from fortress.rulesets.aif import atomic, seats
from fortress.rulesets.aif.atomic import (buy_rolls, has_atomic_bomb, hydrogen_target, production_multiple, research,
                                          research_winner, roll_cost, sites_held, start_points)
from fortress.rulesets.aif.politics import RuleError, presetup, start
from fortress.rulesets.aif.seats import Auction, Seating, by_dice, groups, pick_order

AIF = Path(atomic.__file__).parent


def test_production_multiple():
    assert production_multiple(False) == 1 and production_multiple(True) == Fraction(3, 2)


def test_a_roll_costs_10_less_a_site_held(t):
    assert [roll_cost(t, n) for n in range(6)] == [10, 9, 8, 7, 6, 5]
    with pytest.raises(RuleError, match="^5.3: a side holds 0 to 5 research sites, not 6"):
        roll_cost(t, 6)
    assert sites_held(t, {}, "allies") == 5 and sites_held(t, {}, "axis") == 0
    assert sites_held(t, {"Los Alamos": "japan", "Chicago": "germany"}, "axis") == 2
    with pytest.raises(RuleError, match="^5.3: no research site named 'Paris'"):
        sites_held(t, {"Paris": "germany"}, "axis")


def test_partners_pool_build_points_into_a_roll(t):
    """§5.3's example: Germany 6, Italy 3, Japan 1 for one roll at 10."""
    assert buy_rolls(t, "axis", [{"germany": 6, "italy": 3, "japan": 1}], 0) == {"germany": 6, "italy": 3, "japan": 1}
    assert buy_rolls(t, "allies", [{"usa": 5}, {"usa": 3, "cw": 2}], 5) == {"usa": 8, "cw": 2}
    with pytest.raises(RuleError, match=r"^5.3: a research roll costs 10 build points here \(10 − 0 sites held\); roll 1 gives 9"):
        buy_rolls(t, "axis", [{"germany": 9}], 0)
    with pytest.raises(RuleError, match="^5.3: only axis powers pay for axis research rolls, not 'usa'"):
        buy_rolls(t, "axis", [{"germany": 5, "usa": 5}], 0)
    with pytest.raises(RuleError, match="^5.3: a contribution is a whole number"):
        buy_rolls(t, "axis", [{"germany": 10, "italy": 0}], 0)


def test_a_side_scores_its_highest_die_a_d10(t):
    out = research(t, start_points(t), {"allies": 4, "axis": 2}, Rng(11))
    assert len(out.dice["allies"]) == 4 and len(out.dice["axis"]) == 2
    assert out.points == {"allies": 20 + max(out.dice["allies"]), "axis": max(out.dice["axis"])}
    faces = Counter(d for seed in range(300) for d in research(t, start_points(t), {"allies": 1}, Rng(seed)).dice["allies"])
    assert set(faces) == set(range(1, 11))
    assert research(t, start_points(t), {}, Rng(0)).points == {"allies": 20, "axis": 0}
    with pytest.raises(RuleError, match="^8: research rolls are a whole number"):
        research(t, start_points(t), {"allies": -1}, Rng(0))


def test_the_same_seed_rolls_the_same_dice(t):
    a = research(t, start_points(t), {"allies": 5, "axis": 5}, Rng(42))
    b = research(t, start_points(t), {"allies": 5, "axis": 5}, Rng(42))
    assert a == b


def test_no_module_uses_the_global_random_generator():
    """The rules draw only from the game's seeded dice (``Rng``); a bot (``heuristic*.py``) may
    keep a seeded ``random.Random`` of its own, as every bot of the project does, and never
    the module's global generator."""
    for path in AIF.glob("*.py"):
        tree = ast.parse(path.read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not names & {"numpy.random", "secrets"}, path.name
        if not path.stem.startswith("heuristic"):
            assert "random" not in names, path.name
            continue
        uses = {n.attr for n in ast.walk(tree)
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "random"}
        assert uses <= {"Random"}, (path.name, uses)
        assert "random" not in {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}, path.name


def test_bombs_and_targets(t):
    assert not has_atomic_bomb(t, 24) and has_atomic_bomb(t, 25)
    assert hydrogen_target(t) == 200 and hydrogen_target(t, short=True) == 150
    assert hydrogen_target(t, bid=18, bid_side="allies") == 218 and hydrogen_target(t, bid=7, bid_side="axis") == 193
    with pytest.raises(RuleError, match="^13"):
        hydrogen_target(t, bid=3)


def test_the_first_side_to_the_target_wins(t):
    assert research_winner({"allies": 199, "axis": 10}, 200, "axis") is None
    assert research_winner({"allies": 201, "axis": 10}, 200, "axis") == "allies"
    assert research_winner({"allies": 201, "axis": 205}, 200, "allies") == "axis"  # our ruling: more points
    assert research_winner({"allies": 203, "axis": 203}, 200, "allies") == "allies"  # then the initiative


def test_the_short_game_doubles_the_axis_pre_set_up_points(t):
    points = presetup(start(t), t, short=True).points
    assert (points["germany"], points["italy"], points["japan"]) == (80, 50, 60)
    assert (points["usa"], points["cw"], points["france"]) == (50, 20, 15)


# -- seats and bidding (§13) ---------------------------------------------------------------------
def test_seats_follow_the_texts_groups(t):
    assert groups(t, 6) == tuple((p,) for p in ("usa", "cw", "france", "germany", "italy", "japan"))
    assert groups(t, 2) == (("usa", "cw", "france"), ("germany", "italy", "japan"))
    assert ("usa", "cw", "france") in groups(t, 3) and ("germany", "italy") in groups(t, 3)
    assert ("cw", "france") in groups(t, 4) and ("germany", "italy") in groups(t, 4)
    assert ("cw", "france") in groups(t, 5) and ("germany",) in groups(t, 5)
    with pytest.raises(RuleError, match="^13: America in Flames is for 2 to 6 players, not 7"):
        groups(t, 7)


def test_bids_go_up_by_one_from_one():
    a = Auction(("Ann", "Bo"))
    with pytest.raises(RuleError, match="^13: each bid is 1 more than the last; the next bid is 1, not 2"):
        a.bid("Ann", 2)
    a = a.bid("Ann", 1).bid("Bo", 2).bid("Ann", 3)
    assert a.high() == ("Ann", 3) and a.best() == {"Ann": 3, "Bo": 2}
    with pytest.raises(RuleError, match="^13: 'Cy' is not a player"):
        a.bid("Cy", 4)


def test_picks_go_by_bid_then_dice_and_the_second_is_from_the_other_side(t):
    a = Auction(("Dinah", "Marie-Claude", "Frederic", "Ruedi")).bid("Ruedi", 1).bid("Marie-Claude", 2)
    order = pick_order(a, Rng(5))
    assert order[:2] == ("Marie-Claude", "Ruedi") and set(order[2:]) == {"Dinah", "Frederic"}
    assert pick_order(a, Rng(5)) == order  # seeded
    s = Seating.after(t, a, Rng(5))
    with pytest.raises(RuleError, match="^13: it is Marie-Claude's pick"):
        s.pick("Ruedi", ("japan",))
    s = s.pick("Marie-Claude", ("usa",))
    with pytest.raises(RuleError, match="^13: the second pick is from the other side of the first"):
        s.pick("Ruedi", ("cw", "france"))
    with pytest.raises(RuleError, match="^13: usa is not on offer"):
        s.pick("Ruedi", ("usa",))
    s = s.pick("Ruedi", ("japan",)).pick(order[2], ("germany", "italy")).pick(order[3], ("cw", "france"))
    assert s.next() is None and s.target(t) == 202
    youngest_first = Seating.open(t, ("Dinah", "Ruedi", "Frederic", "Marie-Claude"))  # no auction: free picks
    assert youngest_first.pick("Dinah", ("usa",)).pick("Ruedi", ("cw", "france")).target(t) == 200
    axis_first = Seating.after(t, a, Rng(5)).pick("Marie-Claude", ("japan",))
    assert axis_first.target(t) == 198 and axis_first.target(t, short=True) == 148


def test_ties_on_the_dice_roll_again_among_themselves():
    class Fixed:
        def __init__(self, rolls):
            self.rolls = iter(rolls)

        def below(self, n):
            return next(self.rolls)

    # A and B tie on 9 and roll again (B wins 5 to 2); C's 3 comes after them
    assert by_dice(["A", "B", "C"], Fixed([8, 8, 2, 1, 4])) == ("B", "A", "C")


@pytest.mark.parametrize("name", ["tables", "track", "politics", "atomic", "seats"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(f"fortress.rulesets.aif.{name}"))
    assert result.failed == 0 and result.attempted > 0


def test_the_engine_imports_nothing_above_the_rules():
    """Stage A stays pure: no UI, bots or odds (tests/test_layers.py puts rulesets beside rules);
    its engine modules import no more than the dice; the ruleset's steps also use the core, and
    stage B's military ATTACK!'s ruleset and the Americas map."""
    from tests.test_layers import imported

    engine = {"__init__", "tables", "schemas", "track", "politics", "atomic", "seats"}
    for path in AIF.glob("*.py"):
        if path.stem == "dashboard":
            continue  # the ruleset's part of the dashboard, in the UI layer (tests/test_layers.py)
        targets = [name for name, _ in imported(path.read_text())]
        assert not [n for n in targets if n.startswith(("fortress.ui", "fortress.ai", "fortress.odds"))], path.name
        allowed = ("fortress.rulesets.aif", "fortress.engine.data", "fortress.engine.dice") + (
            () if path.stem in engine else ("fortress.engine", "fortress.rulesets.attack", "fortress.geodata"))
        assert all(n.startswith(allowed) for n in targets), path.name
