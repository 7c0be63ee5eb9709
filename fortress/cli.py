"""The ``fortress`` command line.

Each subcommand lives beside the code it drives and is registered here, so this
file stays a table of contents::

    fortress geodata build|check   the board (fortress.geodata.cli)
    fortress play                  a game in the terminal (fortress.play)
    fortress odds                  battle odds (fortress.odds_cli)
    fortress bench                 speed figures (fortress.bench)
    fortress simulate              bot-versus-bot games (fortress.ai.simulate)
    fortress serve                 the Voila dashboard (fortress.ui.serve)
"""
from __future__ import annotations

import importlib

import click

# name -> "module:attribute" of a click command or group
SUBCOMMANDS = {
    "geodata": "fortress.geodata.cli:geodata",
    "play": "fortress.play:play",
    "odds": "fortress.odds_cli:odds",
    "bench": "fortress.bench:bench",
    "simulate": "fortress.ai.simulate_cli:simulate",
    "serve": "fortress.ui.serve:serve",
}


class LazyGroup(click.Group):
    """Import a subcommand's module only when it is used (keeps start-up fast)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # a part not built yet, or an extra not installed
            if exc.name and exc.name.startswith("fortress"):
                return None
            raise click.ClickException(
                f"'fortress {name}' needs the package '{exc.name}': pip install -e '.[test]'"
            ) from exc
        return getattr(module, attr)


@click.group(cls=LazyGroup)
@click.version_option(package_name="fortress")
def main() -> None:
    """Fortress America: a rules-enforcing digital edition."""


if __name__ == "__main__":  # pragma: no cover
    main()
