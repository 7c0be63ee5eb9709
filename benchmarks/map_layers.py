"""Kernel-side cost of the dashboard map's area layers (fortress/ui/area_layers.py): an update
after a selection (the small highlights layer sent again) and after a capture (the whole board
layer sent again, and the layers over it), and the JSON of the board layer.

    PYTHONPATH=. .venv/bin/python benchmarks/map_layers.py [--areas 20]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fortress  # noqa: E402
from fortress.ui.board_map import BoardMap, MapView  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--areas", type=int, default=20, help="territories selected, then captured, in turn")
    args = ap.parse_args()
    game = fortress.new_game(0, setup="balanced")
    bm = BoardMap(game.board, lambda aid: None, game=game)
    assert bm.areas is not None
    board, control = game.board, game.state.control
    selected, captured, dumped = [], [], []
    for land in [a.id for a in board if a.is_land and not a.is_city][:args.areas]:
        view = MapView(selected=land, targets=frozenset(board.neighbours(land)))
        t = time.perf_counter()
        bm.update(game, view)
        selected.append(time.perf_counter() - t)
        control[land] = "west" if control.get(land) != "west" else "us"
        t = time.perf_counter()
        bm.update(game, view)
        captured.append(time.perf_counter() - t)
        t = time.perf_counter()
        json.dumps(bm.areas.layers[0].data)
        dumped.append(time.perf_counter() - t)
    sizes = [len(json.dumps(layer.data)) for layer in bm.areas.layers]

    def ms(xs: list[float]) -> str:
        return f"{statistics.median(xs) * 1000:.1f} ms"
    print(f"update after a selection: {ms(selected)}; after a capture: {ms(captured)}; "
          f"JSON of the board layer: {ms(dumped)} (medians of {len(selected)})")
    print(f"layers sent: {bm.areas.sent}; bytes now: areas {sizes[0]:,}, marks {sizes[1]:,}, highlights {sizes[2]:,}")


if __name__ == "__main__":
    main()
