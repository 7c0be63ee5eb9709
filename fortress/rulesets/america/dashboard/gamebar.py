"""Around the game: new game (players, seats, seed, setup, optional rules), resume, save and load."""
from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING

import ipywidgets as W

import fortress
from fortress.engine.save import SaveError, saved_seats
from fortress.engine import rulesets
from fortress.ui import theme as T
from fortress.ui.serve import MAX_SAVE_BYTES
from fortress.rulesets.america.dashboard.bots import HUMAN, bot_choices
from fortress.rulesets.america.dashboard.classroom import ClassroomBox
from fortress.rulesets.america.dashboard.panels.base import dispose
from fortress.rulesets.america.units import INVADERS, SIDES

if TYPE_CHECKING:
    from fortress.rulesets.america.dashboard.app import App


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
        self.variant_boxes = self._variant_boxes()
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
        self.save_message = W.HTML("")  # beside the Save button: seen where it was pressed
        self.save_message.add_class("fortress-save-message")
        self.download = W.HTML("")
        self._saved: tuple[object, int] | None = None  # the game and ply the download link holds
        self._loaded: tuple[object, int] | None = None  # the game and ply "Loaded ..." speaks of
        self.download.add_class("fortress-download")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load a save")
        self.upload.add_class("fortress-upload")
        self.upload.observe(self._on_upload, "value")
        self.load_message = W.HTML("")  # next to the load control: seen while the Game tab is open
        self.load_message.add_class("fortress-load-message")
        self.confirm_box = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.confirm_box.add_class("fortress-load-confirm")
        self.classroom = ClassroomBox(app)
        self._draw_seats()
        self._show_resume()
        self.box = W.VBox([
            W.HTML("<b>New game</b>"), W.HBox([self.players, self.seed, self.setup], layout=W.Layout(flex_flow="row wrap")),
            self.seat_box, W.HBox(list(self.variant_boxes.values()), layout=W.Layout(flex_flow="row wrap")),
            self.start_button,
            W.HTML("<b>Resume, save, load</b>" if app.store is None else "<b>Join, save, load</b>"), self._resume_row(),
            self._save_row(),
            self.upload, self.load_message, self.confirm_box])
        self.box.add_class("fortress-game-controls")

    def _save_row(self) -> W.Widget:
        """The note above its button: seen where Save was pressed. The page's script scrolls the
        row into view when the note changes (the note grows above the button, which would push
        both below a scrolled column's fold)."""
        row = W.VBox([self.save_message, W.HBox([self.save_button, self.download],
                                                layout=W.Layout(flex_flow="row wrap"))])
        row.add_class("fortress-save-row")
        return row

    def _resume_row(self) -> W.Widget:
        """On a shared store, the games this page's link or a join code reaches (not the
        server's last autosave, which may be anyone's); else "Resume last game"."""
        if self.app.store is None:
            return W.HBox([self.resume_button, self.resume_note])
        return self.classroom.box

    # -- optional rules ---------------------------------------------------------------------------
    @staticmethod
    def _variant_boxes() -> dict[str, W.Checkbox]:
        """A checkbox per optional rule the ruleset declares (its text as the tooltip)."""
        boxes = {}
        for name, row in rulesets.get().variants.items():
            boxes[name] = W.Checkbox(value=False, description=row["name"], tooltip=row["text"], indent=False,
                                     layout=W.Layout(width="auto"),  # classes given whole: no update message
                                     _dom_classes=("fortress-variant", f"fortress-variant-{name}"))
        return boxes

    def variants(self) -> set[str]:
        """The optional rules ticked for the next new game."""
        return {name for name, box in self.variant_boxes.items() if box.value}

    # -- seats ------------------------------------------------------------------------------------
    def _draw_seats(self) -> None:
        seats = rulesets.get().seats(self.players.value)
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
        for seat, pick in zip(rulesets.get().seats(self.players.value), self.seat_pickers):
            for side in seat:
                out[side] = pick.value
        return out

    # -- actions ----------------------------------------------------------------------------------
    def new_game(self) -> None:
        try:
            game = fortress.new_game(int(self.seed.value), players=int(self.players.value), setup=self.setup.value,
                                     variants=self.variants())
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
            self._load_error("There is no autosaved game to resume.")
            return
        try:
            text, seats = self.app.autosaver.read(latest)
            game = fortress.Game.from_json(text)
            seats = saved_seats(text) or seats
        except SaveError as exc:
            self._load_error(f"Cannot resume {latest.game_id}: {exc}")
            return
        except OSError as exc:
            self._load_error(f"Cannot read {latest.path}: {exc.strerror or exc}")
            return
        self._replace(game, seats or self.seats(), f"Resumed {latest.game_id}.", latest.game_id)

    # -- loading: errors next to the control, and a question before a game in progress goes --------
    def _load_error(self, text: str) -> None:
        self.confirm_box.children = []
        self.load_message.value = f"<span class='ft-refused'>{html.escape(text)}</span>"
        self.app.say(text)

    def _replace(self, game: fortress.Game, seats: dict[str, str], note: str, game_id: str | None = None) -> None:
        """Start ``game``, after asking if it would replace a game in progress."""
        self.load_message.value = ""
        current = self.app.game
        if not (self.app.playing and current.history and not current.is_over):
            self._start_loaded(game, seats, note, game_id)
            return
        yes = W.Button(description="Replace it", button_style="danger", layout=W.Layout(width="auto"))
        yes.add_class("fortress-load-replace")
        yes.on_click(lambda _b: self._start_loaded(game, seats, note, game_id))
        no = W.Button(description="Keep playing", layout=W.Layout(width="auto"))
        no.add_class("fortress-load-keep")
        no.on_click(lambda _b: self._close_question("Kept the game in progress."))
        question = W.HTML(f"<b>{html.escape(note)}</b> It would replace the game in progress "
                          f"(round {current.round}, {len(current.history)} moves).")
        self._close_question()
        self.confirm_box.children = [question, yes, no]

    def _close_question(self, text: str = "") -> None:
        old, self.confirm_box.children = self.confirm_box.children, []
        dispose(old, keep=set())
        self.load_message.value = f"<small>{html.escape(text)}</small>" if text else ""

    def _start_loaded(self, game: fortress.Game, seats: dict[str, str], note: str, game_id: str | None) -> None:
        self._close_question()
        self.app.start(game, seats, game_id, note=note)
        self.load_message.value = f"<small>{html.escape(note)}</small>"
        self._loaded = (self.app.game, len(self.app.game.history))
        self._show_resume()

    def _save_note(self, text: str, refused: bool = True) -> None:
        """Say ``text`` beside the Save button (where the player looks) and in the message line."""
        css = "ft-refused" if refused else "ft-info"
        self.save_message.value = f"<span class='{css}'>{html.escape(text)}</span>" if text else ""
        self.app.say(text, refused=refused)

    def save(self) -> None:
        if not self.app.playing:
            self._save_note("No game to save yet.")
            return
        if self.app.shared is not None and not self.app.game.is_over:
            self._save_note("Not saved: a shared game is kept on the server, and its save holds the seed that "
                            "decides the cards and dice to come, so it is handed out once the game is over.")
            return
        data = base64.b64encode(self.app.game.to_json(seats=self.app.bots.seats).encode()).decode()
        name = f"fortress-{self.app.game_id}.json"
        self.download.value = (f"<a class='fortress-download-link' download='{name}' "
                               f"href='data:application/json;base64,{data}'>Download {name}</a>")
        self._saved = (self.app.game, len(self.app.game.history))
        self._save_note(f"Saved round {self.app.game.round} ({len(self.app.game.history)} moves): the link beside "
                        "Save downloads it.", refused=False)

    def drop_stale_download(self) -> None:
        """The download link holds the position it saved: it goes once the game moves on
        (or another game starts), so no one downloads an old position unawares; so does the
        note of the save loaded."""
        game, ply = self._saved or (None, 0)
        if self.download.value and (game is not self.app.game or ply != len(self.app.game.history)):
            self.download.value = self.save_message.value = ""
        game, ply = self._loaded or (None, 0)  # "Loaded mygame.json." goes too once the game moves on
        if self._loaded and (game is not self.app.game or ply != len(self.app.game.history)):
            self.load_message.value, self._loaded = "", None

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        size = memoryview(item["content"]).nbytes if "content" in item else 0
        self.upload.value = ()  # drop the upload's bytes from the widget: nothing keeps them
        if size > MAX_SAVE_BYTES:
            self._load_error(f"Cannot load {item.get('name', 'the file')}: {size / 1e6:.1f} MB is too big for a "
                         f"fortress save (at most {MAX_SAVE_BYTES / 1e6:.0f} MB).")
            return
        content = bytes(item["content"]) if size else b""
        try:
            game = fortress.Game.from_json(content)
            seats = saved_seats(content) or self.seats()  # a save without seats: the pickers'
        except SaveError as exc:
            self._load_error(f"Cannot load {item.get('name', 'the file')}: {exc}")
            return
        except (UnicodeDecodeError, ValueError) as exc:
            self._load_error(f"Cannot load {item.get('name', 'the file')}: it is not a fortress save ({exc}).")
            return
        self._replace(game, seats, f"Loaded {item.get('name', 'the save')}.")


__all__ = ["GameControls", "INVADERS", "SIDES"]
