"""Issue 18, "a map you can read from the back of the room": the banner (whose turn, which
step, who acts now; the hot-seat hand-over), the busy line while a bot thinks."""
from __future__ import annotations

import re

import fortress
from fortress.ai import make_bot
from fortress.ui import banner as B
from tests.test_ui_helpers import new_app, press

BOTS = {"west": "random", "south": "random", "east": "random"}


def words(app) -> str:
    return re.sub(r"<[^>]+>", "", app.banner.widget.value).replace("&#x27;", "'").replace("&middot;", "·")


def play_until(game, stop, limit: int = 3000):
    bot = make_bot("random", seed=3)
    for _ in range(limit):
        if stop(game):
            return game
        game.apply(bot.choose(game))
    raise AssertionError("never reached")


# -- 1. the banner ---------------------------------------------------------------------------
def test_the_banner_says_whose_turn_which_step_and_who_acts(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    assert words(app).startswith("WEST'S TURN · Declare battles · West declares battles"), words(app)
    press(app, "fortress-play")
    assert words(app).startswith("U.S.'S TURN · Reinforcements · the U.S. places reinforcements"), words(app)


def test_the_banner_names_the_decider_of_a_battle_choice():
    """Mid-battle the decider is not the side whose turn it is: the banner says both."""
    game = play_until(fortress.new_game(4), lambda g: g.battle is not None and g.battle.decision is not None
                      and g.side != g.state.turn)
    text = B.banner_text(game)
    turn, decider = fortress.rules.units.SIDE_NAMES[game.state.turn], B.the(game.side)
    assert text.startswith(f"{turn.upper()}'S TURN · Combat · {decider} chooses "), text
    assert B.CHOOSING[game.battle.decision.kind] in text


def test_game_over_banner_names_the_winner(tmp_path):
    app = new_app(tmp_path)
    app.act(fortress.rules.actions.Surrender())
    assert words(app).startswith("GAME OVER · The U.S. won."), words(app)


def test_hot_seat_asks_to_pass_the_laptop_between_human_players(tmp_path):
    app = new_app(tmp_path, seats={"south": "random", "east": "random"})  # U.S. and West human
    assert "Pass the laptop to West" in words(app)  # the first human player is named too
    press(app, "fortress-end")  # West ends Declare...
    assert app.game.side == "west" and "Pass the laptop" not in words(app)  # ...and keeps the laptop
    while app.bots.is_bot(app.game.side) or app.game.side == "west":
        if app.bots.is_bot(app.game.side):
            press(app, "fortress-play")
        else:
            press(app, "fortress-end")
    assert app.game.side == "us" and "Pass the laptop to the U.S." in words(app)


def test_no_hand_over_prompt_with_one_human_player(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    press(app, "fortress-play")
    assert app.game.side == "us" and "Pass the laptop" not in words(app)


# -- 2. the busy line --------------------------------------------------------------------------
def test_busy_line_is_shown_while_the_bot_thinks_and_cleared_after(tmp_path):
    app = new_app(tmp_path, seats=BOTS)
    seen: list[str] = []
    real = app.bots.choose

    def choose(side, game):
        seen.append(app.banner.busy.value)  # what the browser shows while the bot thinks
        return real(side, game)
    app.bots.choose = choose  # type: ignore[method-assign]
    press(app, "fortress-step")
    assert seen and "West (random bot) is thinking" in seen[0], seen
    assert app.banner.busy.value == ""
    seen.clear()
    press(app, "fortress-play")  # "Play to my turn": shown for every bot move, cleared at the end
    assert len(seen) > 5 and all("is thinking" in s for s in seen)
    assert {"West", "South", "East"} <= {s for v in seen for s in ("West", "South", "East") if s in v}
    assert app.banner.busy.value == ""


def test_busy_line_is_cleared_when_a_bot_fails(tmp_path):
    app = new_app(tmp_path, seats=BOTS)

    def broken(side, game):
        raise RuntimeError("boom")
    app.bots.choose = broken  # type: ignore[method-assign]
    try:
        app.play_to_human()
    except RuntimeError:
        pass
    assert app.banner.busy.value == ""
