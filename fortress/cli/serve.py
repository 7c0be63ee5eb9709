"""``fortress serve``: the dashboard in a browser tab, served by Voila."""
from __future__ import annotations

import difflib
import os
import re
import secrets
import signal
import subprocess

from urllib.parse import urlsplit

import click

from fortress.cli.options import require_extra
from fortress.ui.shell import RULESET_ENV
from fortress.ui.serve import (CULL_IDLE, IOPUB_TIMEOUT, MAX_KERNELS, MAX_PER_ADDRESS, PREHEAT, PUBLIC_URL_ENV,
                               lan_addresses, notebook_path, voila_command, voila_env)


#: what the dashboard's server and pages import (the 'dashboard' extra)
DASHBOARD_MODULES = ("voila", "ipykernel", "ipywidgets", "ipyleaflet", "sqlalchemy", "platformdirs", "psutil")
#: a Voila setting passed on as it is: --Class.trait=value
VOILA_SETTING = re.compile(r"--[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+=.*", re.DOTALL)


@click.command(context_settings={"ignore_unknown_options": True})
@click.option("--ip", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for a classroom LAN).")
@click.option("--port", default=8866, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on; the server stops if it is taken.")
@click.option("--preheat", default=PREHEAT, show_default=True, type=click.IntRange(0, 64),
              help="Kernels kept ready, ~120 MB each, so a page or seat link opens in seconds (Voila's preheat "
                   "pool; they count toward --max-kernels, which must be larger; 0: each page starts its own).")
@click.option("--max-kernels", default=MAX_KERNELS, show_default=True, type=click.IntRange(0, 10_000),
              help="Most kernels at once, preheated ones included: one (~120 MB) per open page; past it a page "
                   "says the server is full (0: no limit).")
@click.option("--max-per-address", default=MAX_PER_ADDRESS, show_default=True, type=click.IntRange(0, 10_000),
              help="Pages still opening (no browser connected yet) that one network address may hold, except seat "
                   "and teacher links (0: no limit).")
@click.option("--cull-idle", default=CULL_IDLE, show_default=True, type=click.IntRange(0, 7 * 24 * 3600),
              metavar="SECONDS", help="Shut down kernels without a browser tab, idle this long (0: never).")
@click.option("--iopub-timeout", default=IOPUB_TIMEOUT, show_default=True, type=click.IntRange(1, 3600),
              metavar="SECONDS", help="How long a page waits for its kernel's output (a class loading at once needs time).")
@click.option("--store", "store_url", default=None, metavar="URL",
              help="The shared game store: sqlite:///FILE or postgresql://... (default: $FORTRESS_STORE, "
                   "else games.sqlite3 in fortress's data folder).")
@click.option("--public-url", default=None, metavar="URL",
              help="The dashboard's address as students reach it (a hub or proxy: https://host/path/); links "
                   "are printed and made with it (default with --ip 0.0.0.0: this machine's network address).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser tab.")
@click.option("--ruleset", default=None, metavar="NAME",
              help="Serve the dashboard shell for this installed ruleset (e.g. attack, aif) instead of Fortress "
                   "America's dashboard; with --store (or $FORTRESS_STORE) its pages play stored games by seat links.")
@click.argument("voila_args", nargs=-1, type=click.UNPROCESSED, metavar="[--Class.trait=value]...")
def serve(ip: str, port: int, preheat: int, max_kernels: int, max_per_address: int, cull_idle: int, iopub_timeout: int,
          no_browser: bool, store_url: str | None, public_url: str | None, ruleset: str | None,
          voila_args: tuple[str, ...]) -> None:
    """Play Fortress America in the browser (the Voila dashboard), or with --ruleset another
    installed ruleset in the dashboard shell. The server prints the addresses to open once it
    listens. Voila settings may follow, as --Class.trait=value."""
    require_extra("fortress serve", "dashboard", DASHBOARD_MODULES)
    voila_settings(voila_args)
    preheat = pool_size(preheat, max_kernels, click.get_current_context().get_parameter_source("preheat"))
    shell = shell_ruleset(ruleset)
    notebook = notebook_path("start.ipynb" if shell else "play.ipynb")
    cmd = voila_command(notebook, ip, port, preheat, cull_idle, no_browser, voila_args,
                        max_kernels=max_kernels, iopub_timeout=iopub_timeout, max_per_address=max_per_address)
    if shell:  # the shell's pages: a game of their own, or with a store, seats of stored games
        env = dict(os.environ, **{RULESET_ENV: shell})
        if store_url or os.environ.get("FORTRESS_STORE"):
            env.update(store_env(store_url), **{RULESET_ENV: shell})
            public = public_address(ip, port, public_url)
            if public:  # seat links other machines can open
                env[PUBLIC_URL_ENV] = public
            say_store(env, public, port)
        raise SystemExit(run_server(cmd, str(notebook.parent), voila_env(env)))
    env = store_env(store_url)
    env.pop(RULESET_ENV, None)  # Fortress America's page, whatever this shell's environment says
    public = public_address(ip, port, public_url)
    if public:
        env[PUBLIC_URL_ENV] = public
    say_store(env, public, port)
    raise SystemExit(run_server(cmd, str(notebook.parent), voila_env(env)))


def pool_size(preheat: int, max_kernels: int, source: click.core.ParameterSource | None = None) -> int:
    """The preheat pool under the kernel cap: the cap must leave room for a page's kernel
    beside the pool (a page past a full pool would wait on a kernel that can never start).
    A ``--preheat`` given is refused if it does not fit; the default is cut to fit, and says so."""
    if max_kernels == 0 or preheat < max_kernels:
        return preheat
    if source is not click.core.ParameterSource.DEFAULT:
        raise click.BadParameter(f"--max-kernels {max_kernels} leaves no room for a page beside --preheat {preheat}: "
                                 f"make --max-kernels larger than --preheat, or --preheat smaller", param_hint="--preheat")
    fitted = max_kernels - 1
    click.echo(f"--max-kernels {max_kernels}: {fitted} kernel{'s' if fitted != 1 else ''} kept ready "
               f"(--preheat {fitted}; the default is {preheat})", err=True)
    return fitted


def say_store(env: dict[str, str], public: str | None, port: int) -> None:
    """Where the games are stored, and the teacher's link (every ruleset's games are listed there)."""
    click.echo(f"Games are stored in {env['FORTRESS_STORE']}\nThe teacher's view (keep this link to yourself): "
               f"{public or f'http://localhost:{port}/'}?teacher={env['FORTRESS_TEACHER_TOKEN']}")


def shell_ruleset(name: str | None) -> str:
    """The ruleset ``--ruleset`` names for the dashboard shell ("" for Fortress America's own
    dashboard); an unknown name is refused, with the installed ones."""
    from fortress.engine import rulesets

    if not name or name == rulesets.DEFAULT:
        return ""
    if name not in rulesets.names():
        raise click.BadParameter(f"no ruleset {name[:40]!r} is installed; the rulesets are "
                                 f"{', '.join(rulesets.names())}", param_hint="--ruleset")
    return name


def public_address(ip: str, port: int, public_url: str | None) -> str:
    """The dashboard's address for other machines, ending in ``/`` ("" when the page's own
    address will do): ``--public-url``; else, listening on every interface, this machine's
    first network address (the page's own host may be ``localhost`` on the teacher's laptop)."""
    if public_url:
        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            raise click.BadParameter(f"{public_url!r} is not an http(s)://host[:port]/path/ address",
                                     param_hint="--public-url")
        return public_url if public_url.endswith("/") else public_url + "/"
    if ip in ("", "0.0.0.0"):
        lan = lan_addresses()
        return f"http://{lan[0]}:{port}/" if lan else ""
    if ip not in ("127.0.0.1", "localhost"):
        return f"http://{f'[{ip}]' if ':' in ip else ip}:{port}/"
    return ""


def run_server(cmd: list[str], cwd: str, env: dict[str, str]) -> int:
    """Run the Voila server and stop it with this command: a SIGTERM or SIGHUP here (a
    service manager's stop, a closed terminal) is passed on, so the server never stays
    behind holding the port; Ctrl-C reaches both, and this command waits for the server to
    finish (0 then). Returns the server's exit code."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda _signum, _frame: proc.terminate())
    interrupted = False
    while True:
        try:
            code = proc.wait()
            return 0 if interrupted else code
        except KeyboardInterrupt:
            interrupted = True
            proc.terminate()


def store_env(store_url: str | None) -> dict[str, str]:
    """This process's environment with the game store's URL (checked: the store is opened
    once here, so a bad URL is one line now, not an error in every page) and the teacher's token."""
    from fortress.store import GameStore, StoreError, default_url

    url = store_url or os.environ.get("FORTRESS_STORE") or default_url()
    if not url.startswith(("sqlite:", "postgresql:", "postgresql+psycopg:")):
        raise click.BadParameter(f"{url!r} is neither sqlite:///FILE nor postgresql://...", param_hint="--store")
    try:
        GameStore(url).close()
    except (StoreError, ValueError, ImportError) as exc:
        raise click.BadParameter(f"cannot open the game store {url!r}: {exc}", param_hint="--store") from None
    except Exception as exc:  # noqa: BLE001 - SQLAlchemy's driver errors: say which store, in one line
        why = str(getattr(exc, "orig", None) or exc).splitlines()[0][:200]  # the driver's own words
        raise click.BadParameter(f"cannot open the game store {url!r}: {why}", param_hint="--store") from None
    token = os.environ.get("FORTRESS_TEACHER_TOKEN") or secrets.token_urlsafe(18)
    return dict(os.environ, FORTRESS_STORE=url, FORTRESS_TEACHER_TOKEN=token)


def voila_settings(args: tuple[str, ...]) -> None:
    """Refuse what follows the options unless each is a Voila setting (``--Class.trait=value``):
    a mistyped option (``--prot 9000``) is named, with the option it resembles, never passed on
    to a server that would start on the default port."""
    for arg in args:
        if VOILA_SETTING.fullmatch(arg):
            continue
        if not arg.startswith("-"):
            raise click.UsageError(f"unexpected argument {arg[:40]!r} (Voila settings are written --Class.trait=value)")
        ctx = click.get_current_context()
        names = [name for param in ctx.command.params for name in getattr(param, "opts", ())]
        raise click.NoSuchOption(arg.split("=")[0][:40], possibilities=difflib.get_close_matches(arg.split("=")[0], names),
                                 ctx=ctx)
