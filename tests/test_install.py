"""The package installs the ways teachers and students install it (issue 19): the sdist holds
what the tests and the board build need, the wheel built from that sdist installs into a
``--target`` folder and with ``pip install --user`` under a temporary home, and from an
unrelated directory each install loads the board, plays an action, finds the dashboard
notebook and copies the notebooks with ``fortress notebooks``. The distribution is named
``fortress-wargames`` (issue 35): a fresh venv installs it by that name, light (the engine,
``fortress play``, ``odds``, ``simulate`` and saves without the dashboard's packages). Offline:
the wheel is built without build isolation (setuptools from the test extra) and installed with
``--no-index``."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import pytest

from tests.conftest import once_per_suite

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[1]
DISTRIBUTION, WHEEL_NAME = "fortress-wargames", "fortress_wargames"  # the name on the package index, in files
#: what the dashboard extra brings (and the light install must run without)
DASHBOARD = ("ipywidgets", "ipyleaflet", "voila", "ipykernel", "IPython", "matplotlib", "sqlalchemy", "psutil")
NOTEBOOKS = {"play.ipynb", "start.ipynb", "tutorial.ipynb", "explore.ipynb", "replay.ipynb", "bots.ipynb",
             "teacher.ipynb", "aif_politics.ipynb", "attack_tutorial.ipynb"}
JUNK = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                              ".pytest_cache", ".hypothesis", "test-results", ".ipynb_checkpoints")

#: Run by the installed package, from a directory that holds no fortress source.
SMOKE = """
import sys
from pathlib import Path
import fortress
from fortress.engine.board import Board
from fortress.ui.serve import notebook_path
where = Path(fortress.__file__).resolve()
assert where.is_relative_to(Path(sys.argv[1]).resolve()), where
board = Board.default()
game = fortress.new_game(seed=3)
game.apply(game.legal_actions()[0])
print(len(board.areas), len(game.history), notebook_path().name)
"""


#: Where Voila (as on a JupyterHub: by name, through the Jupyter data path) finds the
#: offline template: the folder holding its index.html.j2, and that it builds on lab's.
TEMPLATE = """
from pathlib import Path
from voila.paths import collect_template_paths
paths = [Path(p) for p in collect_template_paths(["voila", "nbconvert"], "fortress-offline")]
ours = next(p for p in paths if (p / "index.html.j2").is_file() and p.name == "fortress-offline")
assert any(p.name == "lab" and p.parent.name == "templates" for p in paths), paths
assert "fortress-lost" in (ours / "index.html.j2").read_text()  # the fortress template itself
print(ours.resolve())
"""


def template_dir(python: str, env: dict[str, str], cwd: Path) -> Path:
    return Path(run([python, "-c", TEMPLATE], env=env, cwd=cwd).strip())


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None, stdin: str | None = None) -> str:
    done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=300, input=stdin)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without anything pointing at the source tree."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONNOUSERSITE", "PYTHONHOME", "FORTRESS_GEODATA", "FORTRESS_DATA",
                        "JUPYTER_PATH", "JUPYTER_DATA_DIR", "XDG_DATA_HOME")}
    return env | extra


@pytest.fixture(scope="session")
def dists(tmp_path_factory) -> dict[str, Path]:
    """An sdist built from a clean copy of the source tree, and a wheel built from the sdist: once
    per run of the suite (tests/e2e/test_installed.py installs the same wheel)."""
    out = once_per_suite(tmp_path_factory, "dists", build_dists)
    return {"sdist": next(out.glob(f"{WHEEL_NAME}-*.tar.gz")), "wheel": next(out.glob(f"{WHEEL_NAME}-*.whl"))}


def build_dists(out: Path) -> None:
    src = out.parent / "dists-src"
    shutil.rmtree(src, ignore_errors=True)
    shutil.copytree(ROOT, src, ignore=JUNK)
    hook = f"from setuptools import build_meta; print(build_meta.build_sdist({str(out)!r}))"
    sdist = out / run([sys.executable, "-c", hook], env=clean_env(), cwd=src).strip().splitlines()[-1]
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
         "-w", str(out), str(sdist)], env=clean_env(), cwd=out.parent)
    shutil.rmtree(src)


def smoke(python: str, target: Path, env: dict[str, str], cwd: Path) -> None:
    """Load the board, play, find play.ipynb, copy the notebooks: all from ``target``."""
    areas, actions, name = run([python, "-c", SMOKE, str(target)], env=env, cwd=cwd).split()
    assert (int(areas), int(actions), name) == (118, 1, "play.ipynb")
    dest = cwd / "my notebooks"
    out = run([python, "-m", "fortress", "notebooks", str(dest)], env=env, cwd=cwd)
    assert {p.name for p in dest.iterdir()} == NOTEBOOKS and out.count("copied") == len(NOTEBOOKS)


def test_sdist_holds_and_runs_the_tests_and_the_board_sources(dists, tmp_path):
    with tarfile.open(dists["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        tar.extractall(tmp_path, filter="data")
    for needed in ("tests/conftest.py", "tests/invariants.py", "tests/e2e/conftest.py",
                   "tests/data/game_digests.json", "benchmarks/game_digests.py", "docs/rules.md",
                   "fortress/geodata/board/source/territories.csv", "fortress/geodata/board/board.geojson",
                   "fortress/geodata/world/source/regions.csv", "fortress/geodata/world/world.geojson",
                   "fortress/notebooks/tutorial.ipynb", "LICENSE", "scripts/test.sh"):
        assert needed in names, needed
    # and the tests run from it (conftest and all), against the unpacked source
    unpacked = next(tmp_path.iterdir())
    out = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_board.py",
               "tests/test_geodata_check.py", "-m", "not slow"], env=clean_env(PYTHONPATH=str(unpacked)), cwd=unpacked)
    assert " passed" in out and "failed" not in out


def test_wheel_holds_the_world_board(dists):
    """The world board, the Americas board and their recipes travel in the wheel as package data
    (issues 36 and 39)."""
    import zipfile

    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = set(whl.namelist())
    for name in ("world.geojson", "edges.csv", "backdrop.geojson", "source/regions.csv", "source/zones.csv",
                 "source/lanes.csv", "source/canals.csv", "source/part_overrides.csv"):
        assert f"fortress/geodata/world/{name}" in names, name
    for name in ("americas.geojson", "edges.csv", "backdrop.geojson", "source/regions.csv", "source/zones.csv",
                 "source/owners.csv", "source/boxes.csv", "source/entries.csv", "source/canals.csv"):
        assert f"fortress/geodata/americas/{name}" in names, name


def test_wheel_installs_into_a_target_folder(dists, tmp_path):
    target = tmp_path / "site"
    run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(target),
         str(dists["wheel"])], env=clean_env())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # the project's environment supplies the dependencies; fortress itself comes from target
    smoke(sys.executable, target, clean_env(PYTHONPATH=str(target)), elsewhere)
    # the named Voila template lands in TARGET/share/jupyter: found once that is on JUPYTER_PATH
    jupyter = target / "share" / "jupyter"
    env = clean_env(PYTHONPATH=str(target), JUPYTER_PATH=str(jupyter))
    assert template_dir(sys.executable, env, elsewhere).is_relative_to(jupyter.resolve())


def test_wheel_installs_with_pip_user_under_a_temporary_home(dists, tmp_path):
    """``pip install --user`` (the usual way on a JupyterHub). A virtual environment hides the
    user site, so this runs the base interpreter, with the dependencies (and pip) on PYTHONPATH."""
    base = getattr(sys, "_base_executable", sys.executable)
    deps = os.pathsep.join(dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]))
    home = tmp_path / "home"
    home.mkdir()
    env = clean_env(HOME=str(home), PYTHONUSERBASE=str(home / ".local"), PYTHONPATH=deps)
    run([base, "-m", "pip", "install", "-q", "--user", "--no-deps", "--no-index", str(dists["wheel"])], env=env,
        cwd=home)
    user_site = run([base, "-c", "import site; print(site.getusersitepackages())"], env=env, cwd=home).strip()
    assert Path(user_site).is_relative_to(home)
    smoke(base, Path(user_site), env, home)
    # the named Voila template lands in ~/.local/share/jupyter, the user's Jupyter data folder:
    # Voila finds it with nothing else set (the JupyterHub route ?template=fortress-offline)
    found = template_dir(base, env, home)
    assert found == (home / ".local" / "share" / "jupyter" / "voila" / "templates" / "fortress-offline").resolve()


# -- the distribution's name and the light install (issue 35, items 12 and 15) ----------------
def test_the_wheel_is_named_fortress_wargames_and_its_base_needs_no_dashboard(dists):
    import zipfile

    from packaging.requirements import Requirement

    assert dists["sdist"].name == f"{WHEEL_NAME}-0.1.0.tar.gz"
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        text = wheel.read(meta).decode()
        points = wheel.read(meta.replace("METADATA", "entry_points.txt")).decode()
    assert f"\nName: {DISTRIBUTION}\n" in text and "fortress = fortress.cli:main" in points
    base = {Requirement(line.split(": ", 1)[1]).name.lower() for line in text.splitlines()
            if line.startswith("Requires-Dist:") and "extra ==" not in line}
    assert base and not base & {name.lower() for name in DASHBOARD}, base
    assert "Provides-Extra: dashboard" in text  # the extra the README's play command asks for


def base_closure(requirements: list[str]) -> list:
    """The installed distributions that ``requirements`` (no extras) need, transitively."""
    from importlib.metadata import PackageNotFoundError, distribution

    from packaging.requirements import Requirement

    found: dict[str, object] = {}
    todo = list(requirements)
    while todo:
        req = Requirement(todo.pop())
        name = req.name.lower().replace("_", "-")
        if name in found or (req.marker and not req.marker.evaluate({"extra": ""})):
            continue
        try:
            dist = distribution(req.name)
        except PackageNotFoundError:
            continue  # an optional dependency this environment did not need either
        found[name] = dist
        todo += dist.requires or []
    return list(found.values())


def copy_distribution(dist, site: Path) -> None:
    """Copy an installed distribution's files (its RECORD) into ``site``: installing it offline."""
    for file in dist.files or []:
        if file.parts[0] == ".." or "__pycache__" in file.parts:
            continue  # scripts outside site-packages, caches
        dest = site / file
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(dist.locate_file(file), dest)


#: run in the light venv: a seeded game to the end with bots, saved and loaded back
LIGHT = """
import importlib.metadata as m, importlib.util, sys
import fortress
from fortress.ai import make_bot
game = fortress.new_game(seed=5)
bots = {side: make_bot("random", seed=i) for i, side in enumerate(("us", "west", "south", "east"))}
while not game.is_over:
    game.apply(bots[game.side].choose(game))
again = fortress.Game.from_json(game.to_json())
assert again.history == game.history and again.is_over
svg = game._repr_mimebundle_()["image/svg+xml"]
present = [name for name in sys.argv[1:] if importlib.util.find_spec(name) is not None]
print(m.version("fortress-wargames"), len(game.history) > 0, svg.startswith("<svg"), present)
"""


@pytest.mark.slow
def test_a_fresh_venv_installs_it_by_name_and_plays_without_the_dashboard(dists, tmp_path):
    """``pip install fortress-wargames`` into a fresh venv (offline: the base dependencies
    copied from this environment first, the wheel found by name in a folder): the engine plays
    a seeded game to the end, saves and loads it, ``play``, ``odds`` and ``simulate`` run, and
    ``fortress serve`` names the extra it needs, with none of the dashboard's packages."""
    import zipfile

    venv = tmp_path / "light"
    run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip", str(venv)])
    python = str(venv / "bin" / "python")
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).strip())
    with zipfile.ZipFile(dists["wheel"]) as wheel:
        meta = wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    requires = [line.split(": ", 1)[1] for line in meta.splitlines() if line.startswith("Requires-Dist:")]
    for dist in base_closure(requires):
        copy_distribution(dist, site)
    run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index", "--find-links",
         str(dists["wheel"].parent), DISTRIBUTION], env=clean_env())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = run([python, "-c", LIGHT, *DASHBOARD], env=clean_env(), cwd=elsewhere).strip().split(maxsplit=3)
    assert out == ["0.1.0", "True", "True", "[]"]
    fortress = str(venv / "bin" / "fortress")
    assert "fortress, version 0.1.0" in run([fortress, "--version"], env=clean_env(), cwd=elsewhere)
    played = run([fortress, "play", "--seed", "1"], env=clean_env(), cwd=elsewhere, stdin="legal end\n1\nquit\n")
    assert "Round 1, West's turn, maneuvers" in played
    assert "territory cleared" in run([fortress, "odds", "-a", "2 infantry", "-d", "1 infantry"], env=clean_env(), cwd=elsewhere)
    assert "U.S. wins" in run([fortress, "simulate", "--games", "2", "--workers", "1", "--quiet", "--us", "random",
                               "--invaders", "random"], env=clean_env(), cwd=elsewhere)
    refused = subprocess.run([fortress, "serve", "--no-browser"], env=clean_env(), cwd=elsewhere, capture_output=True,
                             text=True, timeout=300)
    assert refused.returncode == 1 and f"pip install '{DISTRIBUTION}[dashboard]'" in refused.stderr, refused.stderr


def conda_pip_lines(path: Path) -> list[str]:
    """The entries of a conda environment file's ``- pip:`` list (comments dropped)."""
    lines, inside, depth = [], False, 0
    for raw in path.read_text(encoding="utf-8").splitlines():
        text = raw.split(" #")[0].rstrip()
        if text.strip() == "- pip:":
            inside, depth = True, len(text) - len(text.lstrip())
        elif inside and text.strip() and len(text) - len(text.lstrip()) <= depth:
            inside = False
        elif inside and text.strip().startswith("- "):
            lines.append(text.strip()[2:].strip())
    return lines


@pytest.mark.slow
@pytest.mark.parametrize("name", ["environment.yml", "environment-dev.yml"])
def test_the_conda_files_pip_lists_are_lines_pip_takes(name, tmp_path):
    """conda hands the ``pip:`` list to ``pip install -r``: each line must be one pip accepts
    (``--no-deps .`` is refused), and the list installs fortress by its distribution name."""
    lines = conda_pip_lines(ROOT / name)
    assert any(line.lstrip("-e ").startswith(".[") for line in lines), lines
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("\n".join(lines) + "\n")
    out = run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--no-index", "--no-build-isolation",
               "-r", str(requirements)], env=clean_env(), cwd=ROOT)
    assert f"Would install {DISTRIBUTION}-0.1.0" in out
