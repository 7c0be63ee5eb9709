"""The dashboard's Invader-card hand (Invader Card variant): a human Invader holds, reads and
plays its cards; nobody else's hand is on screen (no browser: widget clicks)."""
from __future__ import annotations

import fortress
from fortress.ui import build_app
from fortress.rulesets.america.dashboard.panels.base import walk
from tests.test_ui_helpers import buttons, find, press

VARIANTS = {"invader-cards"}


def app_with(tmp_path, desc: dict, seats=None, variants=VARIANTS):
    app = build_app(display_it=False, save_dir=tmp_path)
    app.start(fortress.Game.from_position({"round": 3, **desc}, variants=variants), seats or {})
    return app


def hand_text(app) -> str:
    return " ".join(w.value for w in walk(app.hand_box) if isinstance(getattr(w, "value", None), str))


def test_a_human_invader_reads_and_plays_a_card(tmp_path):
    app = app_with(tmp_path, {"turn": "west", "phase": "reinforcements", "hands": {"west": ["island-airlift"]}})
    text = hand_text(app)
    assert "Island Airlift" in text and "play in Reinforcements" in text
    assert "South 0" in text and "East 0" in text  # the others' hands: sizes only
    left = app.game.state.tasks[0].left
    press(app, "fortress-play-card")
    assert "island-airlift" in app.game.state.invader_played and app.game.state.tasks[0].left == left + 3
    assert "Island Airlift" not in hand_text(app)


def test_a_strike_is_played_on_the_target_picked(tmp_path):
    app = app_with(tmp_path, {"turn": "west", "phase": "declare", "hands": {"west": ["naval-gunfire"]},
                              "units": {"Seattle": "us: 2 infantry", "Portland": "us: 1 partisan"}})
    (pick,) = [w for w in find(app.hand_box, "fortress-card-target")]
    labels = [label for label, _ in pick.options]
    assert "infantry in Seattle" in labels
    pick.value = labels.index("infantry in Seattle")
    press(app, "fortress-play-card")
    assert app.game.units_in(app.game.board.find("Seattle"))[("us", "infantry")] == 1


def test_no_hand_on_screen_for_the_us_a_bot_or_without_the_variant(tmp_path):
    us = app_with(tmp_path, {"turn": "us", "phase": "declare", "hands": {"west": ["naval-gunfire"]},
                             "control": {"west": ["Great Basin"]}})
    assert us.game.side == "us" and not us.hand_box.children
    bot = app_with(tmp_path, {"turn": "west", "phase": "declare", "hands": {"west": ["naval-gunfire"]}},
                   seats={"west": "heuristic"})
    assert not bot.hand_box.children
    plain = app_with(tmp_path, {"turn": "west", "phase": "declare"}, variants=())
    assert not plain.hand_box.children and not buttons(plain, "fortress-play-card")
