"""A click carries the ply of the board it was made on (issue 40, item 3), widget level: the
browser's stamp (``fortress_ply`` in a click event's content, added by the template's script)
is checked before anything is played; a click made before the game moved on is refused and
said so. The browser race is tests/e2e/test_stale_click.py."""
from __future__ import annotations

import fortress
from fortress.ui import build_app
from fortress.rulesets.america.dashboard.app import App
from tests.test_ui_helpers import buttons


def local_page(tmp_path) -> App:
    app = build_app(display_it=False, save_dir=tmp_path / "autosave")
    assert isinstance(app, App)
    app.start(fortress.new_game(5, players=2, setup="balanced"), {"us": "human", "west": "human", "south": "human",
                                                                 "east": "human"})
    return app


def click(widget, ply: int | None) -> None:
    """The browser's click event as it reaches the kernel (with the page's stamp, if any)."""
    content = {"event": "click"} | ({} if ply is None else {"fortress_ply": ply})
    widget._handle_custom_msg(content, [])


def test_a_click_made_before_the_game_moved_on_is_not_played(tmp_path):
    app = local_page(tmp_path)
    drawn = len(app.game.history)
    assert app.seen.value == f"<span data-ply='{drawn}'></span>"  # what the page's script stamps clicks with
    app.game.apply(app.game.parse("declare Seattle"))  # a move lands (another seat, a bot) ...
    end = buttons(app, "fortress-end")[0]
    click(end, drawn)  # ... after the player clicked End on the board drawn before it
    assert len(app.game.history) == drawn + 1  # End was not played on the new position
    assert "not played: the game moved on before it arrived" in app.message.value
    assert app.seen.value == f"<span data-ply='{drawn + 1}'></span>"  # redrawn: the next click is current
    click(buttons(app, "fortress-end")[0], drawn + 1)
    assert len(app.game.history) == drawn + 2 and "not played" not in app.message.value


def test_clicks_without_a_stamp_are_played_as_before(tmp_path):
    app = local_page(tmp_path)
    drawn = len(app.game.history)
    click(buttons(app, "fortress-end")[0], None)  # a notebook: no script stamps the click
    assert len(app.game.history) == drawn + 1
