"""``mypy`` passes on the package with the project's configuration (``[tool.mypy]`` in
pyproject.toml: default checks everywhere, strict on the modules listed there), so CI checks
the types with the rest of the suite. Skipped only where mypy is not installed (it is in the
``test`` extra)."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # mypy over the package: the full tier only

ROOT = Path(__file__).resolve().parents[1]


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def available() -> None:
    pytest.importorskip("mypy", reason="mypy is in the test extra: pip install -e '.[test]'")


def test_mypy_is_clean(available) -> None:
    done = mypy("--no-error-summary", "--hide-error-context")
    assert done.returncode == 0, f"mypy found type errors:\n{done.stdout}{done.stderr}"


def test_strict_modules_are_strict(available, tmp_path) -> None:
    """The strict list holds: an unannotated function in a strict module is an error (the
    per-module flags are not silently ignored)."""
    bad = tmp_path / "fortress" / "engine"
    bad.mkdir(parents=True)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = next(o for o in config["overrides"] if o.get("disallow_untyped_defs"))
    assert "fortress.engine.check" in strict["module"]
    (tmp_path / "fortress" / "__init__.py").write_text("")
    (bad / "__init__.py").write_text("")
    (bad / "check.py").write_text("def untyped(x):\n    return x\n")
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(tmp_path / "cache"), "fortress/engine/check.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1 and "no-untyped-def" in done.stdout, done.stdout + done.stderr
