"""Replays: step through a saved game on the map."""
from __future__ import annotations

import html
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, cast

import pandas as pd

from fortress.engine.board import Board
from fortress.rulesets.america.actions import Attack
from fortress.rulesets.america.views import AmericaGame as Game
from fortress.notebook_helpers.classroom_bots import play_match
from fortress.notebook_helpers.lessons import status
from fortress.engine.rulesets import side_label

__all__ = ['bot_game', 'Replay', 'replay_viewer', 'ReplayViewer']


# -- replays -------------------------------------------------------------------------------
def bot_game(seed: int = 0, bots: Mapping[str, Any] | None = None, players: int = 4) -> Game:
    """A finished bot game (default: heuristic everywhere), for replays and examples."""
    game = play_match(bots or {"us": "heuristic", "invaders": "heuristic"}, seed=seed, players=players).game
    assert isinstance(game, Game)  # play_match keeps the Fortress America game it played
    return game


class Replay:
    """A saved game, replayed once from its start with the state cached after every action.

    ``states[i]`` is the position after ``i`` actions (``states[0]`` the start), ``marks[i]``
    how many events had happened by then; :meth:`at` gives a game showing position ``i``.
    """

    def __init__(self, text: str | os.PathLike[str], board: Board | None = None) -> None:
        """``text``: a save's text, or the path of a save file (``~`` expanded)."""
        import json

        from fortress.engine.save import SaveError, from_json, start_game

        text = _read_if_path(text)
        final = from_json(text, board)  # validates the file, with clear errors
        game = start_game(json.loads(text), final.board)
        self.actions = list(final.history)
        self.states = [game.state.copy()]
        self.marks = [len(game.events)]
        for action in self.actions:
            game.apply(action)
            self.states.append(game.state.copy())
            self.marks.append(len(game.events))
        if game.state.to_dict() != final.state.to_dict():
            raise SaveError("replaying this save step by step did not reach its final position.")
        self.game = game  # the final game: events, board, result
        self._view = game.copy()

    @classmethod
    def of(cls, game: Game) -> "Replay":
        return cls(game.to_json())

    def __len__(self) -> int:
        return len(self.actions)

    def at(self, i: int) -> Game:
        """A game object showing the position after ``i`` actions (shared; do not apply to it)."""
        i = max(0, min(i, len(self.actions)))
        self._view.state = self.states[i]  # showing another state drops the views of the last one
        return cast(Game, self._view)

    def events_of(self, i: int) -> list:
        """The events caused by action ``i`` (1-based: what led to ``states[i]``; past the
        last action, none, as :meth:`at` stops at the last position)."""
        if i > len(self.actions):
            return []
        if i <= 0:
            return self.game.events[: self.marks[0]]
        return self.game.events[self.marks[i - 1]: self.marks[i]]

    def log_until(self, i: int, last: int = 25) -> list[str]:
        return [e.text for e in self.game.events[: self.marks[max(0, min(i, len(self.actions)))]]][-last:]

    def battles(self) -> list[tuple[str, int]]:
        """(label, action index) of every battle: the index right after its ``fight``
        (the dice are rolled), labelled with round, attacker and territory."""
        out = []
        attack_at: dict[str, int] = {}
        for i, action in enumerate(self.actions, 1):
            if isinstance(action, Attack):
                attack_at[action.area] = i
            if action.verb == "fight":
                st = self.states[i - 1]
                battle = self.at(i - 1).battle  # the battle being assembled
                area = battle.area if battle else max(attack_at, key=attack_at.__getitem__, default=None)
                name = self.game.board[area].name if area else "?"
                out.append((f"round {st.round}: {side_label(st.turn)} attacks {name} (action {i})", i))
        return out

    def frame(self) -> pd.DataFrame:
        """One row per action: index, round, side, phase, notation."""
        rows = []
        for i, action in enumerate(self.actions, 1):
            st = self.states[i - 1]
            rows.append({"index": i, "round": st.round, "turn": st.turn, "phase": st.phase, "action": self.game.notation(action)})
        return pd.DataFrame(rows)


def _read_if_path(text: str | os.PathLike[str]) -> str:
    """The text of the file ``text`` names, if it names one; ``SaveError`` if it looks like a
    path to a missing file; else ``text`` itself (a save's text)."""
    from fortress.engine.save import SaveError

    text = os.fspath(text)
    if not text.strip() or text.lstrip().startswith(("{", "[")):
        return text
    path = Path(text).expanduser()
    if path.is_file():
        return path.read_text(encoding="utf-8")
    if len(text) < 400 and "\n" not in text:
        raise SaveError(f"no save file at {str(path)!r}: give the path of a saved game (.json) or its text")
    return text  # from_json says what is wrong with it


def replay_viewer(replay: Replay, height: str = "460px"):
    """A slider over the action index, the map, the log beside it, and a dropdown of the battles.
    Returns a :class:`ReplayViewer` (it displays as the widget; its parts are attributes)."""
    import ipywidgets as W

    from fortress.ui.board_map import BoardMap, MapView
    from fortress.ui.theme import style_widget

    bmap = BoardMap(replay.game.board, on_click=lambda aid: None, height=height)
    slider = W.IntSlider(value=0, min=0, max=len(replay), step=1, description="action",
                         continuous_update=False, layout=W.Layout(width="95%"))
    play = W.Play(value=0, min=0, max=len(replay), step=1, interval=300)
    W.jslink((play, "value"), (slider, "value"))
    options = [("(jump to a battle)", -1)] + replay.battles()
    battles = W.Dropdown(options=options, value=-1, description="battle", layout=W.Layout(width="60%"))
    title = W.HTML()
    log = W.HTML(layout=W.Layout(width="38%", max_height=height, overflow="auto"))
    log.add_class("fortress-log")

    def draw(change=None) -> None:
        i = slider.value
        game = replay.at(i)
        recent = frozenset(a for e in replay.events_of(i) for a in e.areas)
        battle = b.area if (b := game.battle) else None
        bmap.update(game, MapView(recent=recent, battle=battle))
        last = replay.game.notation(replay.actions[i - 1]) if i else "(start)"
        title.value = (f"<b>action {i} of {len(replay)}</b>: <code>{html.escape(last)}</code> &mdash; "
                       f"{html.escape(status(game))}")
        lines = replay.log_until(i)
        new = {e.text for e in replay.events_of(i)}
        log.value = "".join(f"<div class='e'>{'<b>' if t in new else ''}{html.escape(t)}"
                            f"{'</b>' if t in new else ''}</div>" for t in lines)

    def jump(change) -> None:
        if change["new"] is not None and change["new"] >= 0:
            slider.value = change["new"]
            battles.value = -1  # back to the prompt: picking the same battle again jumps again

    slider.observe(draw, names="value")
    battles.observe(jump, names="value")
    draw()
    box = W.VBox([style_widget(), W.HBox([play, slider]), battles, title, W.HBox([bmap.map, log])])
    box.add_class("fortress-app")
    return ReplayViewer(box, slider, battles, log, title, bmap)


@dataclass
class ReplayViewer:
    """The replay widget and its parts; displays as the widget."""

    box: Any
    slider: Any
    battles: Any
    log: Any
    title: Any
    board_map: Any

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)
