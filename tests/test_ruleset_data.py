"""Each ruleset brings its own data folder, read when the ruleset is first built, never at
import (issue 15: "nothing is loaded at import from one global data folder")."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import fortress
from fortress.rulesets.america.data import DATA_DIR, DataError
from fortress.rulesets.america import ruleset as america
from fortress.engine import rulesets
from fortress.rulesets.america.actions import Move

ROOT = Path(__file__).resolve().parents[1]

#: Imports the data files must not be opened by (run in a fresh interpreter).
AUDIT = """
import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
import fortress, fortress.ui, fortress.rulesets.america.dashboard.app, fortress.ai, fortress.odds, fortress.cli, fortress.notebook_helpers
print("\\n".join(p for p in opened if p.endswith(".toml") and "/fortress/data/" in p.replace("\\\\", "/")))
"""


@pytest.mark.slow
def test_importing_the_package_opens_no_data_file():
    env = {k: v for k, v in os.environ.items() if k != "FORTRESS_DATA"} | {"PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", AUDIT], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == []


# -- two rulesets, two data folders, one process ---------------------------------------------
SLOW_NAME = "fortress-america-slow-helicopters"
#: West holds Great Basin, a neighbour (Mojave Desert) and a place two steps away (Phoenix).
POSITION = {"turn": "west", "phase": "maneuvers", "round": 2,
            "control": {"west": ["Great Basin", "Mojave Desert", "Phoenix"]},
            "units": {"Great Basin": "west: 1 helicopter"}}


@pytest.fixture
def slow_helicopters(tmp_path):
    """Fortress America's code with a copy of its data in which a helicopter moves 1, not 2."""
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    units = folder / "units.toml"
    text = units.read_text(encoding="utf-8")
    helicopter = text.index("[helicopter]")
    assert text.index("move = 2", helicopter) < text.index("[bomber]")
    units.write_text(text[:helicopter] + text[helicopter:].replace("move = 2", "move = 1", 1), encoding="utf-8")
    rulesets.register(SLOW_NAME, lambda: america.ruleset(name=SLOW_NAME, data_dir=folder))
    yield folder
    rulesets.unregister(SLOW_NAME)


def _helicopter_moves(game: fortress.Game) -> set[str]:
    return {a.dst for a in game.legal_actions() if isinstance(a, Move) and a.unit == "helicopter"}


def test_two_rulesets_read_their_own_data_folders_in_one_process(slow_helicopters):
    default = fortress.Game.from_position(POSITION)
    slow = fortress.Game.from_position(POSITION, ruleset=SLOW_NAME)
    assert slow.rules.data_dir == slow_helicopters and default.rules.data_dir == DATA_DIR
    assert slow.tables.units["helicopter"].move == 1 and default.tables.units["helicopter"].move == 2
    assert _helicopter_moves(slow) == {"mojave"}  # one step
    assert _helicopter_moves(default) == {"mojave", "phoenix"}  # two steps
    move = Move(1, "helicopter", "great-basin", "phoenix")
    assert default.explain(move) is None
    assert "beyond a helicopter's movement of 1" in slow.explain(move)
    # the default ruleset is untouched, and new games of it still read its own folder
    assert rulesets.get().tables.units["helicopter"].move == 2
    assert _helicopter_moves(fortress.Game.from_position(POSITION)) == {"mojave", "phoenix"}


def test_a_ruleset_keeps_its_tables_for_every_game(slow_helicopters):
    """The data is read once, as the ruleset is built: its games share one set of tables."""
    a = fortress.Game.from_position(POSITION, ruleset=SLOW_NAME)
    b = fortress.Game.from_position(POSITION, ruleset=SLOW_NAME)
    assert a.tables is b.tables is rulesets.get(SLOW_NAME).tables
    assert a.tables is not fortress.new_game(seed=1).tables


def test_a_ruleset_folder_with_a_broken_file_is_refused_when_built(slow_helicopters):
    (slow_helicopters / "dice.toml").write_text("[red]\nsides = \n", encoding="utf-8")
    with pytest.raises(DataError, match=r"dice\.toml: not valid TOML"):
        fortress.Game.from_position(POSITION, ruleset=SLOW_NAME)
    assert fortress.Game.from_position(POSITION).tables.dice["red"].sides == 6


def test_the_side_constants_are_those_of_rules_toml_in_its_order():
    """``units.SIDES``/``INVADERS`` are literals (read at import they would read a file): they
    must name the sides of ``rules.toml`` in its order (bots are seeded by it; its schema fixes
    the names)."""
    from fortress.rulesets.america.units import INVADERS, SIDES
    fa = rulesets.get()
    assert SIDES == fa.sides and INVADERS == fa.teams["invaders"]
