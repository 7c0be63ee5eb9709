"""Bad input never corrupts a game or hangs (issue 20): the committed corpus in
``tests/data/fuzz/`` (the shapes of items 1-4 and mutants of real saves, written by
``benchmarks/fuzz.py --write-corpus``) and hypothesis over saves, positions, action
strings and action objects. The checks themselves are in ``tests/fuzzing.py``."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fortress
from fortress.rulesets.america import actions as A
from fortress.engine.save import SaveError
from tests import fuzzing as F

FUZZ = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(autouse=True, scope="module")
def _schema_loaded():
    """Import the schema checker once before the timed checks: its first import takes about
    1 s (more on a loaded machine), paid once per process, and is not the input's cost."""
    from fortress.engine import schema
    schema.problem({})
    schema.problem({}, "position")


def _assert_ok(outcome: F.Outcome, expect: str | None = None) -> None:
    assert outcome.ok, (outcome.kind, outcome.detail, f"{outcome.seconds:.2f} s", f"{outcome.peak / 2**20:.0f} MB")
    if expect:
        assert outcome.kind == expect, outcome


# -- the committed corpus, each with its time and memory traced -------------------------------------
@pytest.mark.parametrize("entry", F.corpus("saves"), ids=lambda e: e["name"])
def test_corpus_saves(entry):
    text = bytes.fromhex(entry["hex"]) if "hex" in entry else entry["text"]
    _assert_ok(F.measured(F.try_save, text, memory=True), entry.get("expect"))


@pytest.mark.parametrize("entry", F.corpus("positions"), ids=lambda e: e["name"])
def test_corpus_positions(entry):
    outcome = F.measured(F.try_position, entry["position"], entry.get("seed", 0), entry.get("players", 4), memory=True)
    _assert_ok(outcome, entry.get("expect"))


def test_corpus_actions():
    games = {name: fortress.Game.from_json(text) for name, text in F.action_games().items()}
    for entry in F.corpus("actions") + F.corpus("objects"):
        action = entry["text"] if "text" in entry else F.object_from(entry)
        outcome = F.measured(F.try_action, games[entry["game"]], action)
        _assert_ok(outcome, entry.get("expect"))
        if outcome.kind == "works":
            games[entry["game"]] = fortress.Game.from_json(F.action_games()[entry["game"]])


def test_the_issue_shapes_are_refused_quickly_and_in_few_words():
    """Item 1 in milliseconds, not 9 s and 1.7 GB; a 50 MB file's message does not embed it."""
    item1 = next(e["text"] for e in F.corpus("saves") if e["name"].startswith("item 1"))
    outcome = F.measured(F.try_save, item1, memory=True)
    assert outcome.kind == "refused" and outcome.seconds < 0.1 and outcome.peak < 5 * 2**20, outcome
    huge = '{"format": "fortress-save", "x": "' + "x" * 50 * 2**20 + '"}'
    with pytest.raises(SaveError) as info:
        fortress.Game.from_json(huge)
    assert len(str(info.value)) < 200


def test_from_position_of_nothing_saves_and_reloads():
    game = fortress.Game.from_position({})
    again = fortress.Game.from_json(game.to_json())
    assert again.state.to_dict() == game.state.to_dict()


def test_the_issue_action_objects_leave_the_game_unchanged():
    """Item 3: count=1.0 and count=True equal 1 in Python; unknown ids are not a KeyError."""
    game = fortress.Game.from_json(F.action_games()["maneuvers"])
    move = next(a for a in game.legal_actions() if isinstance(a, A.Move))
    for bad in (replace(move, count=1.0), replace(move, count=True), replace(move, src="atlantis"),
                A.Place("infantry", "atlantis"), replace(move, passenger=3)):
        outcome = F.try_action(game, bad)
        assert outcome.kind == "refused", (bad, outcome)
    assert F.try_action(game, move).kind == "works"


def test_an_apply_that_fails_half_way_is_undone(monkeypatch):
    """Whatever goes wrong inside the step (here: the log, after the unit has moved), the
    game is as it was and the error is an IllegalAction."""
    from fortress.engine.context import Context

    game = fortress.Game.from_json(F.action_games()["maneuvers"])
    move = next(a for a in game.legal_actions() if isinstance(a, A.Move))
    real = Context.emit

    def fail_on_a_move(ctx, kind, *args, **kw):
        if kind == "move":
            raise RuntimeError("boom")
        return real(ctx, kind, *args, **kw)

    monkeypatch.setattr(Context, "emit", fail_on_a_move)
    before = F.fingerprint(game)
    with pytest.raises(fortress.IllegalAction, match="could not be carried out"):
        game.apply(move)
    assert F.fingerprint(game) == before
    monkeypatch.setattr(Context, "emit", real)
    game.apply(move)
    assert fortress.Game.from_json(game.to_json()).history == game.history



def test_a_sealed_order_that_fails_half_way_keeps_the_orders_already_in():
    """America in Flames' first pre-set-up step is sealed: with two orders in, a third that fails
    inside the step leaves the game as it was (both orders still awaited as given), and the
    step then completes as it would have."""
    from fortress.ai import make_bot

    game = fortress.new_game(seed=5, ruleset="aif", players=6)
    bots = {s: make_bot("random", seed=i, ruleset=game.rules) for i, s in enumerate(game.rules.sides)}
    for _ in range(2):
        game.apply(bots[game.side].choose(game), game.side)
    step, side = game.ctx.turn.by_name[game.state.phase], game.side
    assert step.sealed
    order, real = bots[side].choose(game), step.apply

    def fail_once(ctx, action, fired=[]):
        real(ctx, action)
        if not fired:
            fired.append(action)
            raise RuntimeError("boom")

    before = (game.to_json(), game.side, list(game.history))
    object.__setattr__(step, "apply", fail_once)  # a Step is frozen: patched for this one call
    try:
        with pytest.raises(fortress.IllegalAction, match="could not be carried out"):
            game.apply(order, side)
    finally:
        object.__setattr__(step, "apply", real)
    assert (game.to_json(), game.side, list(game.history)) == before
    game.apply(order, side)
    again = fortress.Game.from_json(game.to_json())
    assert again.history == game.history and again.state.to_dict() == game.state.to_dict()

# -- hypothesis: fresh mutants each run (derandomized, so CI sees the same ones) ----------------------
@FUZZ
@given(st.sampled_from(sorted(F.real_saves())), st.randoms(use_true_random=False), st.integers(1, 3))
def test_save_mutants(name, rng, rounds):
    text = F.real_saves()[name]
    for _ in range(rounds):
        text = F.mutate_save(text, rng)
    _assert_ok(F.measured(F.try_save, text))


@FUZZ
@given(st.sampled_from(sorted(F.POSITIONS)), st.randoms(use_true_random=False), st.integers(1, 3))
def test_position_mutants(name, rng, rounds):
    desc = F.POSITIONS[name]
    for _ in range(rounds):
        desc = F.mutate_position(desc, rng)
    _assert_ok(F.measured(F.try_position, desc))


@FUZZ
@given(st.sampled_from(["setup", "declare", "maneuvers", "later", "combat", "us-lasers"]),
       st.randoms(use_true_random=False), st.booleans())
def test_action_mutants(name, rng, as_object):
    game = fortress.Game.from_json(F.action_games()[name])
    for _ in range(5):
        if game.is_over:  # a mutant may have been a surrender
            break
        action = rng.choice(game.legal_actions())
        action = F.mutate_action(action, rng) if as_object else F.mutate_action_text(str(action), rng)
        outcome = F.measured(F.try_action, game, action)
        _assert_ok(outcome)


@pytest.mark.slow
@FUZZ
@given(st.text(max_size=300))
def test_any_text_is_an_action_or_refused(text):
    game = fortress.Game.from_json(F.action_games()["maneuvers"])
    _assert_ok(F.try_action(game, text))


@FUZZ
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                    max_leaves=20))
def test_any_json_is_a_save_or_refused(value):
    base = json.loads(F.real_saves()["early"])
    for text in (json.dumps(value), json.dumps({**base, "position": value}), json.dumps({**base, "snapshot": value})):
        _assert_ok(F.measured(F.try_save, text))


def test_the_corpus_is_there():
    kinds = {kind: len(F.corpus(kind)) for kind in ("saves", "positions", "actions", "objects")}
    assert all(n >= 20 for n in kinds.values()), kinds


@pytest.mark.parametrize("actions", [["end"] * 3, ["end", 5], ["x" * 201], ["end"] * 100_001, 5, None, [["end"]]])
def test_the_quick_check_of_actions_says_what_the_schema_says(actions):
    from fortress.engine.schema import problem, save_problem

    data = {**json.loads(F.real_saves()["early"]), "actions": actions}
    assert save_problem(data) == problem(data)


#: for each kind of field, values never legal in it (another kind's value, a wrong type)
WRONG = {"unit": ["seattle", "US", 1], "passenger": ["seattle", "US", 1], "area": ["infantry", "US", None],
         "src": ["infantry", "US", None], "dst": ["infantry", "US", 2], "side": ["seattle", "infantry", None],
         "count": [1.0, True, "1", None]}


@pytest.mark.parametrize("name", ["setup", "declare", "maneuvers", "later", "combat", "us-lasers"])
def test_every_field_of_every_legal_action_given_a_wrong_value_is_refused(name):
    """Each field of a legal action set to a value it never takes (an area for a unit, a
    unit for an area, 1.0 or True for a count): refused, the game unchanged (no KeyError)."""
    game = fortress.Game.from_json(F.action_games()[name])
    for action in game.legal_actions()[:60]:
        for field, values in WRONG.items():
            for value in values if hasattr(action, field) else ():
                outcome = F.try_action(game, replace(action, **{field: value}))
                assert outcome.kind == "refused", (action, field, value, outcome)
