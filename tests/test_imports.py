"""The layout's arrows, read from the source: every import of every module
of the five packages, at module level and inside functions alike.

The floors, top to bottom: passport_cli talks to people; arena seats tables
and runs tournaments; bots decide; openings store and look up; engine is the
rules. A package imports only itself and the floors below it (openings reads
the engine only), never another package's private (`_name`) module, and no
chain of imports leads from a module back to itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Each package and the packages of ours it may import (itself always).
MAY_IMPORT = {
    "engine": set(),
    "bots": {"engine"},
    "openings": {"engine"},
    "arena": {"bots", "engine"},
    "passport_cli": {"arena", "bots", "openings", "engine"},
}


def module_name(path: Path) -> str:
    """engine/game.py -> engine.game; bots/__init__.py -> bots."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the five packages, by dotted name."""
    found = {}
    for package in MAY_IMPORT:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def source_of(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The module a `from ... import` in module `name` reads from."""
    if not node.level:
        return node.module
    base = name.split(".")
    base = base[:len(base) - node.level + (1 if path.name == "__init__.py" else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ours that module `name` imports anywhere in its text.

    `from pkg import x` imports the module pkg.x where there is one, and
    pkg itself (its __init__) where some name is not a module. Importing
    pkg.x loads pkg first: that counts too, except for a package that holds
    `name`, which is loading already."""
    is_package = path.name == "__init__.py"
    named = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = source_of(name, path, node)
            submodules = {f"{source}.{alias.name}" for alias in node.names} & set(known)
            named.update(submodules)
            if len(submodules) < len(node.names):
                named.add(source)
    parents = {".".join(target.split(".")[:end]) for target in named
               for end in range(1, target.count(".") + 1)}
    holders = {".".join(name.split(".")[:end]) for end in range(1, name.count(".") + 1 + is_package)}
    return (named | (parents - holders)) & set(known) - {name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imported(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_five_packages_are_all_read():
    names = modules()
    assert {"engine.game", "bots.ismcts", "arena.match", "openings.book",
            "passport_cli.main"} <= set(names)


def test_no_import_cycle():
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import(tmp_path):
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    # a function-level import counts as an arrow
    known = {"pkg.one": tmp_path / "one.py", "pkg.two": tmp_path / "two.py"}
    (tmp_path / "one.py").write_text("def f():\n    from .two import g\n")
    assert imported("pkg.one", known["pkg.one"], known) == {"pkg.two"}


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Each import of a package that its floor may not import."""
    return [f"{name} imports {target}" for name, targets in sorted(edges.items())
            for target in sorted(targets)
            if target.split(".")[0] not in MAY_IMPORT[name.split(".")[0]] | {name.split(".")[0]}]


def private(edges: dict[str, set[str]]) -> list[str]:
    """Each import of another package's private module (a `_name` part)."""
    return [f"{name} imports {target}" for name, targets in sorted(edges.items())
            for target in sorted(targets)
            if target.split(".")[0] != name.split(".")[0]
            and any(part.startswith("_") and not part.startswith("__")
                    for part in target.split(".")[1:])]


def test_arrows_point_down_the_floors():
    assert upward(graph()) == []


def test_no_package_imports_another_package_s_private_module():
    assert private(graph()) == []


def test_the_checks_find_an_upward_arrow_and_a_private_module():
    edges = {"bots.ismcts": {"arena.match", "engine.game"}, "openings.book": {"bots.names"},
             "arena.match": {"bots._ismcts", "bots.ismcts"}, "engine._core": set(),
             "engine.game": {"engine._core"}}
    assert upward(edges) == ["bots.ismcts imports arena.match", "openings.book imports bots.names"]
    assert private(edges) == ["arena.match imports bots._ismcts"]


def aliases() -> dict[tuple[str, str], set[str]]:
    """The modules each alias names, per package: ("passport_cli", "T") ->
    {"passport_cli.table.render"} for `from .table import render as T`."""
    known = modules()
    found: dict[tuple[str, str], set[str]] = {}
    for name, path in known.items():
        package = name.split(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                pairs = [(alias.name, alias.asname) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = source_of(name, path, node)
                pairs = [(f"{source}.{alias.name}", alias.asname) for alias in node.names
                         if f"{source}.{alias.name}" in known]
            else:
                continue
            for module, alias in pairs:
                if alias is not None and alias != module.split(".")[-1]:
                    found.setdefault((package, alias), set()).add(module)
    return found


def test_an_alias_names_one_module_and_a_module_has_one_alias_in_each_package():
    found = aliases()
    assert {key: modules for key, modules in found.items() if len(modules) > 1} == {}
    named: dict[tuple[str, str], set[str]] = {}
    for (package, alias), modules in found.items():
        for module in modules:
            named.setdefault((package, module), set()).add(alias)
    assert {key: names for key, names in named.items() if len(names) > 1} == {}


def stars() -> set[str]:
    """The modules that import a module's every name (`import *`)."""
    return {name for name, path in modules().items()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path)))
            if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names)}


def test_imports_name_what_they_take():
    """A reader finds where each name comes from; numba reads the names of
    an explicit import as globals just the same."""
    assert stars() == set()
