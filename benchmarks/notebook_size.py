"""How big a classroom notebook is once executed and saved with its widget state (what a
teacher's Jupyter stores and shares), and which widget models make it up.

    python benchmarks/notebook_size.py fortress/notebooks/tutorial.ipynb [--out /tmp/executed.ipynb]

Runs the notebook in full (``FORTRESS_QUICK=0``) with nbclient, ``store_widget_state=True``.
Benchmarks report; they assert nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections import Counter
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", type=Path)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "fortress-executed.ipynb")
    args = parser.parse_args()
    os.environ["FORTRESS_QUICK"] = "0"
    nb = nbformat.read(args.notebook, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, kernel_name="python3", timeout=600, store_widget_state=True,
                   resources={"metadata": {"path": str(args.notebook.resolve().parent)}}).execute()
    seconds = time.perf_counter() - start
    nbformat.write(nb, args.out)
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    count: Counter[str] = Counter()
    size: Counter[str] = Counter()
    for model in state.values():
        count[model["model_name"]] += 1
        size[model["model_name"]] += len(json.dumps(model))
    print(f"{args.out}: {args.out.stat().st_size / 1e6:.2f} MB saved, {len(state)} widget models, "
          f"executed in {seconds:.1f} s")
    for name, n in size.most_common(6):
        print(f"  {name:28} {count[name]:5} models {n / 1e6:6.2f} MB (compact JSON)")


if __name__ == "__main__":
    main()
