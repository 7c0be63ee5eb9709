"""Nothing outside the engine reads its internals (issue 15): the bots, the UI, the odds, the
command line, the benchmarks and the notebook helpers use the public API only — no private
name of a ``fortress.engine`` or ``fortress.rulesets`` module or object, no ``state.battle[...]`` keys."""
from __future__ import annotations

import ast
from pathlib import Path

import fortress

PACKAGE = Path(fortress.__file__).parent
ENGINE = (PACKAGE / "engine", PACKAGE / "rulesets")  #: the engine and the rulesets it plays
#: the parts of a ruleset's folder that play or show its games rather than define its rules
#: (Fortress America's dashboard, bots and odds; ATTACK!'s dashboard): outside the engine, like
#: fortress/ui/, fortress/ai/ and fortress/odds/, so they too use the public API only
CLIENTS = ("dashboard", "bots", "odds")


def inside_the_engine(path: Path) -> bool:
    """``path`` defines the engine or a ruleset's rules (not one of a ruleset's ``CLIENTS``)."""
    if not any(d in path.parents for d in ENGINE):
        return False
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return not (parts[0] == "rulesets" and len(parts) > 2 and parts[2] in CLIENTS)


def engine_module(name: str) -> bool:
    """``name`` is a module of the engine or of a ruleset's rules (not one of its ``CLIENTS``)."""
    parts = name.split(".")
    if parts[:2] == ["fortress", "engine"]:
        return True
    return parts[:2] == ["fortress", "rulesets"] and not (len(parts) > 3 and parts[3] in CLIENTS)


def engine_private_names() -> set[str]:
    """Every ``_name`` the engine defines: module-level, in classes, or as ``self._name``."""
    names: set[str] = set()
    for path in [p for d in ENGINE for p in d.rglob("*.py") if inside_the_engine(p)]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return {n for n in names if n.startswith("_") and not n.startswith("__") and not _display_protocol(n)}


def _display_protocol(name: str) -> bool:
    """IPython's display methods (``_repr_mimebundle_``, ``_repr_svg_``...): public by protocol."""
    return name.startswith(("_repr_", "_ipython_")) and name.endswith("_")


def violations(source: str, private: set[str]) -> list[str]:
    """Uses of engine internals in ``source``: a private name imported from the engine, a
    private engine attribute read on anything but ``self``/``cls``, a battle read by key."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and engine_module(node.module or ""):
            found += [f"imports {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr in private:
            owner = ast.unparse(node.value)
            if owner not in ("self", "cls", "super()"):
                found.append(f"reads {owner}.{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and isinstance(node.slice.value, str) and ast.unparse(node.value).endswith("battle"):
            found.append(f"reads {ast.unparse(node)} (line {node.lineno})")
    return found


def outside_the_engine() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not inside_the_engine(p)]


def test_no_module_outside_the_engine_reads_its_internals():
    private = engine_private_names()
    bad = {str(p.relative_to(PACKAGE)): v for p in outside_the_engine()
           if (v := violations(p.read_text(), private))}
    assert not bad, f"engine internals read outside the engine and the rulesets' rules: {bad}"


def test_no_notebook_reads_engine_internals():
    import json
    private = engine_private_names()
    bad = {}
    for nb in sorted((PACKAGE / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!")))
        if v := violations(code, private):
            bad[nb.name] = v
    assert not bad, f"engine internals read in notebooks: {bad}"


def test_a_rulesets_dashboard_and_bots_are_outside_the_engine():
    outside = {str(p.relative_to(PACKAGE)) for p in outside_the_engine()}
    assert {"rulesets/attack/dashboard.py", "rulesets/america/dashboard/app.py", "rulesets/america/bots/search.py",
            "ui/serve.py"} <= outside
    assert not {"rulesets/america/battle.py", "engine/game.py"} & outside
    assert engine_module("fortress.rulesets.america.battle") and not engine_module("fortress.rulesets.america.odds.report")


def test_the_check_catches_each_kind_of_use():
    private = engine_private_names()
    assert {"_legal", "_chance_marks"} <= private
    src = ("from fortress.engine.game import _SURRENDER\n"
           "game._legal = None\nx = g.state.battle['area']\ny = self._legal\n")
    assert violations(src, private) == [
        "imports fortress.engine.game._SURRENDER", "reads game._legal (line 2)",
        "reads g.state.battle['area'] (line 3)"]
