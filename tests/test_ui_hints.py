"""The Hint button (issue 18): a bot's move and reason, with the odds it relied on."""
from __future__ import annotations

import fortress
from fortress.ai import make_bot
from fortress.rulesets.america.dashboard.follow import fight_of
from fortress.rulesets.america.dashboard.hints import battle_area, hint, hint_bot, odds_sentence
from fortress.rulesets.america.dashboard.workbench import battle_odds
from tests.test_ui_helpers import new_app, press


def to_battle(seed: int = 3):
    """A heuristic game at its first battle being assembled (some units sent)."""
    game, bot = fortress.new_game(seed, setup="balanced"), make_bot("heuristic")
    while not (game.battle is not None and sum(game.battle.attackers.values()) and not game.battle.rolls):
        game.apply(bot.choose(game))
    return game


def test_a_hint_changes_nothing_and_is_the_bots_legal_move():
    game = to_battle()
    before, history = game.state.to_dict(), list(game.history)
    h = hint(game)
    assert game.state.to_dict() == before and game.history == history
    assert game.explain(h.action) is None
    bot = make_bot("heuristic")
    assert h.action == bot.choose(game.copy()) and h.why and h.why in bot.reason


def test_a_battle_hint_gives_the_odds_with_everything_and_with_what_was_sent():
    game = to_battle()
    area = game.battle.area
    h = hint(game)
    assert battle_area(game, h.action) == area
    _forces, every = battle_odds(game, area)
    sent = fight_of(game, game.battle)
    assert f"{every.p_cleared:.0%} to clear {game.board[area].name} with every unit that can join" in h.text
    assert f"{sent.odds:.0%} with the {sent.units} units sent so far" in h.text
    assert h.text.startswith(f"The heuristic bot would play {game.notation(h.action)}: ")


def test_an_empty_territory_is_taken_without_dice_and_a_move_without_battle_has_no_odds():
    game = fortress.new_game(3, setup="balanced")  # West declares first: an undefended coast
    h = hint(game)
    assert isinstance(h.action, fortress.actions.Declare) and not game.defence_forces(h.action.area)
    assert h.odds == f"No enemy unit stands in {game.board[h.action.area].name}: it is taken without dice."
    bot = make_bot("heuristic")
    while game.phase != "invasion":
        game.apply(bot.choose(game))
    h = hint(game)
    assert battle_area(game, h.action) is None and h.odds == "" and "%" not in h.text


def test_the_seats_bot_answers():
    assert hint_bot("search") == "search"
    assert hint_bot("human") == hint_bot("random") == hint_bot("heuristic") == "heuristic"


def test_the_hint_button_says_it_in_the_message_area(tmp_path):
    app = new_app(tmp_path, seed=3)
    history = list(app.game.history)
    press(app, "fortress-hint")
    assert "The heuristic bot would play declare" in app.message.value and "ft-info" in app.message.value
    assert app.game.history == history


def test_the_busy_line_shows_while_the_hint_bot_thinks(tmp_path, monkeypatch):
    from fortress.rulesets.america.dashboard import hints
    app = new_app(tmp_path, seed=3)
    seen: list[str] = []
    real = hints.hint

    def watched(game, bot="heuristic", seed=0):
        seen.append(app.banner.busy.value)  # what the browser shows while the bot chooses
        return real(game, bot, seed)
    monkeypatch.setattr(hints, "hint", watched)
    press(app, "fortress-hint")
    assert seen and "Hint: the heuristic bot is thinking" in seen[0], seen
    assert app.banner.busy.value == "" and "would play" in app.message.value

    def broken(game, bot="heuristic", seed=0):
        raise RuntimeError("boom")
    monkeypatch.setattr(hints, "hint", broken)
    try:
        press(app, "fortress-hint")
    except RuntimeError:
        pass
    assert app.banner.busy.value == "", "cleared when the bot fails"


def test_the_hint_and_the_odds_workbench_give_the_same_odds_with_the_units_that_can_reach(tmp_path):
    """One computation (issue 35, item 8: the Hint said 62% where the workbench said 99.9%,
    counting 7 helicopters of which only 3 can reach)."""
    from tests.test_ui_workbench import crowded_denver
    game = crowded_denver()
    _forces, every = battle_odds(game, "denver")
    sentence = odds_sentence(game, "denver")
    assert f"Odds: {every.p_cleared:.0%} to clear Denver" in sentence and "2 infantry, 3 helicopter" in sentence
    app = new_app(tmp_path)
    app.game = game
    app.refresh()
    app.odds.pick.value = "denver"
    assert app.odds.attackers.value == "2 infantry, 3 helicopter"
    app.odds.show()
    assert f"Cleared: {every.p_cleared:.1%}" in app.odds.out.value


def test_no_unit_able_to_reach_gives_no_odds_in_the_hint():
    game = fortress.Game.from_position({"turn": "us", "phase": "maneuvers", "round": 2, "declared": ["Denver"],
                                        "control": {"west": ["Denver"]},
                                        "units": {"Denver": "west: 1 infantry", "Seattle": "us: 1 helicopter"}})
    assert game.phase == "maneuvers" and game.side == "us"
    assert odds_sentence(game, "denver") == "No unit can reach Denver this turn: no battle, so no odds."
