"""Readable data files of the game (dice, units, rules, cards, setups)."""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent


@cache
def load(name: str) -> dict:
    """Parse ``fortress/data/<name>.toml`` (cached; treat the result as read-only)."""
    with open(DATA_DIR / f"{name}.toml", "rb") as fh:
        return tomllib.load(fh)
