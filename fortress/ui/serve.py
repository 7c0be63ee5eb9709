"""The dashboard in a browser tab, served by Voila (the ``fortress serve`` command is
:mod:`fortress.cli.serve`).

Runs ``python -m fortress.ui.voila_app fortress/notebooks/play.ipynb`` (Voila with the
classroom limits of :mod:`fortress.ui.voila_app`) with the options below; the notebook is
the package's copy (:func:`notebook_path`).
"""
from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import click

HERE = Path(__file__).resolve().parent
#: the classroom store's address and the teacher's token, as ``fortress serve`` passes them to the pages' kernels
STORE_ENV = "FORTRESS_STORE"
TEACHER_ENV = "FORTRESS_TEACHER_TOKEN"
#: the browser's own secret (``fortress serve`` gives each browser a cookie and passes it to
#: the page's kernel as this request header, :mod:`fortress.ui.voila_app`)
BROWSER_HEADER = "X-Fortress-Browser"
#: largest save file a dashboard loads (a long game's save is ~0.1 MB); the server's
#: websocket message limit (fortress.ui.voila_app) and the page's own check derive from it
MAX_SAVE_BYTES = 2_000_000
#: Jupyter data folder holding the ``fortress-offline`` Voila template (the lab template
#: without its Font Awesome CDN links: nothing is fetched from the internet at run time)
TEMPLATES = HERE / "voila"
TEMPLATE = "fortress-offline"
#: the dashboard's address for students' machines (``fortress serve --public-url``, or its
#: LAN address with ``--ip 0.0.0.0``): seat links are made with it, not the page's own host
PUBLIC_URL_ENV = "FORTRESS_PUBLIC_URL"


def notebook_path(name: str = "play.ipynb") -> Path:
    """Where ``play.ipynb`` (or notebook ``name``: ``start.ipynb`` for the dashboard shell) is:
    inside the package (``fortress/notebooks/``), found with :mod:`importlib.resources`
    whatever the install."""
    from importlib import resources

    path = Path(str(resources.files("fortress") / "notebooks" / name))
    if not path.is_file():
        raise click.ClickException(f"{name} not found at {path}: reinstall fortress")
    return path


def served_title(env: dict[str, str] | None = None) -> str:
    """The game the server serves: the title of the ruleset ``fortress serve --ruleset`` named
    (``$FORTRESS_RULESET``), else Fortress America."""
    from fortress.ui.shell import RULESET_ENV

    name = (os.environ if env is None else env).get(RULESET_ENV, "")
    if not name:
        return "Fortress America"
    from fortress.engine import rulesets

    return rulesets.get(name).title or name


def voila_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the fortress template folder first on
    ``JUPYTER_PATH``, where Voila looks for templates."""
    env = dict(os.environ if env is None else env)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    return env


#: classroom defaults (``fortress serve --help``): a 2-core laptop with 8 GB serves about
#: 40 kernels of ~120 MB; idle kernels of closed tabs go after 10 minutes; a class opening
#: the page at once needs far more than Voila's 4 s wait for a kernel's first output
MAX_KERNELS = 40
CULL_IDLE = 600
IOPUB_TIMEOUT = 180  # s: twenty kernels starting at once on 2 cores took up to ~65 s to first output
#: kernels of pages without a seat or teacher link from one address, before their browsers
#: connect (issue 40: a loop of requests cannot fill the server); a kernel whose page never
#: connects goes this many seconds after its page was sent (the teacher's excepted): a browser
#: on a 2-core server at load 15 took over 20 s from the page's last byte to connecting
MAX_PER_ADDRESS = 5
CONNECT_GRACE = 60
#: kernels ``fortress serve`` keeps ready (Voila's preheat pool): a seat link served by one opened
#: in a median 3.8-4.0 s with 10 pages open on 2 cores at load 4-8, 5.5-7 s without (issue 35,
#: item 11; docs/performance.md); each costs ~120 MB while it waits, and counts toward the cap
PREHEAT = 2


def voila_command(notebook: Path, ip: str = "127.0.0.1", port: int = 8866, preheat: int = 0,
                  cull_idle: int = CULL_IDLE, no_browser: bool = False, extra: tuple[str, ...] = (),
                  max_kernels: int = MAX_KERNELS, iopub_timeout: int = IOPUB_TIMEOUT,
                  max_per_address: int = MAX_PER_ADDRESS, connect_grace: int = CONNECT_GRACE) -> list[str]:
    """The command line that starts the fortress Voila app (:mod:`fortress.ui.voila_app`)
    on the dashboard notebook."""
    cmd = [sys.executable, "-m", "fortress.ui.voila_app", str(notebook), f"--Voila.ip={ip}", f"--port={port}",
           f"--template={TEMPLATE}", f"--max_kernels={max_kernels}",
           f"--FortressKernelManager.max_per_address={max_per_address}",
           f"--FortressKernelManager.connect_grace={connect_grace}",
           f"--VoilaExecutor.iopub_timeout={iopub_timeout}",
           # the browser's own secret (a cookie) and kind reach the page's kernel: seats are held by it
           "--VoilaConfiguration.http_header_envs=['X-Fortress-Browser', 'User-Agent']",
           f"--VoilaExecutor.startup_timeout={max(60, 2 * iopub_timeout)}",
           "--VoilaConfiguration.allow_template_override=NO", "--VoilaConfiguration.allow_theme_override=NO",
           # a restarted kernel cannot serve the page that lost it (its widgets are gone):
           # a kernel that dies is dropped, its slot freed, and the page told
           "--KernelRestarter.restart_limit=0",
           # widget updates are never throttled (dropped): see fortress.ui.voila_app
           "--ZMQChannelsWebsocketConnection.limit_rate=False"]
    if os.name == "posix":  # kernels talk over Unix sockets: no TCP port races when a class starts 20 at once
        cmd.append("--KernelManager.transport=ipc")
    if no_browser:
        cmd.append("--no-browser")
    if preheat > 0:
        cmd += ["--preheat_kernel=True", f"--pool_size={preheat}"]
    if cull_idle > 0:
        cmd += [f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
                f"--MappingKernelManager.cull_interval={max(5, min(60, cull_idle // 2))}",
                "--MappingKernelManager.cull_connected=False"]
    return cmd + list(extra)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other machines can reach (no loopback, no link-local)."""
    import psutil  # a dependency of ipykernel

    found = {a.address for addrs in psutil.net_if_addrs().values() for a in addrs
             if a.family == socket.AF_INET}
    return sorted(a for a in found if not a.startswith(("127.", "169.254.")))


def banner(ip: str, port: int, title: str = "Fortress America") -> str:
    """The line ``fortress serve`` prints once the server listens: where to connect."""
    if ip in ("", "0.0.0.0"):
        others = "  ".join(f"http://{a}:{port}/" for a in lan_addresses()) or "(no network address found)"
        return (f"{title} at http://localhost:{port}/ on this machine; from other machines: "
                f"{others}  (Ctrl-C to stop)")
    host = f"[{ip}]" if ":" in ip else ip
    return f"{title} at http://{host}:{port}/  (Ctrl-C to stop)"
