"""``fortress serve``: the dashboard in a browser tab, served by Voila."""
from __future__ import annotations

import subprocess

import click

from fortress.ui.serve import notebook_path, voila_command, voila_env


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--ip", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for a classroom LAN).")
@click.option("--port", default=8866, show_default=True, type=int)
@click.option("--preheat", default=0, show_default=True, type=int, help="Kernels kept ready (Voila preheat pool size).")
@click.option("--cull-idle", default=0, show_default=True, type=int, metavar="SECONDS",
              help="Shut down kernels idle this long (0: never).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser tab.")
@click.argument("voila_args", nargs=-1, type=click.UNPROCESSED)
def serve(ip: str, port: int, preheat: int, cull_idle: int, no_browser: bool, voila_args: tuple[str, ...]) -> None:
    """Play Fortress America in the browser (the Voila dashboard)."""
    notebook = notebook_path()
    cmd = voila_command(notebook, ip, port, preheat, cull_idle, no_browser, voila_args)
    click.echo(f"Fortress America at http://{ip if ip != '0.0.0.0' else 'localhost'}:{port}/  (Ctrl-C to stop)")
    env = voila_env()
    try:
        raise SystemExit(subprocess.call(cmd, cwd=str(notebook.parent), env=env))
    except KeyboardInterrupt:
        raise SystemExit(0) from None
