"""The typed, plain-data state: JSON round trips at any point (mid-battle included), the
read-only battle view, and saves of version 1 that still load."""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

import fortress
from fortress.engine import save
from fortress.engine.game import Game
from fortress.rulesets.america.state import BattleState, BattleView, Stage, State, Status, Task, TaskKind
from fortress.rulesets.america.tables import default

DATA = Path(__file__).parent / "data"
#: saves written by the code before the typed state (version 1 at e3f48fe, version 2 at f006846),
#: stopped where the state's layout changed
STATE_SAVES = ["save_v1_mid_battle.json", "save_v1_assemble.json", "save_v1_card_task.json", "save_v1_reinforce.json",
               "save_v2_mid_battle.json", "save_v2_card_task.json"]


def play_until(seed: int, stop) -> Game:
    """A seeded random game played until ``stop(game)`` holds."""
    game = fortress.new_game(seed=seed, players=4, setup="balanced")
    rng = random.Random(seed)
    while not stop(game):
        assert not game.is_over, "the game ended before the point looked for"
        game.apply(rng.choice(game.legal_actions()[:-1]))
    return game


def through_json(state: State) -> State:
    return State.from_dict(json.loads(json.dumps(state.to_dict())), default())


def mid_battle(g: Game) -> bool:
    return g.state.battle is not None and g.state.battle.decider is not None and bool(g.state.battle.rolls)


@pytest.mark.parametrize("stop", [
    mid_battle,
    lambda g: g.state.battle is not None and g.state.battle.stage == Stage.ASSEMBLE,
    lambda g: any(t.kind == TaskKind.PLACE for t in g.state.tasks),
    lambda g: any(u.status == Status.BOMBING for u in g.state.units.values()),
], ids=["decision", "assemble", "card-task", "bombing"])
def test_a_game_rebuilt_from_json_plays_on_identically(stop):
    """Not only equal: a game on the state read back from JSON offers the same actions and
    rolls the same dice to the end."""
    game = play_until(7, stop)
    state = through_json(game.state)
    assert state == game.state
    again = Game(state, game.board)
    rng = random.Random(1)
    while not game.is_over:
        legal = game.legal_actions()
        assert again.legal_actions() == legal and again.side == game.side
        action = rng.choice(legal[:-1])
        game.apply(action)
        again.apply(action)
    assert again.state.to_dict() == game.state.to_dict() and again.winner == game.winner


def test_mid_battle_state_is_json_and_keeps_the_battle():
    game = play_until(7, mid_battle)
    data = game.state.to_dict()
    text = json.dumps(data)
    b = json.loads(text)["battle"]
    assert b["stage"] == "fight" and b["decider"] in ("us", "west", "south", "east")
    assert b["battle"]["pending"] and b["rolls"]
    back = State.from_dict(json.loads(text), game.tables)
    assert back.battle == game.state.battle and back.battle.battle is not game.state.battle.battle
    assert back.battle.battle.decision() == game.state.battle.battle.decision()


def test_copy_and_to_dict_share_nothing_with_the_state():
    game = play_until(7, mid_battle)
    state = game.state
    before = state.to_dict()
    copied, data = state.copy(), state.to_dict()
    for other in (copied, State.from_dict(data, game.tables)):
        other.battle.battle.attackers.clear()
        other.battle.rolls.clear()
        next(iter(other.units.values())).area = "nowhere"
        other.reserves["us"]["infantry"] = -1
    data["battle"]["rolls"].clear()
    data["units"][0]["area"] = "nowhere"
    assert state.to_dict() == before


@pytest.mark.parametrize("variants", [set(), {"invader-cards"}])
def test_a_copy_shares_no_container_even_an_empty_one(variants):
    """Every dict and list of a copied state is its own, empty ones too (a later deal or
    append into a shared empty container would reach the original)."""
    state = fortress.new_game(seed=1, variants=variants).state
    copied = state.copy()
    for f in dataclasses.fields(State):
        value = getattr(state, f.name)
        if isinstance(value, (dict, list)):
            assert getattr(copied, f.name) is not value, f.name


def test_battle_view_is_read_only_and_matches_the_battle():
    game = play_until(7, mid_battle)
    view = game.battle
    b = game.state.battle
    assert isinstance(view, BattleView)
    assert (view.area, view.attacker, view.defender, view.stage, view.decider) == \
        (b.area, game.state.turn, b.defender, Stage.FIGHT, game.side)
    assert dict(view.attackers) == b.battle.attackers and view.decision == b.battle.decision()
    assert view.rolls == tuple(b.rolls)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.stage = Stage.ASSEMBLE
    with pytest.raises(TypeError):
        view.attackers[("infantry", "x")] = 1
    view.battle.attackers.clear()  # a copy: the game's battle is untouched
    assert b.battle.attackers and game.battle.attackers


def test_battle_view_while_assembling_counts_the_units_sent():
    game = play_until(7, lambda g: g.state.battle is not None and g.state.battle.stage == Stage.ASSEMBLE
                      and any(u.committed for u in g.state.units.values() if u.area != g.state.battle.area))
    view = game.battle
    sent = [u for u in game.state.units.values() if u.committed == view.area]
    assert sum(view.attackers.values()) == len(sent) and view.battle is None and view.decision is None
    assert view.units("defender") and sum(view.units("defender").values()) == len(game.enemies_in(view.area, view.attacker))
    assert game.battle is not view  # a fresh picture each time


def test_no_battle_no_view():
    game = fortress.new_game(seed=1)
    assert game.battle is None and game.state.to_dict()["battle"] is None


def test_tasks_are_typed():
    game = play_until(7, lambda g: any(t.kind == TaskKind.PLACE for t in g.state.tasks))
    task = next(t for t in game.state.tasks if t.kind == TaskKind.PLACE)
    assert isinstance(task, Task) and task.card and task.unit and task.places
    with pytest.raises(dataclasses.FrozenInstanceError):
        task.left = 3


@pytest.mark.parametrize("name", STATE_SAVES)
def test_saves_before_the_typed_state_still_load(name):
    """Saves written by the code before the typed state (format versions 1 and 2, digest of the
    old state layout) load, replay, and save again as the current version."""
    text = (DATA / name).read_text()
    assert json.loads(text)["version"] < save.VERSION
    game = fortress.Game.from_json(text)
    assert len(game.history) == len(json.loads(text)["actions"])
    again = fortress.Game.from_json(game.to_json())
    assert json.loads(game.to_json())["version"] == save.VERSION
    assert again.state == game.state


def test_a_version_1_save_with_a_wrong_digest_is_refused():
    data = json.loads((DATA / "save_v1_mid_battle.json").read_text())
    data["snapshot"]["digest"] = "0" * 64
    with pytest.raises(save.SaveError):
        fortress.Game.from_json(json.dumps(data))


def test_state_fields_are_all_converted():
    """to_dict covers every field of the state (a new field must be added to its tables)."""
    game = play_until(7, mid_battle)
    names = {f.name for f in dataclasses.fields(State)}
    cards = {"invader_decks", "invader_hands", "invader_played", "footholds"}  # the Invader Card variant's:
    assert set(game.state.to_dict()) == names - cards  # left out while empty (plain games keep their digests)
    game.state.footholds = {"seattle": "west"}
    assert set(game.state.to_dict()) == names
    assert type(game.state.battle) is BattleState
