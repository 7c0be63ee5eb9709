"""One battle engine: nothing outside the engine and the ruleset (``fortress/engine/``, ``fortress/rulesets/america/``) reaches into the battle's or the
dice's private names, and the random generator is written once (issue 15)."""
from __future__ import annotations

import ast
from pathlib import Path

import fortress

PACKAGE = Path(fortress.__file__).parent
GUARDED = ("fortress.rulesets.america.battle", "fortress.rulesets.america.dice", "fortress.engine.dice")


def private_uses(tree: ast.AST) -> list[str]:
    """``from <guarded> import _x`` and ``<alias of a guarded module>._x`` in ``tree``."""
    aliases: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in GUARDED:
            found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.ImportFrom) and node.module in ("fortress.engine", "fortress.rulesets.america"):
            aliases.update(a.asname or a.name for a in node.names if f"{node.module}.{a.name}" in GUARDED)
        elif isinstance(node, ast.Import):
            aliases.update(a.asname or a.name for a in node.names if a.name in GUARDED)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            if ast.unparse(node.value) in aliases:
                found.append(f"{ast.unparse(node.value)}.{node.attr}")
    return found


def outside_rules() -> list[Path]:
    inside = (PACKAGE / "engine", PACKAGE / "rulesets" / "america")
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not any(d in p.parents for d in inside)]


def test_no_module_outside_rules_imports_a_private_name_of_the_battle_or_the_dice():
    bad = {str(p.relative_to(PACKAGE)): uses for p in outside_rules()
           if (uses := private_uses(ast.parse(p.read_text(), str(p))))}
    assert not bad, f"private names of the battle or dice used outside the engine and the ruleset: {bad}"


def test_the_check_sees_private_imports_and_attributes():
    src = ("from fortress.rulesets.america.battle import _CLS, Battle\n"
           "import fortress.engine.dice as D\nfrom fortress.rulesets.america import battle as B\n"
           "x = D._MASK + B._value(1) + D.Rng(1).state\n")
    assert sorted(private_uses(ast.parse(src))) == ["B._value", "D._MASK", "fortress.rulesets.america.battle._CLS"]


def test_the_random_generator_is_written_once():
    # splitmix64's increment: only fortress/engine/dice.py may step the generator.
    steppers = [str(p.relative_to(PACKAGE)) for p in sorted(PACKAGE.rglob("*.py"))
                if "9E3779B97F4A7C15" in p.read_text().upper()]
    assert steppers == ["engine/dice.py"]
