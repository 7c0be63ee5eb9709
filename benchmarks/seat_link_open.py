"""How long a seat link takes to open with other pages already open (issue 35, item 11):
one ``fortress serve`` (the Voila app, a SQLite store) on this machine's loopback only, N
pages already open on seat links of two-seat games (plain HTTP clients: their kernels run
the dashboard and follow their games as a browser's would), then a seat link opened in
headless Chromium, timed from ``goto`` to the page's turn note, a few times, with and
without preheated kernels.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/seat_link_open.py [--open 10] [--tries 3] [--preheat 0 2]
        [--defaults] [--ruleset attack] [--trees BEFORE .] [--phases N]

Each open is split by the page's navigation timing: the first byte (Voila sends the page's
head at once), the last byte (the page's kernel started and ran the notebook: the server's
part) and the turn note drawn (the browser loaded Voila's scripts, fetched the widgets'
state from the kernel and drew them). ``--trees`` runs the same measurement on other source
trees (a server and its kernels import fortress from the tree: ``PYTHONPATH``) in one run,
every tree's server up with its pages open at once and the seat links opened on each in turn:
for a before/after, unpack the old commit with
``mkdir /tmp/before && git archive COMMIT | tar -x -C /tmp/before``. ``--defaults`` runs it
once more with each tree's server keeping the kernels ready that its ``fortress serve`` keeps
by default (its ``--preheat`` default). ``--ruleset NAME`` serves that ruleset's games in the
dashboard shell (``fortress serve --ruleset NAME``; drawn: the page says which side it plays
and shows its panel) instead of Fortress America's. ``--phases`` first
times, per tree, what one page's kernel does in a fresh process (no server, no browser):
importing the widget libraries and the dashboard, the store's first read of a seat's game,
building the dashboard. Reports figures only (medians; the machine's load average beside
them); asserts nothing.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import requests  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import fortress  # noqa: E402
from fortress.store import GameStore  # noqa: E402
from fortress.ui.shell import RULESET_ENV  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, chromium, voila_server  # noqa: E402

LOAD = 300  # s: one page on a loaded machine
#: the page's turn note drawn, in the page's clock (ms since navigation started)
DRAWN_JS = "() => document.querySelector('.fortress-turn-now') ? performance.now() : false"
#: the shell's page drawn on its seat (``--ruleset``): its panel, and its links saying which side it plays
SHELL_DRAWN_JS = """() => document.querySelector('.fortress-shell-panel-title')
    && (document.querySelector('.fortress-shell-links') || {}).textContent?.includes('this page plays')
    ? performance.now() : false"""
NAVIGATION_JS = "() => { const n = performance.getEntriesByType('navigation')[0]; return [n.responseStart, n.responseEnd]; }"

#: one page's kernel work in a fresh process, each step timed (``--phases``)
PHASES = """
import json, sys, tempfile, time
t = [time.perf_counter()]
import ipywidgets, ipyleaflet
t.append(time.perf_counter())
import fortress
from fortress.store import GameStore
from fortress.rulesets.america.dashboard.app import App
from fortress.ui import build_app
t.append(time.perf_counter())
url = f"sqlite:///{tempfile.mkdtemp()}/class.sqlite3"
made = GameStore(url).create_game(fortress.new_game(1, players=2), title="t")
store = GameStore(url)  # a page's own store: nothing cached
t.append(time.perf_counter())
store.seat_view(made.tokens["1"])
t.append(time.perf_counter())
build_app(display_it=False, store=store, query={"seat": made.tokens["1"]})
t.append(time.perf_counter())
print(json.dumps([b - a for a, b in zip(t, t[1:])]))
"""
PHASE_NAMES = ("import ipywidgets+ipyleaflet", "import the dashboard", "(make a game)", "first read of a seat",
               "build the dashboard on it")


@dataclass
class Open:
    """One seat link opened: seconds from ``goto`` to the first byte, the last byte, the turn note."""

    first: float
    last: float
    drawn: float


@dataclass
class Server:
    """One tree's server with its class's pages open, and the seat links left to open."""

    tree: Path
    url: str
    tokens: list[str]
    times: list[Open]


@contextmanager
def server(tree: Path, opened: int, tries: int, preheat: int, ruleset: str = "") -> Iterator[Server]:
    """A ``fortress serve`` (``--ruleset``: the shell's) importing fortress from ``tree``, with
    ``opened`` seat-link pages open."""
    folder = Path(tempfile.mkdtemp(prefix="seatlink"))
    url_db = f"sqlite:///{folder / 'class.sqlite3'}"
    store = GameStore(url_db)
    games = [store.create_game(fortress.new_game(i, players=2, ruleset=ruleset or None), title=f"t{i}")
             for i in range(opened // 2 + tries)]
    tokens = [g.tokens[s] for g in games for s in ("1", "2")]
    env = {"FORTRESS_STORE": url_db, "PYTHONPATH": str(tree), **({RULESET_ENV: ruleset} if ruleset else {})}
    with voila_server(folder, folder, env=env, notebook="start.ipynb" if ruleset else "play.ipynb",
                      max_kernels=opened + tries + preheat + 4, preheat=preheat,
                      max_per_address=0, connect_grace=3600, cull_idle=0) as (url, _proc):
        with ThreadPoolExecutor(4) as pool:  # the class's pages arrive four at a time
            codes = list(pool.map(lambda t: requests.get(f"{url}?seat={t}", timeout=LOAD).status_code, tokens[:opened]))
        assert codes == [200] * opened, codes
        yield Server(tree, url, tokens[opened:opened + tries], [])


def open_seat(browser, url: str, token: str, drawn_js: str = DRAWN_JS) -> Open:
    """Open one seat link in a new page: its times (:class:`Open`)."""
    page = browser.new_page()
    page.goto(f"{url}?seat={token}", wait_until="commit", timeout=LOAD * 1000)
    drawn = page.wait_for_function(drawn_js, timeout=LOAD * 1000, polling=50).json_value()
    first, last = page.evaluate(NAVIGATION_JS)
    page.close(run_before_unload=True)
    return Open(first / 1000, last / 1000, drawn / 1000)


def run(trees: list[Path], opened: int, tries: int, preheats: dict[Path, int], ruleset: str = "") -> list[Server]:
    """Every tree's server up at once (``preheats``: its kernels kept ready), its pages open;
    then a seat link on each in turn, ``tries`` rounds (the trees alternate: a shift in the
    machine's load falls on all)."""
    preheat = max(preheats.values())
    with ExitStack() as stack:
        servers = [stack.enter_context(server(tree, opened, tries, preheats[tree], ruleset)) for tree in trees]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            for i in range(tries):
                for up in servers:
                    if preheat:
                        time.sleep(20)  # let the pool refill after the last page took a kernel
                    up.times.append(open_seat(browser, up.url, up.tokens[i], SHELL_DRAWN_JS if ruleset else DRAWN_JS))
            browser.close()
    return servers


def default_preheat(tree: Path) -> int:
    """The kernels ``fortress serve`` keeps ready by default in ``tree`` (its ``--preheat`` default)."""
    code = "from fortress.cli.serve import serve; print(next(p.default for p in serve.params if p.name == 'preheat'))"
    return int(subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(tree)),
                              cwd=tempfile.gettempdir(), check=True, capture_output=True, text=True).stdout)


def phases(tree: Path, rounds: int) -> list[list[float]]:
    """:data:`PHASES` run ``rounds`` times in fresh processes importing fortress from ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    return [json.loads(subprocess.run([sys.executable, "-c", PHASES], env=env, cwd=tempfile.gettempdir(),
                                      check=True, capture_output=True, text=True).stdout) for _ in range(rounds)]


def median(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}"


def report(tree: Path, preheat: int, opened: int, times: list[Open]) -> None:
    print(f"{tree}: preheat {preheat}, {opened} pages open: seat link to turn note "
          f"{', '.join(f'{t.drawn:.1f}' for t in times)} s (median {median([t.drawn for t in times])} s; "
          f"first byte {median([t.first for t in times])}, last byte {median([t.last for t in times])}, "
          f"last byte to drawn {median([t.drawn - t.last for t in times])}); "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--open", type=int, default=10)
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--preheat", type=int, nargs="*", default=[0, 2], help="pool sizes (none: no server)")
    parser.add_argument("--defaults", action="store_true", help="also each tree's fortress serve default preheat")
    parser.add_argument("--ruleset", default="", help="serve this ruleset in the dashboard shell")
    parser.add_argument("--trees", type=Path, nargs="+", default=[ROOT], help="source trees to compare")
    parser.add_argument("--phases", type=int, default=0, metavar="N", help="time a kernel's steps N times per tree")
    args = parser.parse_args()
    trees = [t.resolve() for t in args.trees]
    if args.phases:
        found = {tree: [] for tree in trees}
        for _ in range(args.phases):  # the trees alternately: the machine's load shifts under both alike
            for tree in trees:
                found[tree] += phases(tree, 1)
        for tree, rows in found.items():
            print(f"{tree}: a kernel's steps, median of {len(rows)} fresh processes (s): " + "; ".join(
                f"{name} {median([r[i] for r in rows])}" for i, name in enumerate(PHASE_NAMES)), flush=True)
    runs = [{tree: preheat for tree in trees} for preheat in args.preheat]
    runs += [{tree: default_preheat(tree) for tree in trees}] if args.defaults else []
    for preheats in runs:
        for up in run(trees, args.open, args.tries, preheats, args.ruleset):
            report(up.tree, preheats[up.tree], args.open, up.times)


if __name__ == "__main__":
    main()
