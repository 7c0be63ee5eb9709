"""The dashboard's bot seats (``fortress.rulesets.america.dashboard.bots``) take the game's ruleset: an ATTACK! Deluxe
game seats ATTACK!'s own bots and offers the bots ``bot_names`` gives for it; Fortress
America's seats are unchanged."""
from __future__ import annotations

import fortress
from fortress.ai import bot_names
from fortress.rulesets.america.bots import BOT_NAMES
from fortress.rulesets.america.bots.heuristic import HeuristicBot
from fortress.rulesets.attack.heuristic import AttackHeuristic
from fortress.ui import build_app
from fortress.rulesets.america.dashboard.bots import HUMAN, BotSeats, bot_choices


def test_an_attack_game_seats_attacks_own_heuristic_and_plays_its_turns() -> None:
    g = fortress.new_game(seed=5, ruleset="attack", players=4)
    seats = BotSeats()
    problems = seats.configure({"red": "heuristic", "blue": "random", "green": "random"}, seed=5, ruleset=g.rules)
    assert problems == []
    assert isinstance(seats.bots["red"], AttackHeuristic)
    assert seats.name("yellow") == HUMAN and not seats.is_bot("yellow") and seats.is_bot("blue")
    red = 0
    while red < 3:  # the human's (yellow's) turns played here with its first legal action
        side = g.side
        action, reason = seats.choose(side, g) if seats.is_bot(side) else (g.legal_actions()[0], "by hand")
        assert g.explain(action) is None and reason
        g.apply(action)
        red += side == "red"


def test_a_ruleset_given_by_name_seats_the_same_bots() -> None:
    seats = BotSeats()
    assert seats.configure({"red": "heuristic"}, seed=1, ruleset="attack") == []
    assert isinstance(seats.bots["red"], AttackHeuristic)


def test_fortress_america_keeps_its_own_heuristic_with_or_without_the_ruleset() -> None:
    g = fortress.new_game(seed=5)
    for ruleset in (None, g.rules):
        seats = BotSeats()
        assert seats.configure({"west": "heuristic"}, seed=5, ruleset=ruleset) == []
        assert isinstance(seats.bots["west"], HeuristicBot)
        assert set(seats.seats) == {"us", "west", "south", "east"}


def test_the_choices_are_the_rulesets_bot_names() -> None:
    assert bot_choices("attack") == list(bot_names("attack")) == ["heuristic", "search", "random"]
    assert bot_choices() == list(BOT_NAMES)


def test_the_dashboard_passes_the_games_ruleset_to_its_seats(tmp_path, monkeypatch) -> None:
    """A new game's seats are configured with ``game.rules`` (the one call the page makes)."""
    seen = []
    configure = BotSeats.configure

    def spy(self: BotSeats, seats: dict[str, str], seed: int, ruleset: object = None) -> list[str]:
        seen.append(ruleset)
        return configure(self, seats, seed, ruleset)

    monkeypatch.setattr(BotSeats, "configure", spy)
    app = build_app(display_it=False, save_dir=tmp_path)
    g = fortress.new_game(seed=3)
    app.start(g, {"west": "heuristic"})
    assert seen == [g.rules] and isinstance(app.bots.bots["west"], HeuristicBot)
