"""Shared fixtures: a tiny hand-drawn board for rule tests, and helpers."""
from __future__ import annotations

from pathlib import Path

import pytest

import fortress
from fortress.engine.board import Area, Board

# A small board, drawn by hand so each rule test reads like a diagram:
#
#   [w1]-[w2]        (West's zones, at sea)
#     \   |
#     coast ---- hills
#       |    \     |
#     alpha ---- plainb ---- [s1] (South's zone)
#       |   \     |
#     mount ---- beta ---- [e1] (East's zone)
#                 |
#                far
MINI_AREAS = [
    Area("w1", "West One", "zone", side="west"),
    Area("w2", "West Two", "zone", side="west"),
    Area("s1", "South One", "zone", side="south"),
    Area("e1", "East One", "zone", side="east"),
    Area("coast", "Coast", "plain", coastal=True, region="Shore"),
    Area("hills", "Hills", "plain", region="Shore"),
    Area("alpha", "Alpha City", "city", city="Alpha City", region="Shore"),
    Area("plainb", "Plain B", "plain", region="Inland"),
    Area("mount", "Mount", "mountain", region="Inland"),
    Area("beta", "Beta City", "city", city="Beta City", region="Inland"),
    Area("far", "Far", "plain", region="Inland"),
]
MINI_EDGES = [
    ("w1", "w2"), ("w1", "coast"), ("w2", "coast"), ("coast", "hills"), ("coast", "alpha"),
    ("coast", "plainb"), ("hills", "plainb"), ("alpha", "plainb"), ("alpha", "mount"),
    ("alpha", "beta"), ("plainb", "s1"), ("plainb", "beta"), ("mount", "beta"), ("beta", "e1"),
    ("beta", "far"),
]


@pytest.fixture(scope="session")
def mini() -> Board:
    return Board(MINI_AREAS, MINI_EDGES, metadata={"title": "mini"})


@pytest.fixture
def position(mini):
    """Build a game on the mini board from a description (see fortress.rulesets.america.positions)."""

    def make(desc: dict, seed: int = 0, board: Board | None = None) -> fortress.Game:
        return fortress.Game.from_position(desc, board or mini, seed=seed)

    return make


def units(game: fortress.Game, area: str, side: str | None = None) -> dict[str, int]:
    """{unit type: count} in ``area`` (of one side if given)."""
    out: dict[str, int] = {}
    for (s, kind), n in game.units_in(area).items():
        if side is None or s == side:
            out[kind] = out.get(kind, 0) + n
    return out


def play_random(game: fortress.Game, seed: int, max_actions: int = 50_000, check=None) -> fortress.Game:
    """Play random legal actions (never Surrender) to the end; call ``check(game)`` after each."""
    import random

    rng = random.Random(seed)
    n = 0
    while not game.is_over and n < max_actions:
        game.apply(rng.choice(game.legal_actions()[:-1]))
        n += 1
        if check is not None:
            check(game)
    return game




def once_per_suite(tmp_path_factory, name: str, make) -> Path:
    """The folder ``make(folder)`` filled, once per run of the suite: shared by pytest-xdist's
    workers (a lock: the first makes it, the others wait) and, when scripts/test.sh sets
    ``FORTRESS_TEST_CACHE``, by its two pytest runs (the built wheel, the executed notebooks)."""
    import fcntl
    import os
    import shutil

    shared = os.environ.get("FORTRESS_TEST_CACHE")
    base = tmp_path_factory.getbasetemp()
    root = Path(shared) if shared else base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / ".made").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            make(folder)
            (folder / ".made").touch()
    return folder


def executed_notebook(tmp_path_factory, path: Path) -> Path:
    """The notebook at ``path`` run top to bottom by nbclient in full (``FORTRESS_QUICK=0``, not
    quick mode, as a teacher runs it), saved with its widget state as Jupyter saves it: once per
    run of the suite, whichever tests read it. Raises CellExecutionError, naming the cell, if any
    cell fails."""
    def execute(folder: Path) -> None:
        import os

        import nbformat
        from nbclient import NotebookClient

        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, kernel_name="python3", timeout=600, store_widget_state=True,
                       resources={"metadata": {"path": str(path.parent)}}).execute(
                           env=dict(os.environ, FORTRESS_QUICK="0"))
        nbformat.write(nb, folder / path.name)

    return once_per_suite(tmp_path_factory, f"notebook-{path.stem}", execute) / path.name


# -- test tiers: each test's time recorded from a run (--record-durations); tests/test_tiers.py
#    checks the markers against tests/durations.json, merged from such a record ------------------
TIERS = ("slow", "browser", "notebook", "install", "quick")
#: markers that order the browser tier's lanes, not tiers (scripts/test.sh)
LANES = ("serial",)
_RECORD: dict[str, dict] = {}
_MARKERS: dict[str, set[str]] = {}
_RECORD_TO: dict[str, str] = {}
_CPU_START = pytest.StashKey[float]()


def pytest_addoption(parser):
    parser.addoption("--record-durations", metavar="PATH", default=None,
                     help="write each test's wall-clock and CPU seconds (setup + call + teardown; CPU "
                          "of pytest and the subprocesses it waited for) to PATH, a JSON line a test "
                          "(python scripts/durations.py PATH merges it into tests/durations.json)")


def _cpu_seconds() -> float:
    """CPU time of this process and of its children that ended: unlike the wall clock, about the
    same on a busy machine as on an idle one."""
    try:
        import resource
    except ImportError:  # not on Windows
        return 0.0
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    item.stash[_CPU_START] = _cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    start = item.stash.get(_CPU_START, None)
    if start is not None:  # the CPU time since the test's setup began (its teardown's: the whole)
        outcome.get_result().cpu = round(_cpu_seconds() - start, 3)


def pytest_runtest_logreport(report):
    """Each test's phases added up (under pytest-xdist the controller sees the workers' reports);
    with --record-durations, one JSON line per test once its teardown is done, so a run stopped
    half-way keeps what it measured."""
    entry = _RECORD.setdefault(report.nodeid, {"wall": 0.0, "cpu": 0.0})
    entry["wall"] += report.duration
    entry["cpu"] = max(entry["cpu"], getattr(report, "cpu", 0.0))
    entry["failed"] = bool(entry.get("failed")) or report.failed
    path = _RECORD_TO.get("path")
    if path and report.when == "teardown":
        import json

        line = {"test": report.nodeid, "wall": round(entry["wall"], 2), "cpu": round(entry["cpu"], 2),
                "tiers": sorted(set(report.keywords) & set(TIERS)), "failed": entry["failed"]}
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """The tier markers of every collected test, before ``-m`` deselects any (tests/test_tiers.py)."""
    for item in items:
        _MARKERS[item.nodeid] = {m.name for m in item.iter_markers() if m.name in TIERS}


def collected_markers() -> dict[str, set[str]]:
    return _MARKERS


def pytest_sessionstart(session):
    path = session.config.getoption("--record-durations")
    if path and not hasattr(session.config, "workerinput"):  # the controller, or a run without xdist
        Path(path).write_text("", encoding="utf-8")
        _RECORD_TO["path"] = path


# -- a store on SQLite and on PostgreSQL (tests/test_store*.py) ---------------------------------
@pytest.fixture(scope="session")
def pg_url():
    from tests.pgserver import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A fresh, empty store: a SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.sqlite3'}"
        return
    import uuid

    from sqlalchemy import create_engine, text

    base = request.getfixturevalue("pg_url")
    name = "t_" + uuid.uuid4().hex[:12]
    admin = create_engine(base.replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    yield base.rsplit("/", 1)[0] + "/" + name
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
    admin.dispose()
