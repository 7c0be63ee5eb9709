"""The shell's game bar: a new game (players as the ruleset seats them, seed, optional rules),
Save (a download of the game's JSON save), Load (a save of this ruleset) and Undo."""
from __future__ import annotations

import base64
import html
from typing import TYPE_CHECKING, Any

import ipywidgets as W

import fortress
from fortress.engine.save import SaveError, saved_seats

if TYPE_CHECKING:
    from fortress.ui.shell.app import Shell


def player_counts(rules: Any) -> list[int]:
    """The player counts the ruleset seats (its ``[players]``), fewest first."""
    return sorted(int(n) for n in (rules.data.get("players") or {str(len(rules.sides)): None}))


class GameBar:
    def __init__(self, shell: "Shell", players: int, seed: int) -> None:
        self.shell = shell
        rules = shell.rules
        self.players = W.Dropdown(options=player_counts(rules), value=players, description="players",
                                  layout=W.Layout(width="160px"), _dom_classes=("fortress-shell-players",))
        self.seed = W.IntText(value=seed, description="seed", layout=W.Layout(width="160px"),
                              _dom_classes=("fortress-shell-seed",))
        self.variants = {name: W.Checkbox(value=False, description=row.get("name", name), tooltip=row.get("text", ""),
                                          indent=False, layout=W.Layout(width="auto"),
                                          _dom_classes=("fortress-shell-variant", f"fortress-shell-variant-{name}"))
                         for name, row in rules.variants.items()}
        self.new = self._button("New game", "fortress-shell-new", self.new_game, "success")
        self.undo = self._button("Undo", "fortress-shell-undo", shell.undo)
        self.save_button = self._button("Save (download)", "fortress-shell-save", self.save)
        self.download = W.HTML(_dom_classes=("fortress-shell-download",))
        self._saved: tuple[Any, int] | None = None  # the game and ply the download link holds
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load a save",
                                   _dom_classes=("fortress-shell-upload",))
        self.upload.observe(self._uploaded, "value")
        self.widget = W.VBox([
            W.HTML("<b>New game</b>"),
            W.HBox([self.players, self.seed, *self.variants.values()], layout=W.Layout(flex_flow="row wrap")),
            shell.seats.box, self.new,
            W.HTML("<b>Undo, save, load</b>"),
            W.HBox([self.undo, self.save_button, self.download, self.upload], layout=W.Layout(flex_flow="row wrap"))],
            _dom_classes=("fortress-shell-gamebar",))

    @staticmethod
    def _button(label: str, css: str, handler: Any, style: str = "") -> W.Button:
        b = W.Button(description=label, button_style=style, layout=W.Layout(width="auto"), _dom_classes=(css,))
        b.on_click(lambda _b: handler())
        return b

    def new_game(self) -> None:
        """Start a game with the bar's players, seed and optional rules, seated as the pickers
        seat the game in play (a side it does not have: the first seat human, the others bots)."""
        rules = self.shell.rules
        chosen = {name for name, box in self.variants.items() if box.value}
        try:
            game = fortress.new_game(int(self.seed.value), players=int(self.players.value), ruleset=rules.name,
                                     variants=chosen)
        except (ValueError, fortress.IllegalAction) as exc:
            self.shell.say(f"Could not start the game: {exc}", refused=True)
            return
        self.shell.start(game, dict(self.shell.seats.who), f"New game, seed {self.seed.value}.")

    def save(self) -> None:
        """A link that downloads the game's save (with who plays each side)."""
        shell = self.shell
        data = base64.b64encode(shell.game.to_json(seats=dict(shell.seats.who)).encode()).decode()
        name = f"{shell.rules.name}-{len(shell.game.history)}.json"
        self.download.value = (f"<a class='fortress-shell-download-link' download='{name}' "
                               f"href='data:application/json;base64,{data}'>Download {html.escape(name)}</a>")
        self._saved = (shell.game, len(shell.game.history))
        shell.say(f"Saved {shell.game.round_label} ({len(shell.game.history)} actions): the link beside Save "
                  "downloads it.")

    def drop_stale_download(self) -> None:
        """The link holds the position it saved: it goes once the game moves on or another starts."""
        game, ply = self._saved or (None, 0)
        if self.download.value and (game is not self.shell.game or ply != len(self.shell.game.history)):
            self.download.value, self._saved = "", None

    def _uploaded(self, change: dict[str, Any]) -> None:
        from fortress.ui.serve import MAX_SAVE_BYTES  # the limit the server's messages are sized for

        files = change["new"]
        if not files:
            return
        item = files[0]
        self.upload.value = ()  # nothing keeps the upload's bytes
        name = item.get("name", "the file")
        size = memoryview(item["content"]).nbytes if "content" in item else 0
        if size > MAX_SAVE_BYTES:
            self.shell.say(f"Cannot load {name}: {size / 1e6:.1f} MB is too big for a save.", refused=True)
            return
        self.load(bytes(item["content"]) if size else b"", name)

    def load(self, content: bytes | str, name: str = "the save") -> None:
        """Play on from a save of this ruleset (the seats as saved, else as picked)."""
        shell = self.shell
        try:
            game = fortress.Game.from_json(content)
            seats = saved_seats(content)
        except SaveError as exc:
            shell.say(f"Cannot load {name}: {exc}", refused=True)
            return
        except (UnicodeDecodeError, ValueError) as exc:
            shell.say(f"Cannot load {name}: it is not a fortress save ({exc}).", refused=True)
            return
        if game.rules.name != shell.rules.name:
            shell.say(f"Cannot load {name}: it is a game of {game.rules.title or game.rules.name}, not of "
                      f"{shell.rules.title or shell.rules.name}.", refused=True)
            return
        self.players.value = len(game.seats)
        shell.start(game, seats or dict(shell.seats.who), f"Loaded {name}.")
