"""Old code v new code, side by side in one run: ``fortress bench`` suites run alternately
in two source trees, reported as medians per figure and the ratio new / old.

    git worktree add /tmp/fortress-old 87f2efe      # the engine before the reshape
    python benchmarks/compare.py /tmp/fortress-old . --only engine --rounds 5

Each round runs the suite once in the old tree and once in the new one (alternating, so a
busy machine slows both alike). Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path


def run_suite(tree: Path, suite: str, quick: bool) -> dict[str, tuple[float, str]]:
    """``{figure name: (value, unit)}`` of one run of ``fortress bench --only suite`` in ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    cmd = [sys.executable, "-m", "fortress", "bench", "--only", suite, "--json"] + (["--quick"] if quick else [])
    out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    figures = json.loads(out)["suites"][suite]
    return {f["name"]: (f["value"], f["unit"]) for f in figures}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path, help="source tree of the old code")
    ap.add_argument("new", type=Path, help="source tree of the new code")
    ap.add_argument("--only", default="engine", help="suite: engine, odds or bots")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="the suites' quick mode")
    args = ap.parse_args(argv)
    runs: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    units: dict[str, str] = {}
    for _ in range(args.rounds):
        for label, tree in (("old", args.old), ("new", args.new)):
            for name, (value, unit) in run_suite(tree, args.only, args.quick).items():
                runs[label].setdefault(name, []).append(value)
                units[name] = unit
    print(f"{'figure':<58} {'old':>12} {'new':>12} {'new/old':>8}  unit   (medians of {args.rounds} rounds)")
    for name in runs["new"]:
        new = statistics.median(runs["new"][name])
        old = statistics.median(runs["old"][name]) if name in runs["old"] else float("nan")
        print(f"{name[:58]:<58} {old:>12.4g} {new:>12.4g} {new / old if old else float('nan'):>8.2f}  {units[name]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
