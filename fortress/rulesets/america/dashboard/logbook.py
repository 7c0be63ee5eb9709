"""The game's whole log, as the dashboard shows it: every event since the start, grouped
by round, side's turn and phase, each group collapsible (HTML ``<details>``).

The log is read from ``game.events`` at every redraw, so an undone move leaves it with
the move. Notes the dashboard adds (a bot's reason, "placed 3 units") are kept by the
index of the event they come before. The newest round comes first and is open; one
HTML widget per round, so a finished round is never sent to the browser again.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

import ipywidgets as W

from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.panels.base import dispose


def named(text: str, areas, board) -> str:
    """An event's text as HTML with the names of the territories it touched marked
    (:func:`theme.area_ref`): pointing at one lights it on the map, as a panel's names do."""
    escaped = html.escape(text)
    names = {html.escape(board[a].name): a for a in areas if a in board}
    if not names:
        return escaped
    longest = sorted(names, key=len, reverse=True)  # "Seattle Coast" before "Seattle"
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, longest)) + r")(?!\w)")
    return pattern.sub(lambda m: T.area_ref(names[m.group(1)], m.group(1)), escaped)


@dataclass(frozen=True)
class Note:
    text: str
    side: str | None = None
    bot: bool = False


@dataclass
class Turn:
    """The events of one side's turn (or of the game's start), split by phase."""

    title: str
    side: str | None
    phases: list[tuple[str, list[int]]]  # (phase title, event indexes)


@dataclass
class Round:
    title: str
    turns: list[Turn]
    start: int  # index of its first event
    end: int  # one past its last event


def cut(events, out: list[tuple[int, Turn]], start: int = 0) -> list[tuple[int, Turn]]:
    """``events[start:]`` cut at each "turn" event (a side's turn begins) and each "phase"
    event, added to ``out`` (the turns of ``events[:start]``); returns ``out``."""
    for i in range(start, len(events)):
        e = events[i]
        if e.kind == "turn" or not out:
            title = e.text if e.kind == "turn" else "Start"
            out.append((i, Turn(title.rstrip("."), e.side, [])))
        turn = out[-1][1]
        if e.kind == "phase" or not turn.phases:
            turn.phases.append(((e.text if e.kind == "phase" else "").rstrip("."), []))
        turn.phases[-1][1].append(i)
    return out


def rounds(events, order: tuple[str, ...], last_round: int, turns: list[tuple[int, Turn]] | None = None) -> list[Round]:
    """The events grouped by round (``turns``: ``cut(events, [])`` if known); a round begins
    when a turn's side does not come after the previous turn's side in ``order``; the last
    round is ``last_round``."""
    turns = cut(events, []) if turns is None else turns
    groups: list[list[tuple[int, Turn]]] = []
    previous = None
    for start, turn in turns:
        rank = order.index(turn.side) if turn.side in order else None
        if not groups or (rank is not None and previous is not None and rank <= previous):
            groups.append([])
        groups[-1].append((start, turn))
        previous = rank if rank is not None else previous
    out = []
    for k, group in enumerate(groups):
        number = last_round - (len(groups) - 1 - k)
        title = f"Round {number}" if number >= 1 else "Setup"
        end = groups[k + 1][0][0] if k + 1 < len(groups) else len(events)
        out.append(Round(title, [t for _s, t in group], group[0][0], end))
    return out


class LogBook:
    """The Log tab: ``box`` shows the rounds; ``note`` adds the dashboard's own lines."""

    def __init__(self) -> None:
        self.notes: dict[int, list[Note]] = {}
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self.box.add_class("fortress-log")
        self._shown: dict[tuple, W.HTML] = {}
        self._cut: tuple[list | None, int, list[tuple[int, Turn]]] = (None, 0, [])
        self._latest = W.HTML()  # the newest round, redrawn in place

    def note(self, at: int, text: str, side: str | None = None, bot: bool = False) -> None:
        """A line shown before event ``at`` (``len(game.events)``: after the last one)."""
        self.notes.setdefault(at, []).append(Note(text, side, bot))

    def forget(self, events: int) -> None:
        """Drop notes past the game's ``events`` (after an undo)."""
        for at in [k for k in self.notes if k > events]:
            del self.notes[at]

    def clear(self) -> None:
        """Forget everything (another game begins)."""
        self.notes, self._cut = {}, (None, 0, [])
        self.box.children = []
        dispose(self._shown.values(), keep=set())
        self._shown = {}

    def lines(self) -> list[Note]:
        """Every note (for tests and the notebook)."""
        return [n for at in sorted(self.notes) for n in self.notes[at]]

    @property
    def html(self) -> str:
        """Everything shown, newest round first."""
        return "".join(w.value for w in self.box.children)

    def _turns(self, events) -> list[tuple[int, Turn]]:
        """The turns of ``events``, cut only from the last event seen while the game appends
        to the same list (an undo or a load gives a new list: cut again)."""
        seen, n, turns = self._cut
        if len(events) < n or seen is not events:
            n, turns = 0, []
        else:  # the last phase may grow: cut again from its turn's start
            n = turns.pop()[0] if turns else 0
        cut(events, turns, n)
        self._cut = (events, len(events), turns)
        return turns

    def update(self, game) -> None:
        events = game.events
        groups = rounds(events, tuple(game.rules.turn.order), game.round, self._turns(events))
        if not groups:
            self.box.children = []
            return
        latest = self._round_html(groups[-1], events, True, game)
        if self._latest.value != latest:
            self._latest.value = latest
        shown: dict[tuple, W.HTML] = {}
        for r in groups[:-1]:  # a finished round never changes: made once, kept
            key = (r.title, r.start, r.end)
            shown[key] = self._shown.get(key) or W.HTML(self._round_html(r, events, False, game))
        children = (self._latest, *reversed(shown.values()))
        if tuple(self.box.children) != children:
            self.box.children = children
        dispose([w for key, w in self._shown.items() if key not in shown], keep=set())
        self._shown = shown

    def _round_html(self, r: Round, events, latest: bool, game) -> str:
        count = r.end - r.start
        body = []
        for j, turn in enumerate(r.turns):
            open_ = latest and j == len(r.turns) - 1
            phases = "".join(self._phase_html(title, idx, events, game) for title, idx in turn.phases)
            chip = T.side_chip(turn.side, T.SIDE_TAGS.get(turn.side or "", "")) if turn.side in T.SIDE_COLOURS else ""
            body.append(f"<details class='fortress-log-turn'{' open' if open_ else ''}>"
                        f"<summary>{chip} {html.escape(turn.title)}</summary>{phases}</details>")
        tail = "".join(self._note_html(n) for n in self.notes.get(r.end, ())) if latest else ""
        return (f"<details class='fortress-log-round'{' open' if latest else ''}><summary><b>{r.title}</b> "
                f"<small>({count} event{'s' if count != 1 else ''})</small></summary>{''.join(body)}{tail}</details>")

    def _phase_html(self, title: str, idx: list[int], events, game) -> str:
        rows: list[str] = []
        for i in idx:
            rows.extend(self._note_html(n) for n in self.notes.get(i, ()))
            e = events[i]
            if e.kind in ("turn", "phase"):
                continue
            rows.append(f"<div class='e'>{self._tag(e.side, game)} {named(e.text, e.areas, game.board)}</div>")
        if not title:
            return "".join(rows)
        return f"<details class='fortress-log-phase' open><summary>{html.escape(title)}</summary>{''.join(rows)}</details>"

    @staticmethod
    def _tag(side: str | None, game) -> str:
        if side in T.SIDE_COLOURS:
            return T.side_chip(side, T.SIDE_TAGS[side])
        if side in game.rules.team_names:  # the winning team
            return T.team_chip(game.rules.team_names[side])
        return ""

    def _note_html(self, n: Note) -> str:
        tag = T.side_chip(n.side, T.SIDE_TAGS[n.side]) if n.side in T.SIDE_COLOURS else ""
        return f"<div class='e{' bot' if n.bot else ''}'>{tag} {html.escape(n.text)}</div>"
