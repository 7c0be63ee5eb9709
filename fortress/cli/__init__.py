"""The ``fortress`` command line: one module per subcommand.

    fortress play                  a game in the terminal (fortress.cli.play)
    fortress odds                  battle odds (fortress.cli.odds)
    fortress simulate              bot-versus-bot games (fortress.cli.simulate)
    fortress bench                 speed figures (fortress.cli.bench)
    fortress geodata build|check   the board (fortress.cli.geodata)
    fortress serve                 the Voila dashboard; --ruleset NAME: the shell (fortress.cli.serve)
    fortress notebooks DEST        copy the notebooks to a folder (fortress.cli.notebooks)
"""
from __future__ import annotations

import click

from fortress.cli.bench import bench
from fortress.cli.geodata import geodata
from fortress.cli.notebooks import notebooks
from fortress.cli.odds import odds
from fortress.cli.options import DISTRIBUTION, Group
from fortress.cli.play import play
from fortress.cli.serve import serve
from fortress.cli.simulate import simulate


@click.group(cls=Group)
@click.version_option(package_name=DISTRIBUTION)
def main() -> None:
    """Fortress America: a rules-enforcing digital edition."""


for _command in (bench, geodata, odds, play, serve, simulate):
    main.add_command(_command)
main.add_command(notebooks)

if __name__ == "__main__":  # pragma: no cover
    main()
