"""The command line: ``fortress play`` scripted from standard input, ``fortress bench``."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import fortress
from fortress.cli import main


def run(args, stdin=""):
    return CliRunner().invoke(main, args, input=stdin, catch_exceptions=False)


def test_help_lists_the_subcommands():
    result = run(["--help"])
    for name in ("play", "geodata", "odds", "bench", "simulate", "serve"):
        assert name in result.output


def test_play_reads_actions_and_commands_from_a_script(tmp_path):
    save = tmp_path / "game.json"
    script = "\n".join([
        "status", "legal declare", "declare Seattle", "declare Pacific: Golden Gate", "show Seattle", "show",
        "show sea",
        "1", "undo", "end", f"save {save}", "quit",
    ])
    result = run(["play", "--seed", "1"], script)
    out = result.output
    assert "Round 1, West's turn, declare" in out
    assert "West declares a battle for Seattle." in out
    assert "Refused: Declare Battles: Pacific: Golden Gate is an invasion zone" in out
    assert "Seattle (city, held by U.S.)" in out
    assert "Write 'show AREA'" in out and "There is no area called 'sea' on this board. Did you mean Seattle?" in out
    assert "Took back: declare" in out
    game = fortress.Game.from_json(save.read_text())
    assert game.phase == "maneuvers" and game.notation(game.history[0]) == "declare Seattle"


def test_undo_takes_back_only_your_own_actions_of_this_turn():
    """Seed 1: the U.S. first decides a retreat in West's Combat. Undo there must not take
    back the West bot's last action (which would hand the bot's seat to the player)."""
    result = run(["play", "--seed", "1", "--bots", "west=random,south=random,east=random"],
                 "\n".join(["status", "undo", "legal move", "status"]))
    out = result.output
    assert "Cannot undo: nothing of yours to take back this turn" in out
    assert "Took back" not in out
    assert "No legal action starts with 'move' now" in out
    assert out.count("Round 1, West's turn, combat (U.S. decides)") == 3  # two 'status' and the last


def test_play_a_whole_game_with_bots_on_every_seat_but_one():
    # the U.S. is scripted to end each phase; the Invaders are random bots
    result = run(["play", "--seed", "3", "--bots", "west=random,south=random,east=random"],
                 "\n".join(["1"] * 3000))
    assert "Game over" in result.output


def test_play_refuses_a_bad_save(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    result = CliRunner().invoke(main, ["play", "--load", str(bad)])
    assert result.exit_code != 0 and "not valid JSON" in result.output


@pytest.mark.slow
def test_bench_engine_reports_its_figures():
    result = run(["bench", "--only", "engine", "--quick", "--json"])
    figures = json.loads(result.output)["suites"]["engine"]
    names = {f["name"] for f in figures}
    assert any("random games per second" in n for n in names)
    assert all(f["value"] > 0 for f in figures)


def complete(shell_var: str, words: str = "", cword: int = 0) -> str:
    """What the ``fortress`` script prints for click's shell completion (README: "Shell
    completion"): ``_FORTRESS_COMPLETE=<shell>_source|<shell>_complete fortress``."""
    env = {"_FORTRESS_COMPLETE": shell_var, "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    result = CliRunner().invoke(main, [], prog_name="fortress", env=env)
    assert result.exit_code == 0, result.output
    return result.output


def test_shell_completion_scripts_for_bash_zsh_fish():
    assert "complete -o nosort -F _fortress_completion fortress" in complete("bash_source")
    assert "compdef _fortress_completion fortress" in complete("zsh_source")
    assert "complete --no-files --command fortress" in complete("fish_source")


def test_shell_completion_completes_commands_and_options():
    assert complete("bash_complete", "fortress s", 1).split() == ["plain,serve", "plain,simulate"]
    assert "plain,--json" in complete("bash_complete", "fortress geodata check --", 3).split()


def test_play_with_the_variant_announces_the_collective_and_individual_results():
    # the Invaders' turns are played by bots; the U.S. surrenders: a collective Invader win
    result = run(["play", "--seed", "1", "--variant", "individual-victory",
                  "--bots", "west=random,south=random,east=random"], "status\nsurrender\n")
    out = result.output
    assert "Optional rule: Individual Invader Victory." in out
    assert "The Invaders win: the U.S. surrendered." in out and "Game over: the U.S. surrendered." in out
    assert out.count("Individual Invader Victory: 1st ") == 2  # in the log as it happens, and in the final status


def test_play_without_the_variant_has_no_ranking():
    result = run(["play", "--seed", "1", "--bots", "west=random,south=random,east=random"], "surrender\n")
    assert "The Invaders win" in result.output and "Individual Invader Victory" not in result.output


def test_play_refuses_a_player_count_the_ruleset_does_not_seat():
    result = CliRunner().invoke(main, ["play", "--players", "5"])
    assert result.exit_code == 2 and "Fortress America is for 2, 3 or 4 players" in result.output


def test_play_refuses_an_unknown_variant_and_a_variant_with_a_save(tmp_path):
    result = CliRunner().invoke(main, ["play", "--variant", "no-such-rule"])
    assert result.exit_code == 2 and "individual-victory" in result.output
    save = tmp_path / "game.json"
    save.write_text(fortress.new_game(seed=1).to_json())
    result = CliRunner().invoke(main, ["play", "--load", str(save), "--variant", "individual-victory"])
    assert result.exit_code == 2 and "saved with" in result.output


# -- issue 35, item 13: numbers of a filtered list, line editing, a pipe closed early -----------
def test_a_number_after_legal_word_plays_that_move_of_the_list_shown():
    from fortress.cli.play import legal_texts

    game = fortress.new_game(seed=1)
    shown, everything = legal_texts(game, "declare S"), legal_texts(game)
    assert shown[2] != everything[2]
    out = run(["play", "--seed", "1"], "\n".join(["legal declare S", "3", "3", "legal end", "7", "1"])).output
    assert f"  3. {shown[2]}" in out and f"West declares a battle for {shown[2].removeprefix('declare ')}." in out
    # once the game has moved, a number is one of all the legal actions again
    game.apply(shown[2])
    assert f"West declares a battle for {legal_texts(game)[2].removeprefix('declare ')}." in out
    assert "'legal end' lists 1 action(s); type 'legal' to list them all." in out
    assert out.rstrip().splitlines()[-3].startswith("Round 1, West's turn, maneuvers")  # '1': the end of the list shown


def test_at_a_terminal_lines_can_be_edited_and_recalled():
    """The prompt 'fortress play' uses at a terminal (prompt_toolkit), driven through a pipe:
    the left arrow moves into the line to mend it, the up arrow brings back the line before."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from fortress.cli.play import line_reader, prompt_reader

    assert line_reader(False) is input  # a pipe or a file: plain lines
    assert type(line_reader(True).__self__).__name__ == "PromptSession"  # a terminal
    with create_pipe_input() as keys:
        read = prompt_reader(input=keys, output=DummyOutput())
        keys.send_text("declare Seatle\x1b[D\x1b[Dt\r")
        assert read("West> ") == "declare Seattle"
        keys.send_text("\x1b[A\r")
        assert read("West> ") == "declare Seattle"


def test_at_a_terminal_without_prompt_toolkit_input_edits_lines_with_readline(monkeypatch):
    import sys

    from fortress.cli.play import line_reader

    monkeypatch.setitem(sys.modules, "prompt_toolkit", None)  # the light install has no IPython
    monkeypatch.delitem(sys.modules, "readline", raising=False)
    assert line_reader(True) is input and "readline" in sys.modules


def test_output_into_a_pipe_closed_early_ends_quietly():
    """'fortress play ... | head': the reader goes away mid-game; no 'Error: Broken pipe'."""
    import subprocess
    import sys

    bots = "us=random,west=random,south=random,east=random"  # a whole game, ~180 kB of log
    proc = subprocess.Popen([sys.executable, "-m", "fortress", "play", "--seed", "1", "--bots", bots],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline().startswith(b"  West declares")
    proc.stdout.close()  # as head does after its lines
    err = proc.stderr.read().decode()
    proc.wait(timeout=300)
    assert err == "" and proc.returncode == 1


@pytest.mark.quick
def test_a_bot_named_for_one_power_plays_its_players_whole_seat():
    """Two players of America in Flames: naming Germany makes the Axis seat (Germany, Italy,
    Japan) a bot; only the Allies' powers wait for lines at the terminal."""
    result = run(["play", "--ruleset", "aif", "--players", "2", "--seed", "3", "--bots", "germany=random"],
                 "1\n" * 60)
    prompts = {line.partition(">")[0] for line in result.output.splitlines() if ">" in line and line[:1].isalpha()}
    assert prompts and prompts <= {"USA", "Commonwealth", "France"}, prompts


def test_bots_name_the_sides_and_bots_they_may_be():
    result = CliRunner().invoke(main, ["play", "--bots", "north=random"])
    assert result.exit_code == 2 and "sides: east, south, us, west" in result.output
