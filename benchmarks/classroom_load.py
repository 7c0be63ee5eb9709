"""A class on one machine: N two-seat games (U.S. v the Invaders, both seats students) on one
``fortress serve`` with a SQLite store, each seat a page in headless Chromium, driven by a
scripted client that makes a move in every game at once, round after round.

    .venv/bin/python benchmarks/classroom_load.py [--games 15] [--rounds 6] [--arrive 2]

Reports the server's and the kernels' memory (RSS) once every page is up and at the end,
the machine's CPU while the class waits and while it plays, and the click-to-other-screen
latency under that load: a page stamps ``Date.now()`` when its turn note's ply changes (a
MutationObserver), the client stamps the click; both clocks are this machine's. Moves lost:
clicks the store does not hold at the end (must be 0). The machine's load average is
printed with the figures (other jobs share it). 15 games take about 5 minutes on 2 cores.

Pages open ``--arrive`` tables at a time, as students arrive: opened all at once (30 pages),
only about six pages ever reached their kernels on the busy 2-core machine (benchmarks/NOTES.md).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import fortress  # noqa: E402
from fortress.store import GameStore  # noqa: E402
from fortress.ui.serve import notebook_path, voila_command, voila_env  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, chromium, free_port, wait_port  # noqa: E402
from tests.e2e.test_classroom import choose, type_action  # noqa: E402

WATCH_JS = """() => {
    window.__plyAt = {};
    const note = document.querySelector('.fortress-turn-note');
    const stamp = () => { const e = document.querySelector('.fortress-turn-now');
        if (e && !(e.dataset.ply in window.__plyAt)) window.__plyAt[e.dataset.ply] = Date.now(); };
    stamp();
    new MutationObserver(stamp).observe(note, {childList: true, subtree: true, attributes: true, characterData: true});
}"""


def rss(proc: subprocess.Popen) -> tuple[float, list[float]]:
    """The server's RSS and each page kernel's (MB)."""
    server = psutil.Process(proc.pid)
    kernels = []
    for child in server.children(recursive=True):
        try:
            if "fortress.ui.kernel" in " ".join(child.cmdline()):
                kernels.append(child.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return server.memory_info().rss / 2**20, kernels


def load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def cpu_of(proc: subprocess.Popen, seconds: float) -> float:
    """CPU used by the server and its kernels over ``seconds``, in cores."""
    procs = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]

    def total() -> float:
        out = 0.0
        for p in procs:
            try:
                t = p.cpu_times()
                out += t.user + t.system
            except psutil.Error:
                pass
        return out

    before = total()
    time.sleep(seconds)
    return (total() - before) / seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=6, help="moves per game (each seat in turn)")
    ap.add_argument("--arrive", type=int, default=2, help="games whose pages open together")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="classroom_load_"))
    url_db = f"sqlite:///{folder / 'class.sqlite3'}"
    store = GameStore(url_db)
    games = [store.create_game(fortress.new_game(100 + i, players=2, setup="balanced"), seats={"2": "human"},
                               title=f"Table {i + 1}") for i in range(args.games)]
    port = free_port()
    env = voila_env(dict(os.environ, FORTRESS_STORE=url_db, FORTRESS_SAVE_DIR=str(folder / "autosave")))
    cmd = voila_command(notebook_path(), "127.0.0.1", port, no_browser=True, max_kernels=2 * args.games + 4,
                        cull_idle=0)  # a slow start on a busy machine must not cull the first tables
    proc = subprocess.Popen(cmd, cwd=notebook_path().parent, env=env, stdout=(folder / "voila.log").open("w"),
                            stderr=subprocess.STDOUT)
    latencies: list[float] = []
    missed = 0
    clicked_per_game = {made.game_id: 0 for made in games}
    print(f"python benchmarks/classroom_load.py --games {args.games} --rounds {args.rounds} --arrive {args.arrive}; "
          f"{load()}", flush=True)
    try:
        wait_port(port, proc)
        url = f"http://127.0.0.1:{port}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            t0 = time.time()
            pages: list[dict] = []
            for first in range(0, len(games), args.arrive):  # students arrive a few tables at a time
                batch = []
                for made in games[first:first + args.arrive]:
                    seats = {}
                    for seat, side in (("1", "us"), ("2", "invaders")):
                        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
                        page.goto(f"{url}?seat={made.tokens[seat]}", wait_until="commit", timeout=600_000)
                        seats[side] = page
                    batch.append(seats)
                for seats in batch:
                    for page in seats.values():
                        page.wait_for_selector(".fortress-turn-now", timeout=900_000)
                        page.evaluate(WATCH_JS)
                pages += batch
                print(f"{len(pages)} games up after {time.time() - t0:.0f} s", flush=True)
            up = time.time() - t0
            server_mb, kernel_mb = rss(proc)
            idle_cpu = cpu_of(proc, 10)
            print(f"{args.games} games, {len(kernel_mb)} pages up in {up:.0f} s; server {server_mb:.0f} MB, kernels "
                  f"{sum(kernel_mb):.0f} MB (median {statistics.median(kernel_mb):.0f} MB); waiting class: "
                  f"{idle_cpu:.2f} cores; {load()}", flush=True)
            busy: list[float] = []
            for _round in range(args.rounds):
                clicks = []
                for made, seats in zip(games, pages):
                    ply, game = store.snapshot(made.game_id)
                    if game.is_over:
                        continue
                    mover = seats["us"] if game.side == "us" else seats["invaders"]
                    other = seats["invaders"] if mover is seats["us"] else seats["us"]
                    mover.wait_for_function("p => Number(document.querySelector('.fortress-turn-now')"
                                            ".dataset.ply) >= p", arg=ply, timeout=120_000)
                    type_action(mover, choose(game))
                    clicks.append((other, ply + 1, time.time() * 1000))
                    clicked_per_game[made.game_id] += 1
                c0 = sum(p.cpu_times().user + p.cpu_times().system for p in [psutil.Process(proc.pid),
                         *psutil.Process(proc.pid).children(recursive=True)])
                w0 = time.time()
                for other, ply, clicked in clicks:
                    try:
                        other.wait_for_function("p => String(p) in window.__plyAt", arg=ply, timeout=120_000)
                    except PlaywrightTimeout:
                        missed += 1  # the click did not take (or never showed): counted, not timed
                        continue
                    latencies.append((other.evaluate("p => window.__plyAt[String(p)]", ply) - clicked) / 1000)
                c1 = sum(p.cpu_times().user + p.cpu_times().system for p in [psutil.Process(proc.pid),
                         *psutil.Process(proc.pid).children(recursive=True)])
                busy.append((c1 - c0) / max(1e-3, time.time() - w0))
            server_mb, kernel_mb = rss(proc)
            ordered = sorted(latencies)
            lost = sum(n - store.plies(game_id) for game_id, n in clicked_per_game.items())
            print(f"after {len(latencies)} moves: server {server_mb:.0f} MB, kernels {sum(kernel_mb):.0f} MB "
                  f"(median {statistics.median(kernel_mb):.0f}, min {min(kernel_mb):.0f}, max {max(kernel_mb):.0f} MB; "
                  f"each: {' '.join(f'{m:.0f}' for m in sorted(kernel_mb))})")
            print(f"click to the other seat's screen, {args.games} games moving at once: median "
                  f"{statistics.median(ordered):.2f} s, p95 {ordered[int(0.95 * (len(ordered) - 1))]:.2f} s, "
                  f"max {ordered[-1]:.2f} s ({missed} moves not seen, {lost} moves lost of "
                  f"{sum(clicked_per_game.values())}); server+kernels while playing: "
                  f"{statistics.median(busy):.2f} cores; {load()}; {time.time() - t0:.0f} s in all", flush=True)
            browser.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
