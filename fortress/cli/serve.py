"""``fortress serve``: the dashboard in a browser tab, served by Voila."""
from __future__ import annotations

import subprocess

import click

from fortress.ui.serve import CULL_IDLE, IOPUB_TIMEOUT, MAX_KERNELS, notebook_path, voila_command, voila_env


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--ip", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for a classroom LAN).")
@click.option("--port", default=8866, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on; the server stops if it is taken.")
@click.option("--preheat", default=0, show_default=True, type=click.IntRange(0, 64),
              help="Kernels kept ready (Voila preheat pool size; they count toward --max-kernels).")
@click.option("--max-kernels", default=MAX_KERNELS, show_default=True, type=click.IntRange(0, 10_000),
              help="Most games open at once, one kernel (~85 MB) each; past it a page says the server is full (0: no limit).")
@click.option("--cull-idle", default=CULL_IDLE, show_default=True, type=click.IntRange(0, 7 * 24 * 3600),
              metavar="SECONDS", help="Shut down kernels without a browser tab, idle this long (0: never).")
@click.option("--iopub-timeout", default=IOPUB_TIMEOUT, show_default=True, type=click.IntRange(1, 3600),
              metavar="SECONDS", help="How long a page waits for its kernel's output (a class loading at once needs time).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser tab.")
@click.argument("voila_args", nargs=-1, type=click.UNPROCESSED)
def serve(ip: str, port: int, preheat: int, max_kernels: int, cull_idle: int, iopub_timeout: int,
          no_browser: bool, voila_args: tuple[str, ...]) -> None:
    """Play Fortress America in the browser (the Voila dashboard). The server prints the
    addresses to open once it listens."""
    if 0 < max_kernels <= preheat:
        raise click.BadParameter(f"must be larger than --preheat ({preheat})", param_hint="--max-kernels")
    notebook = notebook_path()
    cmd = voila_command(notebook, ip, port, preheat, cull_idle, no_browser, voila_args,
                        max_kernels=max_kernels, iopub_timeout=iopub_timeout)
    try:
        raise SystemExit(subprocess.call(cmd, cwd=str(notebook.parent), env=voila_env()))
    except KeyboardInterrupt:
        raise SystemExit(0) from None
