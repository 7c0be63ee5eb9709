"""What the subcommands share: bounded option types, output paths checked before the work,
and a command group that turns a user's mistake into one line and a non-zero exit.

>>> SEED.convert("12", None, None)
12
>>> POSITIVE.convert("nan", None, None)
Traceback (most recent call last):
click.exceptions.BadParameter: 'nan' is not a finite number above 0.
"""
from __future__ import annotations

import errno
import math
import os
import re
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TypeVar

import click

from fortress.engine.data import DataError
from fortress.engine import rulesets
from fortress.rulesets.america.positions import PositionError
from fortress.engine.save import SaveError
from fortress.engine.schema import schema

_SEED = schema()["properties"]["seed"]
#: seeds a save can hold (a 64-bit integer)
SEED = click.IntRange(_SEED["minimum"], _SEED["maximum"])
AT_LEAST_ONE = click.IntRange(min=1)


class Positive(click.ParamType):  # type: ignore[type-arg, unused-ignore]  # generic in newer click stubs
    """A finite number above 0 (``nan``, ``inf`` and ``-1`` are refused)."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = math.nan
        if not math.isfinite(number) or number <= 0:
            self.fail(f"{str(value)[:40]!r} is not a finite number above 0.", param, ctx)
        return number


POSITIVE = Positive()


F = TypeVar("F", bound=Callable[..., Any])


class Variant(click.ParamType):  # type: ignore[type-arg, unused-ignore]  # generic in newer click stubs
    """The name of an optional rule of the command's ruleset (its ``--ruleset``, given before
    this is read: the option is eager; else the default ruleset), read when the command runs:
    importing the command line reads no data file."""

    name = "variant"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            known = rulesets.get((ctx.params.get("ruleset") if ctx is not None else None) or None).variants
        except ValueError:  # an unknown ruleset: the command says so
            known = rulesets.get().variants
        if value not in known:
            self.fail(f"{value!r} is not one of {', '.join(map(repr, known))}.", param, ctx)
        return str(value)


class VariantOption(click.Option):
    """``--variant``, its help listing the variants as the help is shown."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = "Play an optional rule (repeat for more): " + "; ".join(
            f"{name}: {row['name']}" for name, row in rulesets.get().variants.items()) + "."
        return super().get_help_record(ctx)


def variant_option(command: F) -> F:
    """``--variant NAME`` (repeatable): an optional rule the ruleset declares (``[variants]``)."""
    return click.option("--variant", "variants", multiple=True, type=Variant(), cls=VariantOption)(command)
#: a value click quotes back (its closing quote may be cut off already), to be cut short: an
#: opening quote follows no letter or digit and comes before one, so the apostrophe of
#: "territory's" and a closing quote do not start one
_LONG_VALUE = re.compile(r"(?<!\w)'(?=\S)([^']{30})[^']{10,}('?)")
MAX_MESSAGE = 240  #: characters of a usage mistake's message at most, whatever it quotes
_ADDRESS = re.compile(r"(tcp|tls|ws|wss|ucx|inproc)://[\w.\-\[\]:]{1,253}")


def scheduler_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A Dask scheduler address such as ``tcp://10.0.0.5:8786`` (checked before connecting)."""
    if value is not None and not _ADDRESS.fullmatch(value):
        raise click.BadParameter("write a Dask scheduler address like 'tcp://10.0.0.5:8786'")
    return value


def output_path(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """A file we will write at the end: refused now if it cannot be, not after the work."""
    if value is None:
        return None
    try:
        writable(Path(value))
    except OSError as exc:
        raise click.BadParameter(str(exc)) from None
    return Path(value)


def writable(path: Path) -> None:
    """Raise ``OSError`` (with a short reason) if ``path`` cannot be written as a file."""
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder, not a file")
    if not parent.is_dir():
        raise FileNotFoundError(f"there is no folder {parent}")
    if not os.access(path if path.exists() else parent, os.W_OK):
        raise PermissionError(f"{path} cannot be written here")


#: the distribution's name on the package index (the import name and the command are ``fortress``)
DISTRIBUTION = "fortress-wargames"


def install_hint(extra: str) -> str:
    """The command that installs an extra: ``pip install 'fortress-wargames[geodata]'``."""
    return f"pip install '{DISTRIBUTION}[{extra}]' (in a clone: pip install -e '.[{extra}]')"


class MissingExtra(click.ClickException):
    """A command whose optional packages are not installed: one line naming the extra."""

    def __init__(self, what: str, extra: str, missing: str) -> None:
        super().__init__(f"{what} needs {missing}, from the '{extra}' extra: {install_hint(extra)}")


@contextmanager
def needs_extra(what: str, extra: str) -> Iterator[None]:
    """Run the body; a third-party module missing on the way ends ``what`` with
    :class:`MissingExtra` (a fortress module missing is a broken install: raised as it is)."""
    try:
        yield
    except ModuleNotFoundError as exc:
        if (exc.name or "fortress").split(".")[0] == "fortress":
            raise
        raise MissingExtra(what, extra, exc.name or "a package") from None


def require_extra(what: str, extra: str, modules: Iterable[str]) -> None:
    """Refuse ``what`` with :class:`MissingExtra` unless every one of ``modules`` is installed
    (for work another process does, where an import here would not fail)."""
    missing = [m for m in modules if find_spec(m) is None]
    if missing:
        raise MissingExtra(what, extra, ", ".join(missing))


class UsageLine(click.ClickException):
    """A mistake in the command line, said in one line (exit status 2, as click's own)."""

    exit_code = 2


class Group(click.Group):
    """The ``fortress`` group: a mistake in the command line, a bad save or position, a broken
    data file, or an output path that cannot be written ends the command with one line (``Error: ...``) and
    a non-zero exit status, never a traceback or a page of usage; output into a pipe whose
    reader has gone (``| head``) ends it quietly, with status 1."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            raise UsageLine(_clip(exc.format_message()) + hint) from None
        except (SaveError, PositionError, DataError) as exc:
            raise click.ClickException(str(exc)) from None
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # the reader went away ('| head'): click ends quietly
                raise
            raise click.ClickException(_os_message(exc)) from None


def _clip(message: str) -> str:
    """``message`` with each long quoted value cut short, and the whole within
    :data:`MAX_MESSAGE` characters."""
    message = _LONG_VALUE.sub(r"'\1...\2", message)
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE] + "..."


def _os_message(exc: OSError) -> str:
    where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
    return f"{exc.strerror or exc}{where}"
