"""The toy ruleset's state (plain data) and its actions with their notation."""
from __future__ import annotations

import copy
import re
from dataclasses import asdict, dataclass, field, fields

from fortress.engine.board import Board
from fortress.engine.actions import Action, End, NotationError, Surrender


@dataclass(slots=True)
class Pawn:
    uid: int
    side: str
    kind: str
    area: str
    status: str = ""
    origin: str | None = None


@dataclass
class HillState:
    seed: int
    players: int
    rng: int
    phase: str
    turn: str
    round: int = 0
    units: dict[int, Pawn] = field(default_factory=dict)
    next_uid: int = 1
    points: dict[str, int] = field(default_factory=dict)
    marches: int = 0
    out: list[str] = field(default_factory=list)
    winner: str | None = None
    result: str = ""
    surrendered: str | None = None

    def add_unit(self, side: str, kind: str, area: str) -> Pawn:
        pawn = Pawn(self.next_uid, side, kind, area)
        self.units[pawn.uid] = pawn
        self.next_uid += 1
        return pawn

    def copy(self) -> "HillState":
        new = copy.copy(self)
        new.units = {k: copy.copy(u) for k, u in self.units.items()}
        new.points, new.out = dict(self.points), list(self.out)
        return new

    def to_dict(self) -> dict:
        out = {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)}
        out["units"] = [asdict(u) for u in self.units.values()]
        return out


@dataclass(frozen=True, slots=True)
class March(Action):
    """``march N SRC -> DST``: move N pawns one step."""

    count: int
    src: str
    dst: str
    verb = "march"

    def __str__(self) -> str:
        return f"march {self.count} {self.src} -> {self.dst}"


_MARCH = re.compile(r"march (\d+) (\S+) -> (\S+)$")


def parse(text: str, board: Board) -> Action:
    """Read ``march N SRC -> DST``, ``end`` or ``surrender`` (area ids)."""
    words = " ".join(text.strip().lower().split())
    if words in ("end", "surrender"):
        return End() if words == "end" else Surrender()
    m = _MARCH.match(words)
    if not m or m[2] not in board or m[3] not in board:
        raise NotationError(f"cannot read {text!r}: write 'march N FROM -> TO', 'end' or 'surrender'")
    return March(int(m[1]), m[2], m[3])
