"""A throw-away PostgreSQL server for the tests: Debian's binaries, a cluster in a temporary
folder, on a free localhost port, trust authentication, stopped (and deleted) at the end.
PostgreSQL refuses to run as root, so under root (CI) the cluster belongs to the
unprivileged ``postgres`` user that Debian's package creates."""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def pg_bin() -> Path | None:
    """The folder of initdb and pg_ctl (Debian keeps them out of PATH), or None."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server; yield its ``postgresql://`` URL; stop it and remove its folder."""
    binaries = pg_bin()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (scripts/test.sh installs Debian's postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="fortress-pg-"))
    data, sockets = folder / "data", folder / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    log = folder / "server.log"
    try:
        subprocess.run(_as_owner([str(binaries / "initdb"), "-D", str(data), "-U", "fortress", "-A", "trust",
                                  "-E", "UTF8", "--no-sync"]), check=True, capture_output=True, timeout=120)
        options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60"
        subprocess.run(_as_owner([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
                                  "-w", "-t", "60", "start"]), check=True, capture_output=True, timeout=90)
        yield f"postgresql://fortress@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(_as_owner([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
                           capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
