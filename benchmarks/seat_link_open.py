"""How long a seat link takes to open with other pages already open (issue 35, item 11):
one ``fortress serve`` (the Voila app, a SQLite store) on this machine's loopback only, N
pages already open on seat links of two-seat games (plain HTTP clients: their kernels run
the dashboard and follow their games as a browser's would), then a seat link opened in
headless Chromium, timed from ``goto`` to the page's turn note, a few times, with and
without preheated kernels.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/seat_link_open.py [--open 10] [--tries 3] [--preheat 0 2]

Reports figures only (the machine's load average beside them); asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import fortress  # noqa: E402
from fortress.store import GameStore  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, chromium, voila_server  # noqa: E402

LOAD = 300  # s: one page on a loaded machine


def run(opened: int, tries: int, preheat: int) -> list[float]:
    folder = Path(tempfile.mkdtemp(prefix="seatlink"))
    url_db = f"sqlite:///{folder / 'class.sqlite3'}"
    os.environ["FORTRESS_STORE"] = url_db
    store = GameStore(url_db)
    games = [store.create_game(fortress.new_game(i, players=2), title=f"t{i}") for i in range(opened // 2 + tries)]
    tokens = [g.tokens[s] for g in games for s in ("1", "2")]
    with voila_server(folder, folder, max_kernels=opened + tries + preheat + 4, preheat=preheat,
                      max_per_address=0, connect_grace=3600, cull_idle=0) as (url, _proc):
        with ThreadPoolExecutor(4) as pool:  # the class's pages arrive four at a time
            codes = list(pool.map(lambda t: requests.get(f"{url}?seat={t}", timeout=LOAD).status_code, tokens[:opened]))
        assert codes == [200] * opened, codes
        times = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            for token in tokens[opened:opened + tries]:
                if preheat:
                    time.sleep(20)  # let the pool refill after the last page took a kernel
                page = browser.new_page()
                t0 = time.perf_counter()
                page.goto(f"{url}?seat={token}", wait_until="commit", timeout=LOAD * 1000)
                page.wait_for_selector(".fortress-turn-now", timeout=LOAD * 1000)
                times.append(time.perf_counter() - t0)
                page.close(run_before_unload=True)
            browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--open", type=int, default=10)
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--preheat", type=int, nargs="+", default=[0, 2])
    args = parser.parse_args()
    for preheat in args.preheat:
        times = run(args.open, args.tries, preheat)
        print(f"preheat {preheat}, {args.open} pages open: seat link to turn note "
              f"{', '.join(f'{t:.1f}' for t in times)} s (median {statistics.median(times):.1f} s); "
              f"load average {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
