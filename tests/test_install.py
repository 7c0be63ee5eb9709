"""The package installs the ways teachers and students install it (issue 19): the sdist holds
what the tests and the board build need, the wheel built from that sdist installs into a
``--target`` folder and with ``pip install --user`` under a temporary home, and from an
unrelated directory each install loads the board, plays an action, finds the dashboard
notebook and copies the notebooks with ``fortress notebooks``. Offline: the wheel is built
without build isolation (setuptools from the test extra) and installed with ``--no-index``."""
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
NOTEBOOKS = {"play.ipynb", "tutorial.ipynb", "explore.ipynb", "replay.ipynb", "bots.ipynb", "teacher.ipynb"}
JUNK = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__",
                              ".pytest_cache", ".hypothesis", "test-results", ".ipynb_checkpoints")

#: Run by the installed package, from a directory that holds no fortress source.
SMOKE = """
import sys
from pathlib import Path
import fortress
from fortress.board import Board
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


def run(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=300)
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
    return {"sdist": next(out.glob("fortress-*.tar.gz")), "wheel": next(out.glob("fortress-*.whl"))}


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
                   "fortress/notebooks/tutorial.ipynb", "LICENSE", "scripts/test.sh"):
        assert needed in names, needed
    # and the tests run from it (conftest and all), against the unpacked source
    unpacked = next(tmp_path.iterdir())
    out = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_board.py",
               "tests/test_geodata_check.py", "-m", "not slow"], env=clean_env(PYTHONPATH=str(unpacked)), cwd=unpacked)
    assert " passed" in out and "failed" not in out


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
