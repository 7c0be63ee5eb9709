"""The engine's identity guard: seeded random and heuristic games keep the action
sequences and winners recorded in ``tests/data/game_digests.json`` (made by
``benchmarks/game_digests.py`` before the engine was reshaped)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _module():
    spec = importlib.util.spec_from_file_location("game_digests", ROOT / "benchmarks" / "game_digests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_seeded_games_keep_their_digests():
    want = json.loads((ROOT / "tests" / "data" / "game_digests.json").read_text())
    got = _module().digests()
    assert set(got) == set(want)
    differ = sorted(k for k in want if got[k] != want[k])
    assert not differ, f"{len(differ)} of {len(want)} seeded games changed: {differ[:5]}"
