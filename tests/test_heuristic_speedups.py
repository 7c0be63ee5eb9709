"""The heuristic's shortcuts choose as its plain reading would: the Maneuvers context it keeps
between decisions (and updates from its own move) against one made from scratch at every
decision, and its order-free picks against the legal actions sorted by notation."""
from __future__ import annotations

import random

import fortress
from fortress.rulesets.america import stacking
from fortress.rulesets.america.bots.common import best, by_area, enemy_value_by_area, first_kind, strength
from fortress.rulesets.america.bots.heuristic import HeuristicBot
from fortress.rulesets.america.actions import Declare, End, Move


def _check_context(game, bot: HeuristicBot) -> None:
    """The kept context reads the position as a new one would, and the same move comes out."""
    side, values = game.side, game.tables.values
    ctx = bot._moves
    assert ctx is not None
    assert ctx["units"] == by_area(game, side)
    assert ctx["load"] == stacking.loads(game.state, side)
    assert ctx["enemy"] == enemy_value_by_area(game, side)
    assert ctx["count"] == {a: sum(c.values()) for a, c in ctx["units"].items()}
    assert ctx["strength"] == {a: strength(c, values) for a, c in ctx["units"].items()}
    s = game.state
    assert ctx["key"] == (game.round, side, tuple(s.declared), tuple(s.control.values()))


def _play_checked(seed: int, **options) -> tuple[int, int]:
    """A heuristic game where every Maneuvers decision is checked against a bot with no
    kept context (same knobs, same choice and reason); (decisions checked, of them after the
    bot's own move)."""
    game = fortress.new_game(seed=seed, **options)
    bots = {s: HeuristicBot(seed=seed + i) for i, s in enumerate(game.rules.sides)}
    checked = followed = 0
    while not game.is_over:
        bot = bots[game.side]
        if game.phase == "maneuvers":
            kept = bot._moves
            after_own = kept is not None and kept.get("chose") is not None and game.history \
                and game.history[-1] is kept["chose"] and kept["game"] is game.history
            fresh = HeuristicBot(seed=seed)
            fresh_action = fresh.choose(game)
            action = bot.choose(game)
            assert action == fresh_action and bot.reason == fresh.reason, (seed, len(game.history))
            _check_context(game, bot)
            checked += 1
            followed += bool(after_own)
        else:
            action = bot.choose(game)
        game.apply(action)
    return checked, followed


def test_the_kept_maneuvers_context_equals_one_made_from_scratch():
    checked = followed = 0
    for seed, options in ((11, {}), (12, {"variants": {"invader-cards"}}), (13, {"players": 2})):
        c, f = _play_checked(seed, **options)
        checked, followed = checked + c, followed + f
    assert checked > 300 and followed > checked // 2  # most decisions follow the bot's own move


def test_best_picks_what_max_over_the_sorted_options_picks():
    game = fortress.new_game(seed=3)
    rng = random.Random(3)
    while game.phase != "maneuvers":
        game.apply(rng.choice(game.legal_actions()[:-1]))
    options = [a for a in game.legal_actions()[:-1] if isinstance(a, Move)]
    assert len(options) > 20
    for trial in range(50):
        scores = {a: rng.randrange(3) for a in options}  # many ties
        shuffled = rng.sample(options, len(options))
        expected = max(sorted(options, key=game.sort_key), key=scores.__getitem__)
        assert best(shuffled, scores.__getitem__, game.sort_key) is expected
    assert best([], len, game.sort_key) is None
    mixed = [options[0], End(), Declare("denver")]
    assert first_kind(mixed, game.sort_key) is Declare  # "declare" < "end" < "move" in notation order
    assert first_kind(mixed[:2], game.sort_key) is End
    assert first_kind(options, game.sort_key) is Move
