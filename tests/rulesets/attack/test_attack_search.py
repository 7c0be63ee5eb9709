"""ATTACK!'s search bot (issue 37): listed for the ruleset, legal, seeded, blind to what its
side cannot see, and able to play a game to the end."""
from __future__ import annotations

import random
from typing import Any

import pytest

import fortress
from fortress.ai import bot_names, make_bot
from fortress.rulesets.attack.search import AttackSearch


def in_year_one(seed: int = 11) -> Any:
    """A 2-player game played by the heuristic to the first decision of year 1 with more than
    one legal action past the year's first three such decisions."""
    g = fortress.new_game(ruleset="attack", players=2, seed=seed)
    bot, seen = make_bot("heuristic", seed=seed, ruleset="attack"), 0
    while not g.is_over:
        if g.state.round >= 1 and len(g.legal_actions()) > 2:
            seen += 1
            if seen > 3:
                return g
        g.apply(bot.choose(g))
    raise AssertionError("the game ended before year 1's decisions")


def test_the_search_is_attacks_own_and_listed() -> None:
    assert "search" in bot_names("attack")
    bot = make_bot("search", seed=3, ruleset="attack", playouts=4)
    assert isinstance(bot, AttackSearch) and bot.playouts == 4


def test_it_chooses_a_legal_action_and_says_how_many_play_outs_it_made() -> None:
    g = in_year_one()
    bot = make_bot("search", seed=1, ruleset="attack", playouts=6, candidates=3)
    action = bot.choose(g)
    assert g.explain(action) is None
    assert "6 play-outs of 3 candidates" in bot.reason


def test_the_same_seed_gives_the_same_choice_and_reason() -> None:
    g = in_year_one()
    a, b = (make_bot("search", seed=5, ruleset="attack", playouts=6) for _ in range(2))
    assert (str(a.choose(g)), a.reason) == (str(b.choose(g.copy())), b.reason)


def test_it_never_reads_what_its_side_cannot_see() -> None:
    """Two games that differ only in what the side to move cannot see (the other hand, the
    deck, the face-down markers it has not peeked, the future dice) get the same choice."""
    g = in_year_one()
    side, other = g.side, g.copy()
    s, rng = other.state, random.Random(9)
    hidden = [r for r in sorted(s.neutral) if side not in s.peeked.get(r, [])]
    markers = [s.neutral[r] for r in hidden]
    rng.shuffle(markers)
    s.neutral.update(zip(hidden, markers))
    others = [x for x in s.sides if x != side]
    unseen = [c for x in others for c in s.hands[x]] + s.deck
    rng.shuffle(unseen)
    for x in others:
        s.hands[x][:] = [unseen.pop() for _ in s.hands[x]]
    s.deck[:] = unseen
    s.rng ^= 0x5DEECE66D
    other.ctx.touch()
    assert other.state.to_dict() != g.state.to_dict()
    assert other.view(side).state.to_dict() == g.view(side).state.to_dict()
    a, b = (make_bot("search", seed=2, ruleset="attack", playouts=6) for _ in range(2))
    assert (str(a.choose(g)), a.reason) == (str(b.choose(other)), b.reason)


@pytest.mark.slow  # about 30 s
def test_it_plays_a_two_player_game_to_the_end_legally() -> None:
    g = fortress.new_game(ruleset="attack", players=2, seed=21)
    sides = g.state.sides
    bots = {sides[0]: make_bot("search", seed=1, ruleset="attack", playouts=2, candidates=2),
            sides[1]: make_bot("heuristic", seed=2, ruleset="attack")}
    while not g.is_over:
        action = bots[g.side].choose(g)
        assert g.explain(action) is None, (g.side, str(action))
        g.apply(action)
    assert g.is_over and g.state.result


def test_with_one_candidate_it_takes_the_heuristics_choice_without_play_outs() -> None:
    g = in_year_one()
    bot = make_bot("search", seed=4, ruleset="attack", candidates=1)
    action = bot.choose(g)
    assert g.explain(action) is None and "no play-outs" in bot.reason
