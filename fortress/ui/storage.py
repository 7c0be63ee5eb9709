"""Autosaves: the engine's JSON after every action, so a reloaded page can resume.

Files live in ``$FORTRESS_SAVE_DIR`` or ``~/.fortress/autosave``: ``<game-id>.json`` is
the engine's save (``Game.to_json``), ``<game-id>.seats.json`` who plays which side.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path


def save_dir() -> Path:
    return Path(os.environ.get("FORTRESS_SAVE_DIR") or Path.home() / ".fortress" / "autosave")


def new_game_id(seed: int) -> str:
    return time.strftime("%Y%m%d-%H%M%S") + f"-{os.getpid() % 10000:04d}-s{seed}"


@dataclass
class Saved:
    game_id: str
    path: Path
    mtime: float

    def describe(self) -> str:
        return f"{self.game_id} (saved {time.strftime('%d %b %H:%M', time.localtime(self.mtime))})"


class Autosaver:
    """Writes saves atomically; finds the most recent one."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory else save_dir()
        self.error = ""

    def write(self, game_id: str, game_json: str, seats: dict[str, str] | None = None) -> bool:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            self._atomic(self.directory / f"{game_id}.json", game_json)
            if seats is not None:
                self._atomic(self.directory / f"{game_id}.seats.json", json.dumps(seats))
            self.error = ""
            return True
        except OSError as exc:
            self.error = f"Autosave failed ({exc.strerror or exc}); use Save to keep the game."
            return False

    @staticmethod
    def _atomic(path: Path, text: str) -> None:
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)

    def latest(self) -> Saved | None:
        try:
            files = [p for p in self.directory.glob("*.json") if not p.name.endswith(".seats.json")]
        except OSError:
            return None
        if not files:
            return None
        best = max(files, key=lambda p: p.stat().st_mtime)
        return Saved(best.stem, best, best.stat().st_mtime)

    def read(self, saved: Saved) -> tuple[str, dict[str, str]]:
        text = saved.path.read_text(encoding="utf-8")
        seats_path = saved.path.with_name(f"{saved.game_id}.seats.json")
        try:
            seats = json.loads(seats_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            seats = {}
        return text, seats
