"""``fortress play --ruleset attack`` with bots, its map and length options."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from fortress.cli import main

BOTS = "red=random,blue=random,green=random,yellow=random"


def run(args: list[str], stdin: str = "") -> str:
    result = CliRunner().invoke(main, args, input=stdin, catch_exceptions=False)
    return result.output


@pytest.mark.quick
def test_four_random_bots_play_a_western_six_year_game_to_the_end() -> None:
    out = run(["play", "--ruleset", "attack", "--players", "4", "--map", "western", "--years", "6", "--bots", BOTS])
    assert "Game over: the most victory points" in out
    assert "Year 1 begins" in out


def test_the_map_must_fit_the_player_count() -> None:
    out = CliRunner().invoke(main, ["play", "--ruleset", "attack", "--players", "3", "--map", "both"]).output
    assert "both maps are played by 5-6 players" in out
    out = CliRunner().invoke(main, ["play", "--ruleset", "attack", "--players", "6", "--map", "pacific"]).output
    assert "one map by 2-4" in out


def test_a_human_seat_reads_the_rulebooks_actions_from_a_script() -> None:
    out = run(["play", "--ruleset", "attack", "--players", "2", "--map", "pacific", "--years", "9",
               "--bots", "blue=random"], "status\n")
    assert "the map: pacific, 9 years" in out
