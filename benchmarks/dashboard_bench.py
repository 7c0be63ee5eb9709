"""Dashboard figures: first paint (cold and preheated Voila), click-to-map latency in
headless Chromium, and kernel memory (RSS).

    .venv/bin/python benchmarks/dashboard_bench.py [--moves 8] [--preheat 2] [--projector]
    .venv/bin/python benchmarks/dashboard_bench.py --game [--bot random] [--seed 1]
    .venv/bin/python benchmarks/dashboard_bench.py --game --ruleset attack [--players 4] [--bot heuristic]
    .venv/bin/python benchmarks/dashboard_bench.py --bare [--rounds 4] [--paint-only]

``--projector`` measures the clicks with the map in projector mode. ``--game`` plays a whole
game of bot turns in a fresh process through the dashboard (``Bot: step``, a redraw after
every move, as in a kernel) and prints the live widgets over the game and the process's
memory at the end (the kernel's share of a game, without Voila). With ``--ruleset`` the game is
of that ruleset at the dashboard shell (ATTACK!'s panels), its first seat played through the page.

``--bare`` also serves a bare page, one ipyleaflet map with one GeoJSON layer of this board
(a notebook written to a temporary folder, no tiles), preheated like the dashboard, and
paints the two alternately (``--rounds`` pairs, a pause between paints for the pools to
refill): the dashboard's preheated paint as a ratio to the bare page's, which holds on a
loaded machine where absolute times do not. ``--paint-only``: that and nothing else.

Click latency is measured inside the page: a capturing click listener stamps
``performance.now()`` when the click lands, and a MutationObserver on Leaflet's marker
pane stamps the first change of the map after it (the kernel's answer rendered).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from fortress.ui.serve import notebook_path, voila_command, voila_env  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, chromium, free_port, wait_port  # noqa: E402
from tests.e2e.test_dashboard import PICK_JS, play_bots_until_us_reinforcements, tick, wait_tick  # noqa: E402

WATCH_JS = """() => {
    window.__clickAt = null; window.__mapAt = null;
    document.addEventListener('click', () => { window.__clickAt = performance.now(); window.__mapAt = null; }, true);
    document.addEventListener('mousedown', () => { window.__clickAt = performance.now(); window.__mapAt = null; }, true);
    const pane = document.querySelector('.leaflet-marker-pane');
    new MutationObserver(() => { if (window.__clickAt !== null && window.__mapAt === null)
        window.__mapAt = performance.now(); }).observe(pane, {childList: true, subtree: true, attributes: true});
}"""


BARE_SOURCE = """import json
import ipyleaflet as L
from fortress.engine.board import GEODATA_DIR
with open(GEODATA_DIR / "board.geojson", encoding="utf-8") as fh:
    board = json.load(fh)
L.Map(layers=(L.GeoJSON(data=board, style={"weight": 1, "fillOpacity": 0.4}),), center=(38.5, -96.5), zoom=4,
      layout={"height": "500px"})"""
DASHBOARD_PAINTED = ("path.leaflet-interactive", ".fortress-status:has-text('Fortress America')")
BARE_PAINTED = ("path.leaflet-interactive",)


def bare_notebook(folder: str) -> Path:
    """The bare page's notebook: one map, one GeoJSON layer of the board."""
    import nbformat

    path = Path(folder) / "bare.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BARE_SOURCE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def start_voila(extra: list[str], save_dir: str, notebook: Path | None = None) -> tuple[subprocess.Popen, int]:
    port = free_port()
    notebook = notebook or notebook_path()
    cmd = voila_command(notebook, "127.0.0.1", port, no_browser=True) + extra
    env = voila_env(dict(os.environ, FORTRESS_SAVE_DIR=save_dir))
    proc = subprocess.Popen(cmd, cwd=notebook.parent, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    wait_port(port, proc)
    return proc, port


def kernels_rss(proc: subprocess.Popen) -> list[float]:
    import psutil
    out = []
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            if any(k in " ".join(child.cmdline()) for k in ("ipykernel", "fortress.ui.kernel")):
                out.append(child.memory_info().rss / 2**20)
        except psutil.Error:
            pass
    return out


def server_rss(proc: subprocess.Popen) -> float:
    import psutil
    return psutil.Process(proc.pid).memory_info().rss / 2**20


def first_paint(browser, url: str, painted: tuple[str, ...] = DASHBOARD_PAINTED,
                labelled: list[float] | None = None) -> float:
    """Seconds from the request to the page painted (``painted`` all there); with ``labelled``,
    also when the map's first label showed (appended: the labels follow the map's size)."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    t0 = time.perf_counter()
    page.goto(url, timeout=180_000)
    for selector in painted:
        page.wait_for_selector(selector, timeout=180_000)
    seconds = time.perf_counter() - t0
    if labelled is not None:
        page.wait_for_selector(".fortress-map .fa-m", timeout=180_000)
        labelled.append(time.perf_counter() - t0)
    page.close()
    return seconds


def click_latency(browser, url: str, moves: int, projector: bool = False) -> list[float]:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(url, timeout=180_000)
    page.wait_for_selector("path.leaflet-interactive", timeout=180_000)
    if projector:
        page.locator(".fortress-projector-toggle").click()
        page.wait_for_selector(".fortress-app.fortress-projector", timeout=60_000)
    page.locator(".fortress-tabs .lm-TabBar-tab", has_text="Game").click()
    page.locator(".fortress-new-game").click()
    page.wait_for_selector(".fortress-status:has-text('Round')", timeout=60_000)
    play_bots_until_us_reinforcements(page)
    while "Maneuvers" not in page.inner_text(".fortress-status"):  # reinforcements/declare by the fallback
        before = tick(page)
        if page.locator(".fa-m.t").count():
            area, x, y = page.evaluate(PICK_JS, ".fa-m.t") or (None, 0, 0)
            if area and "Declare" not in page.inner_text(".fortress-status"):
                page.mouse.click(x, y)
            else:
                page.locator(".fortress-end").first.click()
        else:
            page.locator(".fortress-ground, .fortress-sabotage, .fortress-end").first.click()
        wait_tick(page, before)
    page.evaluate(WATCH_JS)
    out = []
    for _ in range(moves):
        for _step in ("select", "move"):
            found = page.evaluate(PICK_JS, ".fa-m.t")
            if not found:
                return out
            before = tick(page)
            page.mouse.click(found[1], found[2])
            wait_tick(page, before)
            ms = page.evaluate("() => window.__mapAt !== null ? window.__mapAt - window.__clickAt : null")
            if ms is not None:
                out.append(ms)
    page.close()
    return out


def bare_and_dashboard(browser, save_dir: str, pool: int, rounds: int, settle: float,
                       labelled: list[float]) -> tuple[list, list]:
    """Preheated first paints of the bare page and the dashboard, alternately, in one run."""
    bare_proc, bare_port = start_voila(["--preheat_kernel=True", f"--pool_size={pool}"], save_dir,
                                       bare_notebook(tempfile.mkdtemp(prefix="fortress-bare-")))
    dash_proc, dash_port = start_voila(["--preheat_kernel=True", f"--pool_size={pool}"], save_dir)
    bare, dash = [], []
    try:
        time.sleep(2 * settle)  # both pools run their notebooks
        for _ in range(rounds):
            bare.append(first_paint(browser, f"http://127.0.0.1:{bare_port}/", BARE_PAINTED))
            time.sleep(settle)
            dash.append(first_paint(browser, f"http://127.0.0.1:{dash_port}/", labelled=labelled))
            time.sleep(settle)
    finally:
        for proc in (bare_proc, dash_proc):
            proc.terminate()
            proc.wait()
    return bare, dash


def print_ratio(bare: list[float], dash: list[float], labelled: list[float]) -> None:
    def seconds(xs: list[float]) -> str:
        return ", ".join(f"{x:.2f}" for x in xs)
    print(f"first paint preheated, bare page:       {seconds(bare)} s (median {statistics.median(bare):.2f})")
    print(f"first paint preheated, dashboard:       {seconds(dash)} s (median {statistics.median(dash):.2f})")
    print(f"  ... and its map's labels shown:       {seconds(labelled)} s (median {statistics.median(labelled):.2f})")
    ratios = [d / b for b, d in zip(bare, dash)]
    print(f"dashboard / bare, pair by pair:         {', '.join(f'{r:.2f}' for r in ratios)} "
          f"(median {statistics.median(ratios):.2f}; of medians "
          f"{statistics.median(dash) / statistics.median(bare):.2f})")


def live_widgets() -> int:
    """How many widgets are alive in this process (ipywidgets' registry)."""
    import warnings

    import ipywidgets as W
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


def whole_game(bot: str, seed: int) -> None:
    """Bot turns through the dashboard until the game ends: widgets and memory."""
    import psutil

    import fortress
    from fortress.ui import build_app

    app = build_app(display_it=False, save_dir=tempfile.mkdtemp(prefix="fortress-bench-"))
    app.start(fortress.new_game(seed), {s: bot for s in ("us", "west", "south", "east")})
    rss0, t0 = psutil.Process().memory_info().rss / 2**20, time.perf_counter()
    counts, moves = [live_widgets()], 0
    while app.bot_step():
        moves += 1
        if moves % 200 == 0:
            counts.append(live_widgets())
    counts.append(live_widgets())
    rss = psutil.Process().memory_info().rss / 2**20
    print(f"a whole game of {bot} bots (seed {seed}): {moves} moves, round {app.game.round}, "
          f"{'over' if app.game.is_over else 'not over'}, {time.perf_counter() - t0:.0f} s")
    print(f"live widgets every 200 moves: {', '.join(map(str, counts))}")
    print(f"process RSS: {rss0:.0f} MiB after the first paint, {rss:.0f} MiB at the end")


def shell_game(ruleset: str, players: int, bot: str, seed: int) -> None:
    """A whole game of ``ruleset`` at the dashboard shell's page: the first seat played through
    the page (``Shell.act``, a redraw after each, as a click would), its choices a ``bot``'s, the
    other seats ``bot`` bots; the redraw times, live widgets and the process's memory."""
    import psutil

    from fortress.ai import make_bot
    from fortress.engine import rulesets
    from fortress.ui.shell.app import Shell

    sides = [side for seat in rulesets.get(ruleset).seats(players) for side in seat]
    me = sides[0]
    shell = Shell(ruleset, players=players, seed=seed, seats={s: "human" if s == me else bot for s in sides})
    player = make_bot(bot, seed=seed, ruleset=shell.rules)
    redraws: list[float] = []
    refresh = shell.refresh

    def timed() -> None:
        t = time.perf_counter()
        refresh()
        redraws.append((time.perf_counter() - t) * 1000)
    shell.refresh = timed  # type: ignore[method-assign]
    rss0, t0, counts, moves = psutil.Process().memory_info().rss / 2**20, time.perf_counter(), [live_widgets()], 0
    while not shell.game.is_over:
        if not shell.act(player.choose(shell.game), me):
            raise SystemExit(f"the page refused {me}'s move: {shell.message.value}")
        moves += 1
        if moves % 20 == 0:
            counts.append(live_widgets())
    counts.append(live_widgets())
    rss = psutil.Process().memory_info().rss / 2**20
    print(f"a whole {players}-player {ruleset} game at the shell (seed {seed}, {bot} bots): {moves} moves by the "
          f"page's seat, {len(shell.game.history)} actions, round {shell.game.round}, "
          f"{'over' if shell.game.is_over else 'not over'}, {time.perf_counter() - t0:.0f} s")
    print(f"redraw after a move: median {statistics.median(redraws):.0f} ms, max {max(redraws):.0f} ms "
          f"({len(redraws)} redraws)")
    print(f"live widgets every 20 moves: {', '.join(map(str, counts))}")
    print(f"process RSS: {rss0:.0f} MiB after the first paint, {rss:.0f} MiB at the end")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=8)
    ap.add_argument("--preheat", type=int, default=2)
    ap.add_argument("--projector", action="store_true", help="measure the clicks in projector mode")
    ap.add_argument("--game", action="store_true", help="a whole game of bot turns: widgets and memory")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--ruleset", default=None, help="with --game: a whole game of this ruleset at the dashboard shell")
    ap.add_argument("--players", type=int, default=4, help="with --ruleset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bare", action="store_true", help="also paint a bare map page: the ratio to it")
    ap.add_argument("--rounds", type=int, default=4, help="bare/dashboard pairs of preheated paints")
    ap.add_argument("--settle", type=float, default=12.0, help="seconds between paints (the pool refills)")
    ap.add_argument("--paint-only", action="store_true", help="no cold paints, clicks or memory")
    args = ap.parse_args()
    if args.game and args.ruleset:
        shell_game(args.ruleset, args.players, args.bot, args.seed)
        return
    if args.game:
        whole_game(args.bot, args.seed)
        return
    save_dir = tempfile.mkdtemp(prefix="fortress-bench-")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
        labelled: list[float] = []
        if args.bare or args.paint_only:
            bare, dash = bare_and_dashboard(browser, save_dir, args.preheat, args.rounds, args.settle, labelled)
        if args.paint_only:
            browser.close()
            print_ratio(bare, dash, labelled)
            return
        proc, port = start_voila([], save_dir)
        url = f"http://127.0.0.1:{port}/"
        try:
            cold = first_paint(browser, url)
            warm = first_paint(browser, url)
            lat = click_latency(browser, url, args.moves, args.projector)
            rss = kernels_rss(proc)
            srv = server_rss(proc)
        finally:
            proc.terminate()
            proc.wait()
        proc, port = start_voila(["--preheat_kernel=True", f"--pool_size={args.preheat}"], save_dir)
        try:
            time.sleep(20)  # let the pool's kernels run the notebook
            pre_rss = kernels_rss(proc)
            pre = [first_paint(browser, f"http://127.0.0.1:{port}/") for _ in range(2)]
        finally:
            proc.terminate()
            proc.wait()
        browser.close()
    print(f"first paint, cold server, first page:   {cold:.2f} s")
    print(f"first paint, second page (new kernel):  {warm:.2f} s")
    print(f"first paint, preheat pool={args.preheat}:          {', '.join(f'{s:.2f}' for s in pre)} s")
    if lat:
        print(f"click -> map changed ({len(lat)} clicks):     median {statistics.median(lat):.0f} ms, "
              f"max {max(lat):.0f} ms, min {min(lat):.0f} ms")
    print(f"kernel RSS after a game turn:           {', '.join(f'{r:.0f}' for r in rss)} MiB")
    print(f"idle preheated kernels RSS:             {', '.join(f'{r:.0f}' for r in pre_rss)} MiB")
    print(f"voila server RSS:                       {srv:.0f} MiB")
    if args.bare:
        print_ratio(bare, dash, labelled)


if __name__ == "__main__":
    main()
