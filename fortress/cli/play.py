"""``fortress play``: a game in the terminal, in the action notation.

Type an action (``move 2 hovertank Seattle -> Olympic Peninsula``) or its number in
the last list shown, or a command: ``legal`` (list the legal actions, optionally filtered:
``legal move``), ``show AREA``, ``status``, ``log``, ``undo`` (your last action of this
turn), ``save FILE``, ``help``, ``quit``. At a terminal the line can be edited and the arrow
keys bring back earlier lines. Lines from a pipe work the same, so a game can be scripted::

    printf 'declare Seattle\\nend\\n' | fortress play --seed 1 --bots south=random,east=random,us=random
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import click

import fortress
from fortress.ai import bot_names, make_bot
from fortress.engine.data import DataError
from fortress.cli.options import SEED, variant_option, writable
from fortress.rulesets.america.ranking import describe
from fortress.engine.save import MAX_BYTES
from fortress.engine import rulesets
from fortress.engine.game import joined
from fortress.rulesets.america.views import AmericaGame

MAX_LISTED = 40
HELP = __doc__.replace("::", ":").replace("``", "'").strip()  #: what 'help' prints


def side_label(game: fortress.Game, side: str, otherwise: str | None = None) -> str:
    """``side``'s name in the game's ruleset (``otherwise`` for no side or an unknown one)."""
    return game.rules.side_names.get(side, side if otherwise is None else otherwise)


def status(game: fortress.Game) -> str:
    """Where the game stands: the round, who decides, the step's reminder, then the ruleset's
    own lines (its ``describe`` hook; Fortress America: cities, lasers, variants, cards)."""
    s = game.state
    if game.is_over:
        ranked = f"\n{describe(game.ranking, game.rules.side_names)}" if game.ranking else ""
        return f"Game over: {s.result}{ranked}"
    head = f"{game.round_label}, {side_label(game, s.turn)}'s turn, {game.phase}"
    deciders = [side_label(game, side) for side in game.rules.sides if side in game.to_move]
    if len(deciders) > 1:
        head += f" ({joined(deciders)} decide)"
    elif game.side != s.turn:
        head += f" ({side_label(game, game.side)} decides)"
    rules = "".join(f"\nOptional rule: {game.rules.variants[v]['name']}." for v in sorted(game.variants))
    own = game.rules.describe(game) if game.rules.describe is not None else rules.lstrip("\n")
    return f"{head}. {game.reminder()}\n{own}"


def show_area(game: fortress.Game, text: str) -> str:
    area = game.board[game.board.find(text)]
    if not isinstance(game, AmericaGame):  # who holds what, and units by area: Fortress America's views
        near = ", ".join(sorted(game.board[n].name for n in game.board.neighbours(area.id)))
        return f"{area.name} ({area.kind}). Next to: {near}."
    held = side_label(game, game.controller(area.id) or "", "-")
    units = ", ".join(f"{n} {side_label(game, s)} {k}" for (s, k), n in sorted(game.units_in(area.id).items())) or "no units"
    near = ", ".join(sorted(game.board[n].name for n in game.board.neighbours(area.id)))
    return f"{area.name} ({area.kind}, held by {held}): {units}.\nNext to: {near}."


def legal_texts(game: fortress.Game, word: str = "") -> list[str]:
    """The legal actions written out, those starting with ``word`` (all for ""), numbered
    from 1 in this order by ``list_legal`` and by the numbers a player types."""
    return [text for text in map(game.notation, game.legal_actions()) if text.startswith(word)]


def list_legal(game: fortress.Game, word: str = "", acts: list[str] | None = None) -> str:
    acts = legal_texts(game, word) if acts is None else acts
    if not acts:
        return f"No legal action starts with '{word[:40]}' now; type 'legal' for all of them."
    lines = [f"{i:>3}. {a}" for i, a in enumerate(acts[:MAX_LISTED], 1)]
    if len(acts) > MAX_LISTED:
        lines.append(f"     ... and {len(acts) - MAX_LISTED} more (filter: 'legal move', 'legal declare', ...)")
    return "\n".join(lines)


def parse_bots(text: str, seats: list[tuple[str, ...]], names: tuple[str, ...]) -> dict[str, str]:
    """``'west=random,south=heuristic'`` -> a bot per side. A player holds a seat, so a bot named
    for one power of a seat plays the seat's other powers too, unless they are named themselves."""
    named = {}
    sides = {side for seat in seats for side in seat}
    for part in filter(None, (p.strip() for p in text.split(","))):
        side, _, bot = part.partition("=")
        if side not in sides or bot not in names:
            raise click.BadParameter(f"write bots like 'west=random,south=heuristic' (sides: {', '.join(sorted(sides))}; "
                                     f"bots: {', '.join(names)}); got {part!r}", param_hint="--bots")
        named[side] = bot
    out = {}
    for seat in seats:
        given = [named[s] for s in seat if s in named]
        out.update({s: named.get(s, given[0]) for s in seat} if given else {})
    return out


class Session:
    """One terminal game: reads lines, answers in text."""

    def __init__(self, game: fortress.Game, bots: dict[str, str], seed: int, echo: Callable[[str], object] = click.echo) -> None:
        self.game, self.echo = game, echo
        self.bots = {side: make_bot(name, seed=seed + i, ruleset=game.rules) for i, (side, name) in enumerate(bots.items())}
        self.seen = len(game.events)
        self.refused = 0  # actions and saves refused (a script that had any exits with status 1)
        #: the list the player last saw ('legal WORD') and its filter, while the game has not moved
        self.listed: tuple[int, str, list[str]] | None = None

    def flush_log(self) -> None:
        """Print the new events the players at this terminal may see (not a bot's hand or sealed order)."""
        humans = set(self.game.rules.sides) - set(self.bots)
        for event in self.game.events[self.seen:]:
            if event.kind != "phase" and (event.audience is None or event.audience & humans):
                self.echo(f"  {event.text}")
        self.seen = len(self.game.events)

    def run_bots(self) -> None:
        while not self.game.is_over and self.game.side in self.bots:
            bot = self.bots[self.game.side]
            self.game.apply(bot.choose(self.game))
            self.flush_log()

    def handle(self, line: str) -> bool:
        """Carry out one line; False means quit."""
        line = line.strip()
        word, _, rest = line.partition(" ")
        g = self.game
        if not line or line.startswith("#"):
            return True
        if word in ("quit", "exit"):
            return False
        if word == "help":
            self.echo(HELP)
        elif word == "legal":
            acts = legal_texts(g, rest.strip())
            self.listed = (len(g.history), rest.strip(), acts)
            self.echo(list_legal(g, rest.strip(), acts))
        elif word == "status":
            self.echo(status(g))
        elif word == "log":
            self.echo("\n".join(g.log[-30:]))
        elif word == "show":
            try:
                self.echo(show_area(g, rest) if rest.strip() else "Write 'show AREA', e.g. 'show Seattle'.")
            except KeyError as exc:
                self.echo(exc.args[0][:1].upper() + exc.args[0][1:])
        elif word == "undo":
            self.undo()
        elif word == "save":
            self.save(Path(rest.strip() or "fortress-save.json"))
        else:
            self.act(line)
        return True

    def undo(self) -> None:
        """Take back one of the side to move's own actions of this turn (``game.undoable``,
        as the dashboard's Undo): never a bot's or another player's, nor dice or cards."""
        g = self.game
        if not g.undoable:
            self.echo("Cannot undo: nothing of yours to take back this turn (dice, cards and the other "
                      "players' moves stay).")
            return
        self.echo(f"Took back: {g.notation(g.undo())}")
        self.seen, self.listed = len(g.events), None

    def save(self, path: Path) -> None:
        try:
            writable(path)
            path.write_text(self.game.to_json())
        except OSError as exc:
            self.refused += 1
            self.echo(f"Cannot save: {exc.strerror or exc}")
            return
        self.echo(f"Saved to {path}.")

    def numbered(self, number: str) -> str | None:
        """The action numbered ``number`` in the list last shown ('legal WORD': the filtered
        list), or in the whole list once the game has moved on; None (said why) if no such."""
        word, acts = "", None
        if self.listed is not None and self.listed[0] == len(self.game.history):
            _, word, acts = self.listed
        acts = legal_texts(self.game) if acts is None else acts
        if len(number) <= 6 and 1 <= int(number) <= len(acts):
            return acts[int(number) - 1]
        listing = f"'legal {word}' lists {len(acts)} action(s)" if word else f"There are {len(acts)} legal actions"
        self.echo(f"{listing}; type 'legal' to list them all.")
        return None

    def act(self, line: str) -> None:
        g = self.game
        if line.isascii() and line.isdigit():  # an action's number in the list last shown
            found = self.numbered(line)
            if found is None:
                self.refused += 1
                return
            line = found
        try:
            g.apply(line)
        except fortress.IllegalAction as exc:
            self.refused += 1
            self.echo(f"Refused: {exc.reason}")
            return
        self.listed = None  # the game moved: a number is again one of all the legal actions
        self.flush_log()
        self.run_bots()


@click.command()
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the dice and cards.")
@click.option("--ruleset", default=rulesets.DEFAULT, show_default=True, is_eager=True,
              help="The ruleset to play (an installed one: fortress.rulesets entry points).")
@click.option("--players", default=4, type=click.IntRange(2, 8), show_default=True,
              help="How many play (the ruleset's player counts: Fortress America 2 to 4, ATTACK! Deluxe 2 to 6).")
@click.option("--map", "map_name", type=click.Choice(["western", "pacific", "both"]), default=None,
              help="ATTACK! Deluxe's map: western or pacific (2-4 players), both (5-6; the default there).")
@click.option("--years", type=click.Choice(["6", "9", "12"]), default=None,
              help="ATTACK! Deluxe's length: 6 (limited war, the default), 9 (major) or 12 (total).")
@click.option("--setup", default="default", show_default=True,
              help="default (the ruleset's: balanced in Fortress America), balanced, coastal, random or none.")
@click.option("--bots", default="", help="Bot seats, e.g. 'west=random,south=heuristic,east=random'; a bot named for one power of a "
                   "player's seat plays the seat's other powers too.")
@click.option("--load", "load", type=click.Path(exists=True, dir_okay=False), help="Resume a saved game.")
@variant_option
def play(seed: int, ruleset: str, players: int, setup: str, bots: str, load: str | None,
         map_name: str | None, years: str | None, variants: tuple[str, ...]) -> None:
    """Play in the terminal (or from a script on standard input; a script in which an
    action was refused exits with status 1)."""
    if load and variants:
        raise click.BadParameter("a saved game plays the variants it was saved with; use --variant for a new game",
                                 param_hint="--variant")
    if load:
        game = fortress.Game.from_json(_read_save(Path(load)))  # plays the variants it was saved with
    else:
        try:
            rules = rulesets.get(ruleset)
        except DataError:
            raise  # a broken data file: the command's one line (Group), not a usage mistake
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--ruleset") from None
        variants = variants + map_and_years(players, map_name, years)
        try:
            rules.seats(players)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--players") from None
        try:
            game = fortress.new_game(seed=seed, players=players, setup=None if setup == "none" else setup,
                                     variants=variants, ruleset=ruleset)
        except DataError:
            raise  # a broken data file: the command's one line (Group), not a usage mistake
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--setup") from None
    session = Session(game, parse_bots(bots, game.seats, bot_names(game.rules)), seed)
    session.run_bots()
    interactive = sys.stdin.isatty()
    read = line_reader(interactive and sys.stdout.isatty())
    while not game.is_over:
        if interactive:
            click.echo(status(game))
        try:
            line = read(f"{side_label(game, game.side)}> " if interactive else "")
        except EOFError:
            break
        if not interactive and line.strip():
            click.echo(f"{side_label(game, game.side)}> {line.strip()[:200]}")
        if not session.handle(line):
            break
        game = session.game
    click.echo(status(game))
    if session.refused and not interactive:
        raise click.ClickException(f"{session.refused} line(s) of the script were refused.")


def map_and_years(players: int, map_name: str | None, years: str | None) -> tuple[str, ...]:
    """``--map`` and ``--years`` as the optional rules ATTACK! Deluxe declares them (``pacific``,
    ``years-9``, ``years-12``); the Western map, both maps and 6 years are its defaults."""
    if map_name == "both" and players < 5 or map_name in ("western", "pacific") and players > 4:
        raise click.BadParameter("both maps are played by 5-6 players, one map by 2-4 ([Setup S1])",
                                 param_hint="--map")
    return (("pacific",) if map_name == "pacific" else ()) + ((f"years-{years}",) if years in ("9", "12") else ())


def _read_save(path: Path) -> bytes:
    """The file's bytes, read no further than a save can be long (from_json refuses a longer one)."""
    with path.open("rb") as f:
        return f.read(MAX_BYTES + 1)


def line_reader(terminal: bool) -> Callable[[str], str]:
    """How a line is read: at a terminal with prompt_toolkit (installed with IPython) the line
    can be edited and the arrow keys recall earlier lines; without it, Python's ``input`` with
    ``readline`` where the platform has it; from a pipe or a file, plain ``input``."""
    if not terminal:
        return input
    try:
        return prompt_reader()
    except ImportError:
        try:
            import readline  # noqa: F401 - gives input() line editing and history
        except ImportError:
            pass
        return input


def prompt_reader(**session: Any) -> Callable[[str], str]:
    """A prompt_toolkit prompt keeping this game's lines as its history (``session``: more
    options of ``PromptSession``, such as the input and output a test drives)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    prompt: PromptSession[str] = PromptSession(history=InMemoryHistory(), **session)
    return prompt.prompt
