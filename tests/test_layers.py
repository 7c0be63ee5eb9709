"""The package's layers (docs/architecture.md): nothing lower imports anything higher, lazy
imports inside functions and type-checking imports included."""
from __future__ import annotations

import ast
from pathlib import Path

import fortress

PACKAGE = Path(fortress.__file__).parent

#: lowest first; a module may import its own layer and the layers below it
LAYERS: tuple[tuple[str, ...], ...] = (
    ("fortress.engine.board", "fortress.engine.data"),
    ("fortress.geodata",),
    ("fortress.engine",),
    # the package root re-exports the engine and the default ruleset's game; fortress.draw
    # (colours and the SVG map, plain Python) is what a Game shows in a notebook
    # (Game._repr_mimebundle_ imports it lazily)
    ("fortress.rulesets", "fortress", "fortress.draw"),
    # Fortress America's odds sit with the shared ones, though in the ruleset's folder (its
    # ruleset names the package as its odds, imported when first asked)
    ("fortress.odds", "fortress.rulesets.america.odds"),
    # Fortress America's bots sit with the shared ones, though in the ruleset's folder (its
    # ruleset names them as "module:class", imported when first seated)
    ("fortress.ai", "fortress.rulesets.america.bots"),
    ("fortress.store",),
    # a ruleset's part of the dashboard (ATTACK!'s map widget for the shell, found through the
    # fortress.dashboards entry point; Fortress America's whole page, opened by
    # fortress.ui.build_app) sits with the UI, though in the ruleset's folder
    ("fortress.ui", "fortress.rulesets.attack.dashboard", "fortress.rulesets.attack.panels",
     "fortress.rulesets.america.dashboard"),
    ("fortress.notebook_helpers",),
    ("fortress.render",),
    ("fortress.bench", "fortress.cli", "fortress.__main__"),
)


def layer(module: str) -> int | None:
    """The layer of ``module``: the one naming it or its longest prefix (the package root
    only by itself); None for a module no layer names."""
    best, found = -1, None
    for height, names in enumerate(LAYERS):
        for name in names:
            inside = module == name or (name != "fortress" and module.startswith(name + "."))
            if inside and len(name) > best:
                best, found = len(name), height
    return found


def imported(source: str) -> list[tuple[str, int]]:
    """The ``fortress`` modules ``source`` imports, with their lines (``from fortress import
    ui`` counts as ``fortress.ui``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names if a.name.split(".")[0] == "fortress"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "fortress":
                found += [(f"fortress.{a.name}" if (PACKAGE / a.name).exists() or (PACKAGE / f"{a.name}.py").exists()
                           else "fortress", node.lineno) for a in node.names]
            elif node.module.startswith("fortress."):
                found.append((node.module, node.lineno))
    return found


def upward(module: str, source: str) -> list[str]:
    """The imports of ``source`` (the text of ``module``) that reach a higher layer."""
    here = layer(module)
    assert here is not None, f"{module} is in no layer of LAYERS (docs/architecture.md)"
    wrong = []
    for target, line in imported(source):
        there = layer(target)
        assert there is not None, f"{module} imports {target}, which is in no layer of LAYERS"
        if there > here:
            wrong.append(f"{module} imports {target} (line {line})")
    return wrong


def test_the_check_catches_an_import_from_a_higher_layer():
    assert upward("fortress.engine.game", "def f():\n    from fortress.ui import app\n")
    assert upward("fortress.rulesets.america.bots.search", "from fortress import store\n")
    assert upward("fortress.engine.board", "import fortress.rulesets.america.state\n")
    assert upward("fortress.engine.turn", "from fortress.rulesets.aif import politics\n")
    assert not upward("fortress.rulesets.america.dashboard.app", "from fortress.ai import make_bot\nimport fortress\n")
    assert layer("fortress.newthing") is None  # a new top-level module must be placed in a layer
    assert not upward("fortress.rulesets.attack.dashboard", "from fortress.ui.world_map import WorldBoardMap\n")
    assert upward("fortress.rulesets.attack.world", "from fortress.ui.world_map import WorldBoardMap\n")
    assert upward("fortress.rulesets.america.views", "from fortress.rulesets.america.dashboard import app\n")


def test_nothing_lower_imports_anything_higher():
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        wrong += upward(module, path.read_text())
    assert not wrong, wrong


def _package_imports(folder: str) -> dict[str, list[str]]:
    """Each module under ``fortress/<folder>`` and the ``fortress`` modules it imports."""
    out = {}
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        out[".".join(parts)] = [target for target, _line in imported(path.read_text())]
    return out


def test_the_engine_imports_no_ruleset():
    """``fortress/engine/`` knows no ruleset: it finds them through the registry
    (the entry points), lazily, by name."""
    bad = {m: [t for t in targets if t.startswith("fortress.rulesets")]
           for m, targets in _package_imports("engine").items()}
    assert not {m: t for m, t in bad.items() if t}


#: the rulesets that reuse another's phases and battle (issue 39: America in Flames plays ATTACK!'s)
REUSES = {"aif": ("fortress.rulesets.attack",)}


def test_a_ruleset_imports_no_other_ruleset():
    """...but the one whose phases and battle it declares it reuses (``REUSES``)."""
    names = sorted(p.name for p in (PACKAGE / "rulesets").iterdir() if (p / "__init__.py").exists())
    assert {"america", "aif", "attack"} <= set(names)
    for name in names:
        own = (f"fortress.rulesets.{name}", *REUSES.get(name, ()))
        bad = {m: [t for t in targets if t.startswith("fortress.rulesets.") and not t.startswith(own)]
               for m, targets in _package_imports(f"rulesets/{name}").items()}
        assert not {m: t for m, t in bad.items() if t}, name


def test_the_dashboard_shell_names_no_ruleset():
    """``fortress/ui/shell/`` plays every ruleset through the public API and the entry points:
    it imports no ``fortress.rulesets`` module, and no ruleset's name appears in its code."""
    imports = {m: [t for t in targets if t.startswith("fortress.rulesets")]
               for m, targets in _package_imports("ui/shell").items()}
    assert imports and not {m: t for m, t in imports.items() if t}
    from fortress.engine import rulesets
    for path in (PACKAGE / "ui" / "shell").rglob("*.py"):
        text = path.read_text()
        for name in rulesets.names():
            assert f'"{name}"' not in text and f"'{name}'" not in text, (path.name, name)


#: the modules outside ``fortress/rulesets/america/`` that import it, and why: Fortress America's
#: bots, odds and dashboard live in its folder and are found through its ruleset (``bots``,
#: ``odds``) or opened by ``build_app``; what is left names Fortress America on purpose
FORTRESS_AMERICA_USERS = {
    "fortress": "the package root re-exports the default ruleset's public names (fortress.Attack...)",
    "fortress.ui": "build_app, the entry of Fortress America's dashboard (rulesets/america/dashboard/)",
    "fortress.cli.odds": "`fortress odds` is Fortress America's calculator on the command line (its units, terrains, policies)",
    "fortress.cli.simulate": "`fortress simulate` without --ruleset plays Fortress America's bots with its teams and cities",
    "fortress.cli.play": "`fortress play` prints Fortress America's individual ranking",
    "fortress.cli.options": "a position game's errors (Fortress America's positions)",
    "fortress.bench.bots": "`fortress bench bots` measures Fortress America's search bot",
    "fortress.bench.odds": "`fortress bench odds` measures Fortress America's odds calculator",
    "fortress.draw.svg": "Fortress America's map as SVG (a type-checking import of its game)",
    "fortress.render.display": "Fortress America's map widget in a notebook (a type-checking import of its game)",
    "fortress.notebook_helpers.classroom_bots": "the classroom notebooks teach Fortress America",
    "fortress.notebook_helpers.lessons": "the classroom notebooks teach Fortress America",
    "fortress.notebook_helpers.replays": "the classroom notebooks teach Fortress America",
}


def test_only_the_listed_modules_import_fortress_america_from_outside():
    """Nothing outside ``fortress/rulesets/america/`` imports it (its bots through
    ``fortress.ai.make_bot``, its odds through ``fortress.odds``, its dashboard through
    ``fortress.ui.build_app``) but the modules listed, each for its stated reason."""
    users = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if (PACKAGE / "rulesets" / "america") in path.parents:
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if any(target.startswith("fortress.rulesets.america") for target, _line in imported(path.read_text())):
            users.add(module)
    assert users == set(FORTRESS_AMERICA_USERS)
    for shared in ("fortress.ai", "fortress.odds", "fortress.ui"):  # the shared folders name no ruleset's code
        assert not {m for m in users if m.startswith(shared + ".")}, shared
