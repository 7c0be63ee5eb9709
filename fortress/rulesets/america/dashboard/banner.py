"""The banner under the header: whose turn, which step and who must act now, in words
("WEST'S TURN · Combat · the U.S. chooses a casualty"), the hot-seat hand-over prompt
("Pass the laptop to West") and the busy line while a bot thinks."""
from __future__ import annotations

import html

import ipywidgets as W

from fortress.rulesets.america.state import Stage
from fortress.ui import theme as T
from fortress.rulesets.america.dashboard.bots import HUMAN
from fortress.rulesets.america.dashboard.info import PHASE_NAMES, winner_text

#: what the side to move does in each step, when no battle choice is waiting
DOING = {"setup": "places its starting units", "reinforcements": "places reinforcements",
         "declare": "declares battles", "maneuvers": "moves units", "lasers": "fires lasers",
         "combat": "picks a battle to fight", "invasion": "moves units into cleared territories",
         "supply": "checks supply", "capture": "captures cities"}
#: what the decider of a battle choice does (``BattleView.decision.kind``)
CHOOSING = {"hit": "chooses a casualty", "retreat": "chooses a unit to retreat",
            "disengage": "chooses a unit to disengage"}


def the(side: str | None) -> str:
    """A side's name as a sentence says it: "the U.S.", "West"."""
    name = T.side_label(side)
    return f"the {name}" if name.startswith("U.") else name


def doing(game) -> str:
    """What the side to move must do now, in words ("the U.S. chooses a casualty")."""
    b = game.battle
    if b is not None and b.decision is not None:
        what = CHOOSING.get(b.decision.kind, "decides")
    elif b is not None:
        what = "sends units into the battle, then fights" if b.stage == Stage.ASSEMBLE else "fights"
    else:
        what = DOING.get(game.phase, "acts")
    return f"{the(game.side)} {what}"


def banner_text(game) -> str:
    """The banner's words: "WEST'S TURN · Combat · the U.S. chooses a casualty"."""
    if game.is_over:
        return "GAME OVER · " + " ".join(filter(None, winner_text(game)))
    turn = game.state.turn if game.phase != "setup" else game.side
    return (f"{T.side_label(turn).upper()}'S TURN · {PHASE_NAMES.get(game.phase, game.phase)} · "
            f"{doing(game)}")


def listed(names: list[str]) -> str:
    """Names as a sentence lists them: "West, South and East"."""
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1]])) if names else ""


def human_seats(game, seats: dict[str, str]) -> list[int]:
    """The players (indexes of ``game.seats``) all of whose sides a human plays."""
    return [i for i, sides in enumerate(game.seats) if all(seats.get(s, HUMAN) == HUMAN for s in sides)]


class Banner:
    """The banner widget; ``acted(side)`` after each human move (it ends a hand-over)."""

    def __init__(self) -> None:
        self.widget = W.HTML("", _dom_classes=("fortress-banner",))
        self.busy = W.HTML("", _dom_classes=("fortress-busy",))
        self.last_seat: int | None = None  # the player who made the last human move

    def acted(self, game, side: str) -> None:
        self.last_seat = game.seat_of(side)

    def reset(self) -> None:
        self.last_seat = None

    def handover(self, game, seats: dict[str, str], shared: bool = False) -> str:
        """"Pass the laptop to West" when another human player must act now, or first
        (hot-seat: two or more human players), else "". Not in a shared game: there each
        player plays from their own seat link."""
        if shared or game.is_over or game.side not in seats or seats[game.side] != HUMAN:
            return ""
        humans = human_seats(game, seats)
        seat = game.seat_of(game.side)
        if len(humans) < 2 or seat == self.last_seat:
            return ""
        return f"Pass the laptop to {listed([the(s) for s in game.seats[seat]])}"

    def update(self, game, seats: dict[str, str], playing: bool, shared: bool = False) -> None:
        if not playing:
            self.widget.value = ""
            return
        side = None if game.is_over else game.side
        bg, fg = T.SIDE_COLOURS.get(side or "", ("#1d2733", "#ffffff"))
        prompt = self.handover(game, seats, shared)
        extra = f"<span class='ft-handover'>&#9758; {html.escape(prompt)}</span>" if prompt else ""
        self.widget.value = (f"<div class='ft-banner' style='background:{bg};color:{fg}'>"
                             f"{html.escape(banner_text(game))}{extra}</div>")

    def busy_on(self, side: str, bot: str) -> None:
        """Show "West (heuristic bot) is thinking..." (sent to the browser at once, before
        the bot starts: a widget's change is not held until the handler returns)."""
        self._busy(f"{T.side_label(side)} ({bot} bot) is thinking")

    def busy_hint(self, bot: str) -> None:
        """Show "Hint: the search bot is thinking..." while the Hint button's bot chooses."""
        self._busy(f"Hint: the {bot} bot is thinking")

    def _busy(self, text: str) -> None:
        self.busy.value = f"<span class='ft-busy'><span class='ft-spinner'></span>{html.escape(text)}&hellip;</span>"

    def busy_off(self) -> None:
        self.busy.value = ""
