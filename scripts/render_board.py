"""Render docs/board.png from the committed geodata (python scripts/render_board.py [OUT])."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fortress.engine.board import GEODATA_DIR  # noqa: E402
from fortress.geodata.render import render  # noqa: E402

if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "docs" / "board.png"
    print(render(GEODATA_DIR, out))
