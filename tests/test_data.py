"""The data files (``fortress/rulesets/america/data/*.toml``) pass their schemas; a broken file gets one line
naming the file, the key and what is allowed; ``FORTRESS_DATA`` loads a teacher's copy."""
from __future__ import annotations

import doctest
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import fortress.rulesets.america.data
from fortress.rulesets.america.data import DATA_DIR, NAMES, DataError, explain, load

ROOT = Path(__file__).resolve().parents[1]


def teacher_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A FORTRESS_DATA folder holding ``<name>.toml`` with ``old`` replaced by ``new``."""
    text = (DATA_DIR / f"{name}.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / f"{name}.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def import_with(folder: Path, code: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter with FORTRESS_DATA=folder (data is read at import)."""
    env = dict(os.environ, FORTRESS_DATA=str(folder), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", NAMES)
def test_shipped_files_pass_their_schemas(name):
    assert explain(name, load(name)) == ""


def test_docstring_examples():
    assert doctest.testmod(fortress.rulesets.america.data).failed == 0


@pytest.mark.parametrize("name, old, new, words", [
    ("units", 'die = "red"', 'dye = "red"', "[infantry]: unknown key 'dye'; missing key 'die' (allowed keys: class, die"),
    ("units", "move = 0", 'move = "zero"', "[infantry] move = 'zero': allowed: areas moved in Maneuvers, 0 or more"),
    ("units", 'class = "foot"', 'class = "feet"', "[infantry] class = 'feet': allowed: class: one of foot, mechanized, air"),
    ("dice", "sides = 6", "sides = 5", "[red] faces: 6 faces listed but sides = 5"),
    ("rules", "rounds = 10", "rounds = -1", "rounds = -1: allowed: rounds, 1 or more"),
    ("rules", "infantry = 24", "infantri = 24", "[pool]: unknown key 'infantri' (allowed keys: infantry, mobile"),
    ("cards", 'effect = "sabotage"', 'effect = "sabotaje"', "[sabotage] effect = 'sabotaje': allowed: effect: one of place"),
    ("cards", "units = { partisan = 2 }", "units = { partizan = 2 }", "[cascade-irregulars] units: unknown key 'partizan'"),
])
def test_a_broken_file_names_the_file_the_key_and_what_is_allowed(tmp_path, monkeypatch, name, old, new, words):
    monkeypatch.setenv("FORTRESS_DATA", str(teacher_copy(tmp_path, name, old, new)))
    fortress.rulesets.america.data.cache_clear()
    try:
        with pytest.raises(DataError) as info:
            load(name)
    finally:
        fortress.rulesets.america.data.cache_clear()
    message = str(info.value)
    assert message.startswith(f"{tmp_path / name}.toml: ") and words in message, message
    assert "\n" not in message


def test_broken_toml_is_reported_with_the_file(tmp_path, monkeypatch):
    (tmp_path / "dice.toml").write_text("[red]\nsides = \n", encoding="utf-8")
    monkeypatch.setenv("FORTRESS_DATA", str(tmp_path))
    fortress.rulesets.america.data.cache_clear()
    try:
        with pytest.raises(DataError, match=r"dice\.toml: not valid TOML: .*line 2"):
            load("dice")
    finally:
        fortress.rulesets.america.data.cache_clear()


def test_a_teachers_copy_replaces_the_packaged_file(tmp_path):
    folder = teacher_copy(tmp_path, "dice", 'destroy_on = 5', 'destroy_on = 7')
    teacher_copy(tmp_path, "rules", "rounds = 10", "rounds = 12")
    done = import_with(folder, "import fortress.rulesets.america.tables as t, fortress.rulesets.america.data as f; "
                               "print(t.default().laser_die.destroy_on, f.load('rules')['rounds'], f.path('units').parent.name)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["7", "12", "data"]  # units.toml is not in the folder: the package's


BROKEN_MOVE = "[bomber] move = 'four': allowed: areas moved in Maneuvers, 0 or more"


def broken_units(tmp_path: Path) -> Path:
    shutil.copy(DATA_DIR / "units.toml", tmp_path / "units.toml")
    return teacher_copy(tmp_path, "units", "move = 4", 'move = "four"')


def test_a_broken_teachers_copy_is_reported_on_first_use_not_at_import(tmp_path):
    """Nothing is read at import; the first game reads the rules and raises the one line."""
    done = import_with(broken_units(tmp_path), "import fortress\n"
                                               "print('imported', flush=True)\n"
                                               "try:\n    fortress.new_game(seed=1)\n"
                                               "except fortress.rulesets.america.data.DataError as exc:\n    print(exc)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["imported", f"{tmp_path / 'units.toml'}: {BROKEN_MOVE}"]


def test_a_broken_teachers_copy_raises_at_each_use_until_fixed(tmp_path, monkeypatch):
    """A ruleset that failed to build is not kept: the next use reads the files again."""
    from fortress.engine import rulesets
    monkeypatch.setenv("FORTRESS_DATA", str(broken_units(tmp_path)))
    rulesets.register("broken-fa", "fortress.rulesets.america.ruleset:ruleset")
    try:
        for _ in range(2):
            with pytest.raises(DataError, match="move = 'four'"):
                rulesets.get("broken-fa")
        (tmp_path / "units.toml").unlink()
        assert rulesets.get("broken-fa").tables.units["bomber"].move == 4
    finally:
        rulesets.unregister("broken-fa")


@pytest.mark.parametrize("code", [
    "import runpy; runpy.run_module('fortress', run_name='__main__')",  # python -m fortress
    "import sys; from fortress.cli import main; sys.exit(main())",     # the `fortress` script
])
@pytest.mark.parametrize("args", [["play", "--seed", "1"], ["odds", "-a", "2 infantry", "-d", "1 infantry"]])
def test_every_command_reports_a_broken_data_file_in_one_line(tmp_path, code, args):
    """The rules are read when the command first needs them (no excepthook): one line, exit 1."""
    done = import_with(broken_units(tmp_path), f"import sys; sys.argv = ['fortress', *{args!r}]; {code}")
    assert done.returncode == 1
    assert done.stderr.strip() == f"Error: {tmp_path / 'units.toml'}: {BROKEN_MOVE}"


def test_a_data_error_while_a_command_runs_is_one_line(monkeypatch):
    """Read later (data loaded lazily), the error is the command's one line too."""
    from click.testing import CliRunner

    from fortress.cli import main

    def broken(*args, **kwargs):
        raise DataError("/x/units.toml: [infantry] die = 'pink': allowed: a die")
    monkeypatch.setattr(sys.modules["fortress.cli.odds"], "exact", broken)
    result = CliRunner().invoke(main, ["odds", "-a", "2 infantry", "-d", "1 infantry"])
    assert result.exit_code == 1 and result.output.strip().splitlines() == [
        "Error: /x/units.toml: [infantry] die = 'pink': allowed: a die"]


@pytest.mark.notebook
def test_a_notebook_shows_a_broken_data_file_in_one_line(tmp_path, monkeypatch):
    """A notebook's first game: the one line, not a page of traceback (the import reads nothing)."""
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("FORTRESS_DATA", str(broken_units(tmp_path)))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import fortress"),
                                         nbformat.v4.new_code_cell("fortress.new_game(seed=1)")])
    NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=True).execute()
    assert nb.cells[0].outputs == []
    [error] = nb.cells[1].outputs
    assert error.output_type == "error" and error.ename == "DataError"
    assert error.traceback == [f"DataError: {tmp_path / 'units.toml'}: {BROKEN_MOVE}"]
