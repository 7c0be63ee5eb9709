"""Preheated first paints of the bare map page and of several trees' dashboards, painted in
rotation in one run (e.g. main against a branch: the machine's load hits them alike), with
in-page stamps: the page's ``load``, the kernel's websocket open, its first large message
(the widgets' state), the first territory in the DOM, and ``shown``: a territory and (the
dashboard) the status line laid out with a size, seen from a ``requestAnimationFrame`` loop
inside the page. The wall-clock figure (``dashboard_bench.first_paint``'s) also counts
Playwright's round trips, which wait while the page is busy after its paint (the dashboard's
labels arrive then).

    .venv/bin/python benchmarks/paint_rotation.py --rounds 8 main=/work/main branch=/work/wt/map

Each tree's kernels import that tree (``PYTHONPATH``); the first tree's bench code is used.
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

from benchmarks.dashboard_bench import BARE_PAINTED, DASHBOARD_PAINTED, bare_notebook  # noqa: E402
from fortress.ui.serve import voila_command, voila_env  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, chromium, free_port, wait_port  # noqa: E402

STAMPS_JS = """
window.__st = {};
const stamp = k => { if (!(k in window.__st)) window.__st[k] = performance.now(); };
const Native = window.WebSocket;
window.WebSocket = function (...args) {
    const ws = new Native(...args);
    ws.addEventListener('open', () => stamp('socket'));
    ws.addEventListener('message', ev => {
        const n = typeof ev.data === 'string' ? ev.data.length : (ev.data.byteLength || ev.data.size || 0);
        if (n > 100000) stamp('state');
    });
    return ws;
};
window.WebSocket.prototype = Native.prototype;
Object.assign(window.WebSocket, Native);
new MutationObserver(() => {
    if (document.querySelector('path.leaflet-interactive')) stamp('path');
}).observe(document, {childList: true, subtree: true});
addEventListener('load', () => stamp('load'));
(function painted() {  // the page's first paint as the bench defines it, seen from inside the page
    const shown = sel => [...document.querySelectorAll(sel)].some(e => e.getBoundingClientRect().width > 0);
    const status = document.querySelector('.fortress-status');
    if (shown('path.leaflet-interactive') && (!document.querySelector('.fortress-app') ||
            (status && status.textContent.includes('Fortress America') && shown('.fortress-status')))) stamp('shown');
    else requestAnimationFrame(painted);
})();
"""
STAGES = ("load", "socket", "state", "path", "shown")


def start(tree: Path, notebook: Path, save_dir: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    cmd = voila_command(notebook, "127.0.0.1", port, no_browser=True) + ["--preheat_kernel=True", "--pool_size=2"]
    env = voila_env(dict(os.environ, FORTRESS_SAVE_DIR=save_dir, PYTHONPATH=str(tree)))
    proc = subprocess.Popen(cmd, cwd=notebook.parent, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_port(port, proc)
    return proc, port


def paint(browser, url: str, painted: tuple[str, ...]) -> tuple[float, dict]:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script(STAMPS_JS)
    t0 = time.perf_counter()
    page.goto(url, timeout=180_000)
    for selector in painted:
        page.wait_for_selector(selector, timeout=180_000)
    seconds = time.perf_counter() - t0
    stamps = page.evaluate("() => window.__st")
    page.close()
    return seconds, stamps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", nargs="+", help="name=path of a checkout")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--settle", type=float, default=8.0, help="seconds between paints (the pool refills)")
    args = ap.parse_args()
    save_dir = tempfile.mkdtemp(prefix="fortress-bench-")
    servers = {"bare": start(ROOT, bare_notebook(tempfile.mkdtemp(prefix="fortress-bare-")), save_dir)}
    for name, tree in (t.split("=", 1) for t in args.trees):
        servers[name] = start(Path(tree), Path(tree) / "fortress" / "notebooks" / "play.ipynb", save_dir)
    runs: dict[str, list[tuple[float, dict]]] = {k: [] for k in servers}
    try:
        time.sleep(10 + 5 * len(servers))  # every pool runs its notebooks
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            for r in range(args.rounds):
                for name in list(servers)[::1 if r % 2 == 0 else -1]:
                    painted = BARE_PAINTED if name == "bare" else DASHBOARD_PAINTED
                    runs[name].append(paint(browser, f"http://127.0.0.1:{servers[name][1]}/", painted))
                    time.sleep(args.settle)
            browser.close()
    finally:
        for proc, _port in servers.values():
            proc.terminate()
            proc.wait()
    bare = statistics.median(s for s, _ in runs["bare"])
    for name, rows in runs.items():
        secs = [s for s, _ in rows]
        pairs = [s / b for s, (b, _) in zip(secs, runs["bare"])]
        stages = ", ".join(f"{k} {statistics.median(st.get(k, 0) for _, st in rows):.0f}" for k in STAGES)
        print(f"{name:8s} median {statistics.median(secs):.2f} s ({statistics.median(secs) / bare:.2f} x bare, "
              f"pairs {statistics.median(pairs):.2f}) [{', '.join(f'{s:.2f}' for s in secs)}]; in-page ms: {stages}")


if __name__ == "__main__":
    main()
