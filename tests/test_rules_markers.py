"""Rules: finite control markers (rules: Components, Declare Battles, Capture Territories)
and compulsory battles (rules: Action Sequence 5, "resolve battles in declared territories
containing defending units"); issue #16, items 1 and 2."""
from __future__ import annotations

import pytest

import fortress
from fortress.rulesets.america import actions as A
from fortress.rulesets.america.positions import PositionError
from tests.conftest import units
from tests.test_rules_war import battle_game


def _plain_land(board, n: int) -> list[str]:
    """``n`` land territories of the real board that are neither zones nor cities."""
    return [a for a in board.land if a not in board.zone_set and not board[a].is_city][:n]


# -- control markers -----------------------------------------------------------------------------
def test_declaring_beyond_the_markers_left_is_refused_with_the_count_in_use():
    board = fortress.Board.default()
    held = _plain_land(board, 24)  # East has 25 markers (rules.toml [markers])
    g = fortress.Game.from_position({"turn": "east", "phase": "declare", "round": 2, "control": {"east": held}})
    assert (g.markers("east").supply, g.markers("east").held, g.markers_left("east")) == (25, 24, 1)
    assert A.Declare("seattle") in g.legal_actions()
    g.state.declared.append("denver")  # the last marker placed, Declare not ended yet (it would end by itself)
    g._legal = None
    reason = g.explain(A.Declare("seattle"))
    assert "no control marker is left" in reason
    assert "25 of its 25 control markers in use (24 on territories held, 1 on battles declared)" in reason
    assert g.legal_actions()[:-1] == [A.End()]  # only 'end' (then Surrender)
    assert g.markers_left("west") == 35 and g.markers_left("south") == 30  # each Invader has its own


def test_declare_ends_by_itself_when_the_last_marker_is_placed():
    board = fortress.Board.default()
    g = fortress.Game.from_position({"turn": "east", "phase": "declare", "round": 2,
                                     "control": {"east": _plain_land(board, 23)}})
    g.apply(A.Declare("denver"))
    assert g.phase == "declare" and g.markers_left("east") == 1
    g.apply(A.Declare("seattle"))
    assert g.phase != "declare"  # nothing is left to decide in Declare
    assert "East has 25 of its 25 control markers in use (23 on territories held, 2 on battles declared): " \
        "no more battles can be declared." in g.log


def test_the_us_uses_no_markers_and_declares_freely(position):
    g = position({"turn": "us", "phase": "declare", "round": 2, "control": {"west": ["coast", "hills", "alpha"]}})
    for area in ("coast", "hills", "alpha"):
        g.apply(A.Declare(area))
    with pytest.raises(ValueError, match="uses no control markers"):
        g.markers("us")


def test_declarations_count_only_on_the_declaring_invaders_turn(position):
    g = position({"turn": "west", "phase": "declare", "round": 2, "control": {"west": ["coast"]}})
    g.apply(A.Declare("alpha"))
    g.apply(A.Declare("plainb"))
    assert (g.markers("west").held, g.markers("west").declared, g.markers_left("west")) == (1, 2, 32)
    assert g.markers("south").declared == 0


def test_a_capture_turns_the_declarations_marker_control_side_up(position):
    g = position({"turn": "west", "phase": "invasion", "round": 2, "declared": ["alpha"],
                  "control": {"west": ["coast"]}, "units": {"coast": "west: 1 hovertank"}})
    assert (g.markers("west").held, g.markers("west").declared) == (1, 1)
    g.apply(A.Invade(1, "hovertank", "coast", "alpha"))
    while g.state.turn == "west":  # Supply, then Capture: alpha becomes West's
        g.apply(A.End())
    assert g.controller("alpha") == "west" and g.state.turn != "west"
    assert (g.markers("west").held, g.markers("west").declared, g.markers("west").in_use) == (2, 0, 2)


def test_markers_come_back_when_a_territory_is_lost(position):
    g = position({"turn": "us", "phase": "invasion", "round": 2, "declared": ["beta"],
                  "control": {"east": ["beta", "far"]}, "units": {"mount": "us: 1 hovertank"}})
    assert g.markers("east").held == 2
    g.apply(A.Invade(1, "hovertank", "mount", "beta"))
    while g.state.turn == "us":  # the U.S. captures Beta City back
        g.apply(A.End())
    assert g.controller("beta") == "us"
    assert (g.markers("east").held, g.markers_left("east")) == (1, 24)


def test_a_position_cannot_hold_more_territories_than_markers():
    board = fortress.Board.default()
    with pytest.raises(PositionError, match="26 of its 25 control markers in use"):
        fortress.Game.from_position({"turn": "west", "phase": "declare", "round": 2,
                                     "control": {"east": _plain_land(board, 26)}})


# -- declared battles are fought -------------------------------------------------------------------
def test_fight_with_nothing_committed_is_refused(position):
    g = battle_game(position, {"coast": "west: 2 hovertank"}, "us: 1 infantry")
    g.apply(A.Attack("alpha"))
    assert "at least one attacking unit" in g.explain(A.Fight())
    assert A.Fight() not in g.legal_actions()
    g.apply(A.Commit(1, "hovertank", "coast"))
    assert g.explain(A.Fight()) is None and A.Fight() in g.legal_actions()


def test_combat_cannot_end_while_a_declared_battle_can_be_fought(position):
    g = position({"turn": "west", "phase": "combat", "round": 2, "declared": ["alpha", "beta"],
                  "control": {"west": ["coast"]},
                  "units": {"coast": "west: 2 hovertank", "alpha": "us: 1 infantry", "beta": "us: 1 infantry"}})
    reason = g.explain(A.End())
    assert "fight for Alpha City" in reason and "Beta City" not in reason  # no West unit is next to Beta City
    assert A.End() not in g.legal_actions()


def _fight_until_combat_ends(g):
    while g.phase == "combat" and not g.is_over and g.state.turn == "west":
        acts = g.legal_actions()[:-1]
        commits = [a for a in acts if isinstance(a, A.Commit)]
        g.apply(commits[-1] if commits else acts[0])


def test_a_declaration_nobody_can_attack_lapses_with_a_log_line(position):
    # the hovertanks on the coast are next to both Alpha City and Plain B; once they have all
    # fought for Alpha City, nobody can attack Plain B: that declaration lapses, its marker comes back
    seen_invasion = False
    for seed in range(40):
        g = position({"turn": "west", "phase": "combat", "round": 2, "declared": ["alpha", "plainb"],
                      "control": {"west": ["coast"]},
                      "units": {"coast": "west: 3 hovertank", "alpha": "us: 1 infantry", "plainb": "us: 1 infantry"}},
                     seed=seed)
        assert g.markers("west").declared == 2
        g.apply(A.Attack("alpha"))
        _fight_until_combat_ends(g)
        assert "West's declared battle in Plain B lapses: no unit can attack it." in g.log
        assert not any("Alpha City lapses" in line for line in g.log)  # fought, not lapsed
        assert units(g, "plainb", "us") == {"infantry": 1}
        if g.phase == "invasion" and g.state.turn == "west":  # Alpha City cleared: West's turn goes on
            assert g.state.declared == ["alpha"] and g.markers("west").declared == 1
            seen_invasion = True
    assert seen_invasion, "Alpha City was never cleared in 40 seeds"
