"""Run a measuring script in a source tree of the code (a checkout or worktree), for the
benchmarks that compare trees side by side."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_in(tree: Path, code: str, *args: object) -> str:
    """The standard output of ``python -c code args`` with ``tree`` first on the import path
    (run from ``/``, so the working directory adds no other tree)."""
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd="/", env=env,
                          capture_output=True, text=True, check=True).stdout


def json_in(tree: Path, code: str, *args: object) -> Any:
    """The last line that ``python -c code args`` prints in ``tree``, read as JSON."""
    return json.loads(run_in(tree, code, *args).strip().splitlines()[-1])
