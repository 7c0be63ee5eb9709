"""Run a measuring script in a source tree of the code (a checkout or worktree), for the
benchmarks that compare trees side by side."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_in(tree: Path, code: str, *args: object) -> str:
    """The standard output of ``python -c code args`` with ``tree`` first on the import path
    (run from ``/``, so the working directory adds no other tree)."""
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd="/", env=env,
                          capture_output=True, text=True, check=True).stdout
