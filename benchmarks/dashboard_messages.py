"""The dashboard's first cell in a real kernel: how many widgets it makes and how many IOPub
messages (widget opens, updates, output) the browser has to take in before the first paint.

    PYTHONPATH=. .venv/bin/python benchmarks/dashboard_messages.py [--redraws 300]

Runs the cell of ``fortress/notebooks/play.ipynb`` in a fresh ipykernel (as Voila does),
counts the IOPub messages by type, then (``--redraws``) lets bots play that many moves with a
redraw after each and reports the kernel's live widget count before and after.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

COUNT = ("import warnings, ipywidgets as _W\nwarnings.simplefilter('ignore', DeprecationWarning)\n"
         "print(len(_W.Widget.widgets))")
PLAY = ("import fortress\napp.start(fortress.new_game(3), {s: 'heuristic' for s in fortress.SIDES} "
        "if hasattr(fortress, 'SIDES') else {s: 'heuristic' for s in ('us', 'west', 'south', 'east')})\n"
        "_n = 0\nwhile _n < {n} and app.bot_step(): _n += 1\nprint(_n)")


def run(client, code: str) -> tuple[Counter, str, float]:
    """Execute ``code``; the IOPub messages it caused by type (comm messages by method), its stdout."""
    t0 = time.perf_counter()
    msg_id = client.execute(code)
    counts: Counter = Counter()
    out = ""
    while True:
        msg = client.get_iopub_msg(timeout=300)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "comm_msg":
            kind += ":" + msg["content"]["data"].get("method", "?")
        counts[kind] += 1
        if kind == "stream":
            out += msg["content"]["text"]
        if kind == "status" and msg["content"]["execution_state"] == "idle":
            return counts, out, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--redraws", type=int, default=300)
    args = ap.parse_args()
    nb = json.loads((ROOT / "fortress" / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    cell = "".join(nb["cells"][0]["source"])
    km, client = start_new_kernel(cwd=str(ROOT))
    try:
        run(client, "import ipywidgets")  # the kernel's own start-up messages are not the dashboard's
        counts, _, seconds = run(client, cell)
        widgets = int(run(client, COUNT)[1])
        print(f"first cell: {seconds:.2f} s in the kernel, {widgets} widgets, "
              f"{sum(counts.values())} IOPub messages: {dict(counts.most_common())}")
        if args.redraws:
            moves = int(run(client, PLAY.replace("{n}", str(args.redraws)))[1])
            after = int(run(client, COUNT)[1])
            print(f"after {moves} bot moves, each redrawn: {after} widgets ({after - widgets:+d})")
    finally:
        client.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main()
