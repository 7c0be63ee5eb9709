"""``fortress notebooks DEST``: copy the notebooks shipped inside the package to a folder of
the user's (the usual first step on a JupyterHub: the installed copies are read-only)."""
from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import click


def packaged_notebooks() -> list[Path]:
    """The ``.ipynb`` files in ``fortress/notebooks/``: the dashboard and the classroom ones."""
    folder = Path(str(resources.files("fortress") / "notebooks"))
    return sorted(folder.glob("*.ipynb"))


def copy_notebooks(dest: Path, force: bool = False) -> tuple[list[Path], list[Path]]:
    """Copy every packaged notebook into ``dest`` (created if need be); a file already there
    is kept (a student's work) unless ``force``. Return (copied, kept)."""
    dest.mkdir(parents=True, exist_ok=True)
    copied, kept = [], []
    for source in packaged_notebooks():
        target = dest / source.name
        if target.exists() and not force:
            kept.append(target)
            continue
        shutil.copyfile(source, target)
        copied.append(target)
    return copied, kept


@click.command()
@click.argument("dest", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite notebooks already in DEST.")
def notebooks(dest: Path, force: bool) -> None:
    """Copy the notebooks (play, tutorial, explore, replay, bots, aif_politics, attack_tutorial; teacher, for the teacher) into DEST."""
    try:
        copied, kept = copy_notebooks(dest, force)
    except OSError as exc:
        raise click.ClickException(f"cannot copy the notebooks to {dest}: {exc.strerror or exc}") from None
    for path in copied:
        click.echo(f"copied {path}")
    for path in kept:
        click.echo(f"kept {path} (already there; --force overwrites it)")
    if not copied and not kept:
        raise click.ClickException("no notebooks found inside the package: reinstall fortress")
