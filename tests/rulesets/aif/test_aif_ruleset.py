"""America in Flames as a ruleset, through the public API: found through its entry point,
the pre-set-up steps sealed through the core's sealed steps (§3.6's worked example replayed),
the calendar turns, random games to a result with the track's invariants after every action,
sealed orders unseen by every other seat until revealed, saves that replay."""
from __future__ import annotations

import importlib.metadata
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

import fortress
from fortress.cli import main
from fortress.engine import rulesets
from fortress.engine.actions import Surrender
from fortress.rulesets.aif import military, politics
from fortress.rulesets.aif.state import Bomb, Influence
from fortress.rulesets.aif.tables import load

ROOT = Path(__file__).resolve().parents[3]
T = load()
FULL = T.full_ally


def aif(seed: int = 1, players: int = 6, variants=()) -> fortress.Game:
    return fortress.new_game(seed=seed, ruleset="aif", players=players, variants=variants)


def test_aif_is_found_through_its_entry_point_and_the_core_does_not_name_it():
    points = {ep.name: ep.value for ep in importlib.metadata.entry_points(group=rulesets.GROUP)}
    assert points["aif"] == "fortress.rulesets.aif.ruleset:ruleset" and "aif" in rulesets.names()
    rules = rulesets.get("aif")
    assert rules.teams == {"allies": ("usa", "cw", "france"), "axis": ("germany", "italy", "japan")}
    assert rules.seats(4) == [("usa",), ("cw", "france"), ("germany", "italy"), ("japan",)]  # §13
    with pytest.raises(ValueError, match="2, 3, 4, 5 or 6 players"):
        rules.seats(7)
    for path in (ROOT / "fortress" / "rules").rglob("*.py"):
        assert "aif" not in path.read_text().lower(), path


def test_the_first_pre_set_up_step_is_sealed_and_replays_the_texts_example():
    """§3.6's example: Germany 5 in Argentina and 3 in Panama, Japan 3 in Panama, the USA 6 in
    Brazil and 2 in Argentina, written unseen; revealed together and applied in the text's order."""
    game = aif()
    assert game.phase == "pre-set-up" and game.to_move == set(game.rules.sides)
    assert game.round_label == "Before May/Jun 1945"
    game.apply("influence argentina 5 panama 3", "germany")
    game.apply("influence panama 3", "japan")
    for other in ("usa", "cw", "italy"):
        view, seat = game.view(other), json.loads(game.to_json(seat=other))
        assert not any("argentina 5" in line or "panama 3" in line for line in view.log)
        assert seat["actions"] == ["sealed", "sealed"]
    assert "Germany's sealed order: influence argentina 5 panama 3." in game.view("germany").log
    game.apply("influence brazil 6 argentina 2", "usa")
    for other in ("cw", "france", "italy"):
        game.apply("influence none", other)
    flags = game.state.politics.flags
    text = {m: fortress.rulesets.aif.politics.describe(T, flags[m]) for m in ("brazil", "argentina", "panama")}
    assert text == {"brazil": "USA +6", "argentina": "Germany +4", "panama": "Germany +5"}
    assert [line for line in game.log if line.startswith("3.6")][:5] == [
        "3.6: USA's 6 levels in Brazil: 0 → USA +6",
        "3.6: Germany's 5 levels in Argentina: 0 → Germany +5",
        "3.6: Germany's 3 levels in Panama: 0 → Germany +3",
        "3.6: Japan's 3 levels in Panama, halved to 2 (it favours Germany): Germany +3 → Germany +5",
        "3.6: USA's 2 levels in Argentina: Germany +5 → Germany +4"]
    assert game.phase == "pre-set-up" and game.state.politics.points["germany"] == 13 + 40  # the second step


def test_an_order_beyond_the_points_is_refused_in_words_and_changes_nothing():
    game = aif()
    before = game.to_json()
    with pytest.raises(fortress.IllegalAction, match="3.6: Italy has 25 political points; its orders cost 120"):
        game.apply("influence brazil 30", "italy")
    assert game.to_json() == before
    assert "wrote two orders" in game.explain(Influence((("cuba", 1), ("cuba", 2))), "usa")
    assert "whole number" in game.explain(Influence((("cuba", 1.5),)), "usa")  # type: ignore[arg-type]


def finish_presetup(game: fortress.Game) -> None:
    while game.phase == "pre-set-up":
        game.apply("influence none", sorted(game.to_move)[0])


def test_the_turns_follow_the_calendar_and_the_side_with_the_initiative_declares_first():
    game = aif()
    finish_presetup(game)
    assert game.phase == "declare" and game.round_label == "May/Jun 1945" and game.to_move == {"germany"}
    assert game.explain("pass", "usa") == "USA may not act now: Germany decides now"  # the Axis hold it (§13)
    game.apply("declare mexico")  # §3.2, §3.5
    assert game.state.politics.flags["mexico"].square == FULL and game.state.politics.flags["mexico"].power == "usa"
    assert game.state.politics.points["usa"] == 100 + 5  # the Allies' gain: Italy's 5 is the highest other
    assert "never moves again" in game.explain("declare mexico", "italy")
    for _ in range(5):
        game.apply("pass")
    assert game.phase == "operations" and game.to_move == {"germany"}  # the initiative's side first
    for side in ("germany", "italy", "japan", "usa", "cw", "france", "germany", "italy", "japan", "usa"):
        assert game.to_move == {side}  # two operations each; the Commonwealth and France one
        game.apply("pass")
    assert game.phase == "production" and game.to_move == set(game.rules.sides)


def random_game(seed: int, players: int, variants=(), check=None) -> fortress.Game:
    """Random legal actions by a random side among those that may act; now and then a random
    order on several minors (legal, but too many to be listed)."""
    game, rng = aif(seed, players, variants), random.Random(seed)
    while not game.is_over:
        side = rng.choice(sorted(game.to_move))
        legal = [a for a in game.legal_actions(side) if not isinstance(a, Surrender)]
        action = rng.choice(legal)
        if isinstance(action, Influence) and rng.random() < 0.3:
            action = spread(game, side, rng) or action
        before = game.state.copy()
        game.apply(action, side)
        if check is not None:
            check(game, before, action, side)
    return game


def spread(game: fortress.Game, side: str, rng: random.Random) -> Influence | None:
    """An order on several minors within the side's points."""
    points, minors = game.state.politics.points[side], rng.sample(T.flagged(), 3)
    levels = tuple((m, rng.randint(1, 4)) for m in minors)
    cost = sum(n * T.minors[m].cost[side] for m, n in levels)
    order = Influence(levels)
    return order if cost <= points and game.explain(order, side) is None else None


def invariants(game: fortress.Game, before, action, side) -> None:
    """The track after every action: squares 0 to Full Ally, a favour exactly off 0, the favoured
    power's side; Full Ally and conquered flags never move but by an atom bomb or a conquest
    (the minor's, or its major's: §3.2 passes its minors on at half value); influence orders
    never make a Full Ally; points never below 0; research never falls; orders unseen (by every
    other side in the pre-set-up steps and the first turn, then after every third action by one
    other side, in turn)."""
    flags, old = game.state.politics.flags, before.politics.flags
    for minor, flag in flags.items():
        assert 0 <= flag.square <= FULL and (flag.power is None) == (flag.square == 0), (minor, flag)
        conquest = game.state.politics.conquered != before.politics.conquered or (
            flag.conquered_by and not old[minor].conquered_by and flag.square == old[minor].square)
        if old[minor].square >= FULL and not isinstance(action, Bomb) and not conquest:  # §10.7(c), §3.1, §3.2
            assert flag == old[minor], (minor, old[minor], flag)
        if isinstance(action, Influence) and flag.square >= FULL:
            assert old[minor].square >= FULL, (minor, flag)
        if flag.aligned and flag.square < T.mobilisation:
            assert False, (minor, flag)
    assert all(n >= 0 for n in game.state.politics.points.values())
    military_invariants(game)
    assert all(game.state.research[s] >= before.research[s] for s in ("allies", "axis"))
    if game.ctx.flow.plies and (game.round <= 1 or len(game.history) % 3 == 0):
        sides = game.rules.sides
        unseen(game, sides if game.round <= 1 else [sides[len(game.history) % len(sides)]])


OPERATIONS = ("move", "attack", "navigate", "transport")


def military_invariants(game: fortress.Game) -> None:
    """The map after every action: counts above 0; every region a power holds keeps one of its
    units (ATTACK!'s occupancy); outside an operation (its battles fought), a power's units stand
    only where it holds, where a friend holds, or in a minor at peace that lets it in (§3.1)."""
    s = game.state
    for branch in (s.armies, s.ships):
        assert all(n > 0 for places in branch.values() for units in places.values() for n in units.values()), branch
    for region, holder in s.control.items():
        if holder in T.powers:
            assert s.army_size(holder, region) >= 1, (region, holder)
    if game.phase in OPERATIONS or s.fight or s.fights:
        return
    for power in T.powers:
        for region in s.armies.get(power, {}):
            holder = s.control.get(region)
            if holder is None:
                flag = s.politics.flags[military.owner(region)]
                assert politics.may_enter(T, flag, power), (power, region, flag)
            else:
                assert holder == power or not military.enemies(s, power, holder), (power, region, holder)


def unseen(game: fortress.Game, observers) -> None:
    """No view and no seat save of an observer holds another side's sealed order not yet revealed."""
    plies = game.ctx.flow.plies
    for owner, ply in plies.items():
        written = game.notation(game.history[ply])
        for other in observers:
            if other == owner:
                continue
            view = game.view(other)
            assert view.notation(view.history[ply]) == "sealed"
            assert not any(line.startswith(f"{game.rules.side_names[owner]}'s sealed order") for line in view.log)
            assert json.loads(game.to_json(seat=other))["actions"][ply] == "sealed"
        assert written in " ".join(game.view(owner).log)


def finished(game: fortress.Game) -> None:
    assert game.winner in ("allies", "axis") and game.state.result
    returns = game.returns()
    assert all(returns[s] == (1.0 if s in game.rules.teams[game.winner] else -1.0) for s in game.rules.sides)
    again = fortress.Game.from_json(game.to_json())
    assert again.history == game.history and again.log == game.log
    assert again.state.to_dict() == game.state.to_dict()


@pytest.mark.quick
@pytest.mark.parametrize("seed, players, variants", [(1, 6, ("short-game",)), (2, 3, ("short-game", "bidding", "atomic-bomb"))])
def test_random_games_keep_the_invariants_hide_the_orders_and_end_with_a_result(seed, players, variants):
    finished(random_game(seed, players, variants, check=invariants))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 8))  # 2 to 6 players; benchmarks/aif_random.py plays 200
def test_more_random_games(seed):
    variants = [v for v, on in zip(("short-game", "bidding", "atomic-bomb"), (seed % 2, seed % 3 == 0, seed % 4 == 1)) if on]
    finished(random_game(seed, 2 + seed % 5, variants, check=invariants))


@pytest.mark.quick
def test_fortress_play_plays_aif_in_the_terminal_with_random_bots_to_the_end():
    """The USA at the keyboard passes its influence and produces nothing; random bots play the
    other five powers, the game runs to a result."""
    bots = "cw=random,france=random,germany=random,italy=random,japan=random"
    script = "status\n" + "1\n" * 4000  # the first legal action: no influence, no buys, the first move
    result = CliRunner().invoke(main, ["play", "--ruleset", "aif", "--seed", "3", "--bots", bots], script)
    out = result.output
    assert "Research: Allies 20, Axis 0 of 200; initiative: Axis." in out
    assert "USA's sealed order: influence none." in out and "Germany's sealed order" not in out
    assert "Game over:" in out, out[-800:]


@pytest.mark.quick
def test_fortress_play_takes_aifs_player_counts_and_variants():
    bots = ",".join(f"{p}=random" for p in ("usa", "cw", "france", "germany", "italy", "japan"))
    result = CliRunner().invoke(main, ["play", "--ruleset", "aif", "--players", "6", "--variant", "short-game",
                                       "--variant", "bidding", "--seed", "5", "--bots", bots], "")
    assert result.exit_code == 0 and "Game over:" in result.output
    assert "Pre-set-up influence step 1 of 2 (3.5): political points now USA 50, Commonwealth 20, France 15, " \
           "Germany 80, Italy 50, Japan 60." in result.output  # §12: the Axis points doubled
    result = CliRunner().invoke(main, ["play", "--ruleset", "aif", "--players", "7"], "")
    assert result.exit_code == 2 and "2, 3, 4, 5 or 6 players" in result.output
    # --variant is read against --ruleset, given before or after it
    result = CliRunner().invoke(main, ["play", "--variant", "bidding", "--ruleset", "aif", "--players", "2",
                                       "--bots", bots], "")
    assert result.exit_code == 0 and ("wins the auction" in result.output or "Nobody bids" in result.output)


# -- the steps, one by one ---------------------------------------------------------------------
def test_the_auction_rises_by_one_and_the_winning_bid_moves_the_target_by_its_side():
    """§13: each bid one more than the last; it ends when every other seat has passed since the
    last bid; an Allied winner adds its bid to 200, an Axis winner takes it off."""
    game = aif(players=4, variants=("bidding",))  # seats: USA; CW+France; Germany+Italy; Japan
    assert game.phase == "auction" and game.side == "usa"
    assert "the next bid is 1" in game.explain("bid 2")
    game.apply("bid 1")
    assert game.side == "cw"
    game.apply("pass")
    game.apply("bid 2")  # Germany, for Germany and Italy
    game.apply("pass")  # Japan
    game.apply("pass")  # the USA
    assert game.phase == "auction" and game.side == "cw"
    game.apply("pass")
    assert game.phase == "pre-set-up"
    assert "Germany wins the auction with 2: the hydrogen bomb needs 198 research points (13)." in game.log
    allied = aif(players=2, variants=("bidding",))
    allied.apply("bid 1")
    allied.apply("pass")
    assert "the hydrogen bomb needs 201 research points" in allied.log[-3]


def test_without_bidding_the_auction_is_passed_over():
    game = aif(players=2)
    assert game.phase == "pre-set-up" and not any(line.startswith("USA bids") for line in game.log)
    assert "No auction (the variant 'bidding' is off): the hydrogen bomb needs 200 research points." in game.log


def test_the_short_game_doubles_the_axis_points_and_needs_150_less_our_handicap():
    """§12: the Axis' points doubled, 150 to win, less our Axis handicap (design, for balance),
    which the log says; an auction's bid changes that target as §13 says."""
    handicap = int(load().research["short_game_default_axis_bid"])
    game = aif(variants=("short-game",))
    points = game.state.politics.points
    assert (points["germany"], points["italy"], points["japan"], points["usa"]) == (80, 50, 60, 50)
    assert 0 < handicap < 130 and f"of {150 - handicap}" in game.rules.describe(game)
    assert f"needs {150 - handicap} research points, the short game's 150 less our Axis handicap of {handicap}" \
        in "\n".join(game.log)
    game = aif(variants=("short-game", "bidding"))
    assert f"of {150 - handicap}" in game.rules.describe(game)
    game.apply("bid 1")  # the USA's seat bids 1: an Allied bid is added
    assert "(the hydrogen bomb would need" in game.log[-1] and f"need {151 - handicap})" in game.log[-1]
    assert "of 200" in aif().rules.describe(aif())  # the standard game: no handicap


def to_production(game: fortress.Game) -> fortress.Game:
    finish_presetup(game)
    while game.phase in ("declare", "operations"):
        game.apply("pass")
    return game


def test_production_is_sealed_within_the_income_and_rolls_a_d10_per_roll():
    game = to_production(aif())
    assert "USA has 41 build points this turn; the order spends 42" in game.explain("produce 2 40", "usa")
    game.apply("produce 1 40", "usa")  # 8 rolls at 5 (the five sites are the USA's)
    game.apply("produce 0 3", "italy")
    game.apply("produce 0 7", "germany")  # with Italy's 3: one roll at 10
    for side in ("cw", "france", "japan"):
        game.apply("produce 0 0", side)
    allied = next(line for line in game.log if line.startswith("8: the Allies roll"))
    dice = [int(d) for d in allied.split("roll ")[1].split(":")[0].split(", ")]
    assert len(dice) == 8 and all(1 <= d <= 10 for d in dice)
    assert game.state.research["allies"] == 20 + max(dice)
    assert "5.3: the Axis give 10 build points to research: 1 roll(s) at 10, 0 lost." in game.log
    assert game.state.politics.points["usa"] == 100 - 0 + 1  # the pre-set-up's 100 unspent, and 1 bought
    assert game.phase == "influence"


def test_an_atom_bomb_needs_the_variant_and_25_points_and_turns_even_a_full_ally():
    """§8, §10.7(c): with the atomic bomb, the USA bombs Mexico, the USA's own Full Ally."""
    game = aif(variants=("atomic-bomb",))
    finish_presetup(game)
    game.apply("declare mexico")  # Germany: Mexico becomes a Full Ally of the USA
    for _ in range(2):
        game.apply("pass")
    assert "8: the Allies have not developed the atomic bomb (20 of 25 research points)" == game.explain("bomb mexico")
    game.state.research["allies"], game.state.bomb = 25, ["allies"]  # as after a production step
    game.apply("bomb mexico")
    mexico = game.state.politics.flags["mexico"]
    assert mexico.square == FULL and T.side(mexico.power) == "axis"
    plain = aif()
    finish_presetup(plain)
    assert "atom bombs are dropped only with the optional rule" in plain.explain("bomb cuba")


def test_the_influence_step_runs_the_turns_arrow_before_the_orders():
    """§3.4: in May/Jun (our arrow at 6) a flag on 6 or higher moves one towards its Full Ally."""
    game = aif()
    game.apply("influence brazil 6", "usa")
    finish_presetup(game)
    game = to_production(game)
    for side in game.rules.sides:
        game.apply("produce 0 0", side)
    assert "3.4: May/Jun arrow at 6: Brazil USA +6 → USA +7" in game.log
    assert game.phase == "influence"


def last_turn_played(sites_to_the_axis: tuple[str, ...] = ()) -> fortress.Game:
    """A game whose last turn (the design limit, rules.toml ``last_turn``) ends with nobody
    producing, the Axis holding the regions given."""
    from fortress.rulesets.aif.ruleset import RULES
    game = to_production(aif())
    game.state.round = RULES["last_turn"]
    for region in sites_to_the_axis:
        game.state.control[region] = "japan"
    for side in game.rules.sides:
        game.apply("produce 0 0", side)
    for side in game.rules.sides:
        game.apply("influence none", side)
    return game


def test_after_the_last_turn_the_side_holding_more_research_sites_wins_then_the_side_nearer_the_bomb():
    game = last_turn_played()  # the Allies hold all five sites (and have 20 research points to 0)
    assert game.winner == "allies" and "the last turn (our limit)" in game.state.result
    assert "Allies 5, Axis 0" in game.state.result
    assert game.returns()["cw"] == 1.0 and game.returns()["japan"] == -1.0
    game = last_turn_played(("pacific-northwest", "california", "southwest"))  # 3 sites of 5, fewer points
    assert game.winner == "axis" and "Allies 2, Axis 3" in game.state.result
    assert game.state.research["axis"] < game.state.research["allies"]


def test_a_seat_save_loads_as_that_seats_view_and_a_look_ahead_redraws_the_others_orders():
    game = aif()
    game.apply("influence argentina 5 panama 3", "germany")
    view = fortress.Game.from_json(game.to_json(seat="usa"))
    assert view.notation(view.history[-1]) == "sealed" and "germany" not in view.to_move
    look = view.determinized(7)  # Germany's order made up from what Germany could order
    for side in sorted(look.to_move):
        look.apply("influence none", side)
    assert look.phase == "pre-set-up" and not game.log[-1].startswith("Germany ordered")
    assert any(line.startswith("Germany ordered: influence ") for line in look.log)


@pytest.mark.quick
def test_undo_of_the_first_order_goes_back_to_the_pre_set_up_step_and_play_goes_on():
    """The auction, with no bidding, passes by itself when the game starts; taking back the first
    order replays from there, as the game began (it once left the game stuck in the auction)."""
    game = fortress.new_game(seed=5, ruleset="aif", players=2)
    fresh = game.state.to_dict()
    order = game.legal_actions()[0]
    game.apply(order)
    assert game.undo() == order
    assert game.state.phase == "pre-set-up" and game.state.to_dict() == fresh
    game.apply(order)
    assert len(game.history) == 1


@pytest.mark.quick
def test_a_seat_of_several_powers_takes_back_its_first_powers_order_but_no_other_seats():
    """Undo offers a player's own orders of this step, whichever of their powers gave them (it
    once offered only the power to move's, so the Allies could not take back the USA's order
    once the CW was to order)."""
    game = fortress.new_game(seed=5, ruleset="aif", players=2)
    game.apply("influence none", "usa")
    assert game.side == "cw" and game.undoable == 1
    game.apply("influence none", "cw")
    assert game.undoable == 2
    game.apply("influence none", "germany")  # the Axis' order: the Allies may no longer reach theirs
    assert game.undoable == 0
