"""The command line and a user's mistakes (issue 20 item 8): each gives one line, a
non-zero exit, no traceback, within 5 s."""
from __future__ import annotations

import json
import time

import pytest
from click.testing import CliRunner

from fortress.cli import main
from tests import fuzzing as F

SAVES = {e["name"]: e["text"] for e in F.corpus("saves") if e["name"].startswith("item") and "text" in e}
FORCE = ["-a", "2 infantry", "-d", "2 infantry"]

CASES = {
    "odds: a million infantry a side": ["odds", "-a", "1000000 infantry", "-d", "1000000 infantry"],
    "odds: 100 v 100 infantry": ["odds", "-a", "100 infantry", "-d", "100 infantry"],
    "odds: 6 infantry attacking": ["odds", "-a", "6 infantry", "-d", "1 infantry"],
    "odds: a 5,000-digit force": ["odds", "-a", "9" * 5000 + " infantry", "-d", "1 infantry"],
    "odds: 10**12 Monte Carlo runs": ["odds", *FORCE, "--monte-carlo", "1000000000000"],
    "odds: --top -1": ["odds", *FORCE, "--top", "-1"],
    "simulate: --scheduler garbage": ["simulate", "--scheduler", "garbage"],
    "simulate: --csv in no folder": ["simulate", "--games", "1", "--csv", "/nonexistent/x.csv"],
    "simulate: --csv onto a folder": ["simulate", "--games", "1", "--csv", "{tmp}"],
    "simulate: --players 5 for Fortress America": ["simulate", "--games", "1", "--players", "5"],
    "simulate: --players 8 for ATTACK!": ["simulate", "--games", "1", "--ruleset", "attack", "--players", "8"],
    "simulate: an unknown --ruleset": ["simulate", "--games", "1", "--ruleset", "chess"],
    "simulate: --bots without '='": ["simulate", "--games", "1", "--ruleset", "attack", "--bots", "red"],
    "simulate: --bots an unknown bot": ["simulate", "--games", "1", "--ruleset", "attack", "--bots", "red=clever"],
    "simulate: --bots for 5 players an unseated side": ["simulate", "--games", "1", "--ruleset", "attack", "--players", "3", "--bots", "yellow=random"],
    "simulate: --games -1": ["simulate", "--games", "-1"],
    "simulate: --workers 0": ["simulate", "--workers", "0"],
    "simulate: --workers -1": ["simulate", "--workers", "-1"],
    "simulate: --budget -1": ["simulate", "--budget", "-1"],
    "simulate: --budget nan": ["simulate", "--budget", "nan"],
    "simulate: --budget inf": ["simulate", "--budget", "inf"],
    "simulate: --max-rollouts -5": ["simulate", "--max-rollouts", "-5"],
    "simulate: --search-workers 0": ["simulate", "--search-workers", "0"],
    "serve: --port -1": ["serve", "--port", "-1"],
    "serve: --port 99999": ["serve", "--port", "99999"],
    "serve: --store in no folder": ["serve", "--store", "sqlite:///{tmp}/no/such/class.db"],
    "serve: --prot 9000 (a mistyped option)": ["serve", "--prot", "9000"],
    "serve: a stray argument": ["serve", "--port", "9000", "9001"],
    "play: a 5,000-digit seed": ["play", "--seed", "9" * 5000],
    "play: a seed of 5,000 quotes": ["play", "--seed", "'" * 5000],
    "play: --load a folder": ["play", "--load", "{tmp}"],
    "play: --load a binary file": ["play", "--load", "{tmp}/binary.json"],
    **{f"play: --load {name}": ["play", "--load", f"{{tmp}}/{i}.json"] for i, name in enumerate(SAVES)},
}


def invoke(args, stdin: str = ""):
    """The command's result and its CPU seconds (in this process: other jobs on the machine do not
    count, as they would on the wall clock)."""
    start = time.process_time()
    result = CliRunner().invoke(main, args, input=stdin)
    return result, time.process_time() - start


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cli")
    for i, text in enumerate(SAVES.values()):
        (tmp / f"{i}.json").write_text(text)
    (tmp / "binary.json").write_bytes(bytes(range(256)) * 10)
    return tmp


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_mistake_gives_one_line(name, folder):
    args = [a.replace("{tmp}", str(folder)) for a in CASES[name]]
    result, seconds = invoke(args)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), result.exception  # not a traceback
    assert "Traceback" not in result.output
    assert len(lines) == 1 and lines[0].startswith("Error: ") and len(lines[0]) < 300, lines
    assert seconds < 5


@pytest.mark.parametrize("line", ["²", "9" * 5000, "save /nonexistent/x.json", "save {tmp}", "declare Atlantis"])
def test_a_refused_line_in_a_script_is_one_line_and_exits_non_zero(line, folder):
    result, seconds = invoke(["play", "--seed", "1"], line.replace("{tmp}", str(folder)) + "\nquit\n")
    answers = [x for x in result.output.splitlines() if x.startswith(("Refused", "Cannot", "There are"))]
    assert len(answers) == 1 and len(answers[0]) < 300, result.output[-500:]
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output and seconds < 5


def test_a_good_script_still_exits_zero(folder):
    save = folder / "good.json"
    result, _ = invoke(["play", "--seed", "1"], f"declare Seattle\nsave {save}\nquit\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["actions"] == ["declare Seattle"]


def test_a_message_keeps_its_words_and_cuts_only_the_values_it_quotes():
    """The cut applies to a value click quotes back, not to an apostrophe in the message."""
    result, _ = invoke(["odds", "-a", "6 infantry", "-d", "1 infantry"])
    assert "(one territory's worth); this one has 6" in result.output
    result, _ = invoke(["play", "--seed", "9" * 5000])
    assert "'" + "9" * 30 + "...' is not a valid integer" in result.output
    result, _ = invoke(["odds", "-a", "x" * 5000, "-d", "1 infantry"])
    assert "unknown unit type '" + "x" * 30 + "..." in result.output


# -- an optional part not installed (issue 35, item 13): say which extra installs it -----------
def test_serve_refuses_a_mistyped_option_and_names_the_one_meant():
    result, _ = invoke(["serve", "--prot", "9000"])
    assert result.exit_code == 2 and "No such option '--prot'" in result.output and "'--port'" in result.output


@pytest.mark.parametrize("command, blocked, extra", [
    (["geodata", "check"], "shapely", "geodata"),
    (["geodata", "check", "--json"], "shapely", "geodata"),
    (["geodata", "build"], "geopandas", "geodata"),
    (["serve", "--no-browser"], "voila", "dashboard"),
    (["serve", "--no-browser"], "ipyleaflet", "dashboard"),
])
def test_a_command_whose_extra_is_missing_names_the_extra(command, blocked, extra, monkeypatch):
    """The extra's package made unimportable (as where it was never installed)."""
    import sys

    monkeypatch.setitem(sys.modules, blocked, None)
    for name in ("fortress.geodata.check", "fortress.geodata.build"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    result, _ = invoke(command)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert lines == [f"Error: fortress {command[0]}{' ' + command[1] if command[0] == 'geodata' else ''} needs "
                     f"{blocked}, from the '{extra}' extra: pip install 'fortress-wargames[{extra}]' "
                     f"(in a clone: pip install -e '.[{extra}]')"]
