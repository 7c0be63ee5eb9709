"""The dashboard in a browser tab, served by Voila (the ``fortress serve`` command is
:mod:`fortress.cli.serve`).

Runs ``python -m voila notebooks/play.ipynb`` with the options below. The notebook is
looked up next to the package (a source checkout) and, failing that, in the package's
copy a regular install puts in ``<prefix>/share/fortress/notebooks``.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click

HERE = Path(__file__).resolve().parent
#: Jupyter data folder holding the ``fortress-offline`` Voila template (the lab template
#: without its Font Awesome CDN links: nothing is fetched from the internet at run time)
TEMPLATES = HERE / "voila"
TEMPLATE = "fortress-offline"


def notebook_path() -> Path:
    """Where ``play.ipynb`` is: inside the package (``fortress/notebooks/``), found with
    :mod:`importlib.resources` whatever the install."""
    from importlib import resources

    path = Path(str(resources.files("fortress") / "notebooks" / "play.ipynb"))
    if not path.is_file():
        raise click.ClickException(f"play.ipynb not found at {path}: reinstall fortress")
    return path


def voila_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the fortress template folder first on
    ``JUPYTER_PATH``, where Voila looks for templates."""
    env = dict(os.environ if env is None else env)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    return env


def voila_command(notebook: Path, ip: str = "127.0.0.1", port: int = 8866, preheat: int = 0,
                  cull_idle: int = 0, no_browser: bool = False, extra: tuple[str, ...] = ()) -> list[str]:
    """The command line that starts Voila on the dashboard notebook."""
    cmd = [sys.executable, "-m", "voila", str(notebook), f"--Voila.ip={ip}", f"--port={port}",
           f"--template={TEMPLATE}"]
    if no_browser:
        cmd.append("--no-browser")
    if preheat > 0:
        cmd += ["--preheat_kernel=True", f"--pool_size={preheat}"]
    if cull_idle > 0:
        cmd += [f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
                f"--MappingKernelManager.cull_interval={max(10, min(60, cull_idle // 2))}",
                "--MappingKernelManager.cull_connected=False"]
    return cmd + list(extra)
