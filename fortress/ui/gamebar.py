"""Around the game: new game (players, seats, seed, setup), resume, save and load."""
from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING

import ipywidgets as W

import fortress
from fortress.rules.save import SaveError
from fortress.rules.state import RULES
from fortress.ui import theme as T
from fortress.ui.bots import HUMAN, bot_choices
from fortress.rules.units import INVADERS, SIDES

if TYPE_CHECKING:
    from fortress.ui.app import App

#: largest save file the dashboard loads (a long game's save is ~0.1 MB); the server's
#: websocket message limit (fortress.ui.voila_app) and the page's own check derive from it
MAX_SAVE_BYTES = 2_000_000

SETUPS = [("balanced preset", "balanced"), ("coastal preset", "coastal"), ("random", "random"),
          ("place by hand", None)]


class GameControls:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.players = W.Dropdown(options=[2, 3, 4], value=4, description="players", layout=W.Layout(width="160px"))
        self.players.add_class("fortress-players")
        self.players.observe(lambda _c: self._draw_seats(), "value")
        self.seed = W.IntText(value=1, description="seed", layout=W.Layout(width="160px"))
        self.seed.add_class("fortress-seed")
        self.setup = W.Dropdown(options=SETUPS, value="balanced", description="setup", layout=W.Layout(width="220px"))
        self.setup.add_class("fortress-setup-choice")
        self.seat_box = W.VBox()
        self.seat_pickers: list[W.Dropdown] = []
        self.start_button = W.Button(description="Start new game", button_style="success", layout=W.Layout(width="auto"))
        self.start_button.add_class("fortress-new-game")
        self.start_button.on_click(lambda _b: self.new_game())
        self.resume_button = W.Button(description="Resume last game", layout=W.Layout(width="auto"))
        self.resume_button.add_class("fortress-resume")
        self.resume_button.on_click(lambda _b: self.resume())
        self.resume_note = W.HTML("")
        self.save_button = W.Button(description="Save (download)", layout=W.Layout(width="auto"))
        self.save_button.add_class("fortress-save")
        self.save_button.on_click(lambda _b: self.save())
        self.download = W.HTML("")
        self.download.add_class("fortress-download")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load a save")
        self.upload.add_class("fortress-upload")
        self.upload.observe(self._on_upload, "value")
        self._draw_seats()
        self._show_resume()
        self.box = W.VBox([
            W.HTML("<b>New game</b>"), W.HBox([self.players, self.seed, self.setup], layout=W.Layout(flex_flow="row wrap")),
            self.seat_box, self.start_button,
            W.HTML("<b>Resume, save, load</b>"), W.HBox([self.resume_button, self.resume_note]),
            W.HBox([self.save_button, self.download]), self.upload])
        self.box.add_class("fortress-game-controls")

    # -- seats ------------------------------------------------------------------------------------
    def _draw_seats(self) -> None:
        seats = RULES["players"][str(self.players.value)]
        options = [("human", HUMAN)] + [(f"{b} bot", b) for b in bot_choices()]
        self.seat_pickers = []
        for seat in seats:
            default = HUMAN if "us" in seat else "random"
            pick = W.Dropdown(options=options, value=default, layout=W.Layout(width="150px"))
            pick.add_class("fortress-seat")
            pick.add_class("fortress-seat-" + "-".join(seat))
            self.seat_pickers.append(pick)
        self.seat_box.children = [W.HBox([W.HTML(" + ".join(T.side_chip(s) for s in seat),
                                                  layout=W.Layout(width="180px")), p])
                                  for seat, p in zip(seats, self.seat_pickers)]

    def seats(self) -> dict[str, str]:
        out = {}
        for seat, pick in zip(RULES["players"][str(self.players.value)], self.seat_pickers):
            for side in seat:
                out[side] = pick.value
        return out

    # -- actions ----------------------------------------------------------------------------------
    def new_game(self) -> None:
        try:
            game = fortress.new_game(int(self.seed.value), players=int(self.players.value), setup=self.setup.value)
        except (ValueError, fortress.IllegalAction) as exc:
            self.app.say(f"Could not start the game: {exc}")
            return
        self.app.start(game, self.seats())
        self._show_resume()

    def _show_resume(self) -> None:
        latest = self.app.autosaver.latest()
        self.resume_button.disabled = latest is None
        self.resume_note.value = f"<small>{html.escape(latest.describe())}</small>" if latest else \
            "<small>no saved game yet</small>"

    def resume(self) -> None:
        latest = self.app.autosaver.latest()
        if latest is None:
            self.app.say("There is no autosaved game to resume.")
            return
        try:
            text, seats = self.app.autosaver.read(latest)
            game = fortress.Game.from_json(text)
        except SaveError as exc:
            self.app.say(f"Cannot resume {latest.game_id}: {exc}")
            return
        except OSError as exc:
            self.app.say(f"Cannot read {latest.path}: {exc.strerror or exc}")
            return
        self.app.start(game, seats or self.seats(), latest.game_id, note=f"Resumed {latest.game_id}.")

    def save(self) -> None:
        if not self.app.playing:
            self.app.say("No game to save yet.")
            return
        data = base64.b64encode(self.app.game.to_json().encode()).decode()
        name = f"fortress-{self.app.game_id}.json"
        self.download.value = (f"<a class='fortress-download-link' download='{name}' "
                               f"href='data:application/json;base64,{data}'>Download {name}</a>")

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        size = memoryview(item["content"]).nbytes if "content" in item else 0
        self.upload.value = ()  # drop the upload's bytes from the widget: nothing keeps them
        if size > MAX_SAVE_BYTES:
            self.app.say(f"Cannot load {item.get('name', 'the file')}: {size / 1e6:.1f} MB is too big for a "
                         f"fortress save (at most {MAX_SAVE_BYTES / 1e6:.0f} MB).")
            return
        content = bytes(item["content"]) if size else b""
        try:
            game = fortress.Game.from_json(content)
        except SaveError as exc:
            self.app.say(f"Cannot load {item.get('name', 'the file')}: {exc}")
            return
        except (UnicodeDecodeError, ValueError) as exc:
            self.app.say(f"Cannot load {item.get('name', 'the file')}: it is not a fortress save ({exc}).")
            return
        self.app.start(game, self.seats(), note=f"Loaded {item.get('name', 'the save')}.")
        self._show_resume()


__all__ = ["GameControls", "INVADERS", "SIDES"]
