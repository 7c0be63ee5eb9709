"""Rulesets by name, the turn as data, saves that record their ruleset, and the engine's
layering (the facade, the context and the steps import one way only)."""
from __future__ import annotations

import ast
import copy
import dataclasses
import graphlib
import json
from pathlib import Path

import pytest

import fortress
from fortress.ai import make_bot
from fortress.engine import rulesets
from fortress.engine.save import VERSION, SaveError, from_bytes, to_bytes
from fortress.engine.turn import Turn
from tests import toy_ruleset

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


@pytest.fixture(scope="module")
def hill():
    toy_ruleset.install()
    yield rulesets.get("hill")
    rulesets.unregister("hill")


def play(game: fortress.Game, seed: int) -> fortress.Game:
    bots = {side: make_bot("random", seed=seed + i) for i, side in enumerate(game.rules.sides)}
    while not game.is_over:
        game.apply(bots[game.side].choose(game))
    return game


# -- a second ruleset, registered from the tests ----------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_toy_ruleset_is_played_to_the_end_saved_and_replayed(hill, seed):
    game = play(fortress.new_game(seed=seed, ruleset="hill"), seed)
    assert game.winner in ("red", "blue") and game.rules is hill
    assert game.round <= hill.data["rounds"]
    assert game.returns()[game.winner] == 1.0 and sum(game.returns().values()) == 0.0
    text = game.to_json()
    data = json.loads(text)
    assert (data["ruleset"], data["options"]) == ("hill", {"players": 2, "setup": None})
    again = fortress.Game.from_json(text)
    assert again.rules is hill and again.history == game.history
    assert again.state.to_dict() == game.state.to_dict() and again.log == game.log


def test_toy_ruleset_turn_comes_from_its_data(hill):
    game = fortress.new_game(seed=1, ruleset="hill")
    assert [s.name for s in hill.turn.steps] == ["march", "clash", "score"]
    assert (game.side, game.phase, game.round) == ("red", "march", 1)
    assert game.reminder() == "March pawns one step, at most twice."
    game.apply("end")  # red's clash is skipped in round 1 (its data says so); blue's is not
    phases = [e.text for e in game.events if e.kind == "phase"]
    assert phases == ["Red: March.", "Red: Score.", "Blue: March."]
    assert game.explain("march 9 hill -> ford") is not None
    with pytest.raises(fortress.IllegalAction):
        game.apply("march 1 nowhere -> hill")


def test_toy_games_copy_undo_and_travel_between_processes(hill):
    game = fortress.new_game(seed=4, ruleset="hill")
    game.apply(game.legal_actions()[0])
    before = game.state.to_dict()
    game.apply(game.legal_actions()[0])
    game.undo()
    assert game.state.to_dict() == before
    look = game.determinized(7)
    play(look, 7)
    assert not game.is_over and game.state.to_dict() == before
    moved = from_bytes(to_bytes(game), game.board)
    assert moved.rules is hill and moved.state.to_dict() == before
    assert [str(a) for a in moved.legal_actions()] == [str(a) for a in game.legal_actions()]


def test_no_fortress_america_code_knows_the_toy_ruleset():
    for path in (ROOT / "fortress").rglob("*.py"):
        text = path.read_text()
        assert "toy_ruleset" not in text and '"hill"' not in text, path


def test_unknown_rulesets_and_player_counts_are_refused():
    with pytest.raises(ValueError, match="unknown ruleset"):
        fortress.new_game(ruleset="chess")
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        fortress.new_game(players=5)
    assert rulesets.get().name == rulesets.DEFAULT == "fortress-america"
    assert fortress.new_game(seed=1).options == {"players": 4, "setup": "balanced"}


# -- the turn as data -------------------------------------------------------------------------
def test_a_variant_of_the_turn_is_data_not_code():
    """Fortress America without the Invader First Turn skip: only its data changes."""
    fa = rulesets.get()
    data = copy.deepcopy(dict(fa.data))
    del data["turn"]["steps"][0]["skip"]
    steps = {s.name: s.module for s in fa.turn.steps} | {"setup": fa.turn.setup.module}
    variant = dataclasses.replace(fa, name="fa-no-first-turn-skip", data=data,
                                  turn=Turn.from_data(data["turn"], steps, fa.teams))
    rulesets.register(variant.name, variant)
    try:
        game = fortress.new_game(seed=1, ruleset=variant.name)
        assert (game.side, game.phase) == ("west", "reinforcements")
        assert (fortress.new_game(seed=1).side, fortress.new_game(seed=1).phase) == ("west", "declare")
    finally:
        rulesets.unregister(variant.name)


def test_fortress_america_turn_is_read_from_rules_toml():
    turn = rulesets.get().turn
    assert turn.order == ("west", "south", "east", "us")
    assert [s.name for s in turn.steps] == ["reinforcements", "declare", "maneuvers", "lasers", "combat",
                                            "invasion", "supply", "capture"]
    assert turn.step("lasers").sides == {"us"} and turn.step("supply").sides == {"west", "south", "east"}
    assert turn.setup_order == ("us", "west", "south", "east")


# -- saves ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["save_v1_game.json", "save_v1_position.json"])
def test_version_1_saves_still_load(name):
    """Saves written by the code before save version 2 (no ruleset, no options)."""
    text = (DATA / name).read_text()
    old = json.loads(text)
    assert old["version"] == 1 and "ruleset" not in old
    game = fortress.Game.from_json(text)  # the snapshot digest is checked on loading
    assert [game.notation(a) for a in game.history] == old["actions"]
    assert (game.round, game.phase, game.side) == tuple(old["snapshot"][k] for k in ("round", "phase", "side"))
    new = json.loads(game.to_json())
    assert new["version"] == VERSION and new["ruleset"] == "fortress-america"
    assert fortress.Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()


def test_a_save_naming_an_unknown_ruleset_is_refused():
    data = json.loads(fortress.new_game(seed=2).to_json())
    data["ruleset"] = "chess"
    with pytest.raises(SaveError, match="unknown ruleset"):
        fortress.Game.from_json(json.dumps(data))


# -- layering ---------------------------------------------------------------------------------
def _imports(path: Path, module_level_only: bool) -> set[str]:
    """The fortress modules ``path`` imports (TYPE_CHECKING blocks included)."""
    tree = ast.parse(path.read_text())
    nodes = ast.walk(tree) if not module_level_only else _module_level(tree.body)
    out = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("fortress"):
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("fortress"))
    return out


def _module_level(body: list) -> list:
    out = []
    for node in body:
        out.append(node)
        if isinstance(node, (ast.If, ast.Try)):  # `if TYPE_CHECKING:` and guarded imports
            out.extend(_module_level(node.body + getattr(node, "orelse", []) + getattr(node, "handlers", [])))
    return out


#: the folders of Fortress America that play or show its games rather than state its rules
#: (checked with the shared bots, odds and UI, by tests/test_layers.py)
CLIENTS = ("dashboard", "bots", "odds")


def _rules_modules() -> dict[str, Path]:
    """The engine's and Fortress America's rules' modules (not its dashboard, bots or odds)."""
    out = {}
    for path in [p for d in ("engine", "rulesets/america") for p in (ROOT / "fortress" / d).rglob("*.py")]:
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[1:3] == ("rulesets", "america") and len(parts) > 4 and parts[3] in CLIENTS:
            continue
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def test_the_engine_has_no_import_cycle():
    """Module-level imports (type-only ones included) of the engine and Fortress America form no cycle; the
    facade may call its save and position helpers lazily, never the other way round."""
    modules = _rules_modules()
    graph = {m: {i for i in _imports(p, True) if i in modules and i != m} for m, p in modules.items()}
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        pytest.fail(f"import cycle: {' -> '.join(exc.args[1])}")


def test_the_steps_and_the_context_never_import_the_facade():
    for name, path in _rules_modules().items():
        if name.startswith("fortress.rulesets.america.phases") or name in ("fortress.engine.context", "fortress.engine.turn"):
            assert "fortress.engine.game" not in _imports(path, False), name
