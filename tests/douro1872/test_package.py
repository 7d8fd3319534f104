"""The package follows the template: imports go one way, no module reads another's private
fields, the registry finds the game by ``GAME``, the edition names no folder of a machine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import ludoteca.games.douro1872 as package
from ludoteca import load_game
from ludoteca.core.registry import game_module

ROOT = Path(package.__file__).parent
PREFIX = "ludoteca.games.douro1872"
# Allowed imports inside the game: a module imports only modules of a lower layer (or, in
# rules/, another rules module - checked for cycles below). render and bots import anything.
LAYER = {"actions": 0, "edition": 0, "tables": 1, "steps": 2, "rules": 3, "view": 3, "hidden": 3,
         "state": 4, "__init__": 5}


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts)
        out[name] = path
    return out


def _run_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:``: imports for the type
    checker only (``state: DouroState`` in a rule) never run, so they make no cycle."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def imports(path: Path, name: str) -> set[str]:
    """Modules of the game a module imports when it runs, anywhere in it (imports under
    ``if TYPE_CHECKING:`` excluded: they are for the type checker)."""
    found = set()
    here = name.split(".")[:-1]  # the package the module is in
    for node in _run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here[: len(here) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
                target = target.strip(".")
            elif node.module and node.module.startswith(PREFIX):
                target = node.module[len(PREFIX):].strip(".")
            else:
                continue
            names = [f"{target}.{a.name}".strip(".") for a in node.names]
            found |= {n for n in names if n in modules()} or {target or "__init__"}
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith(PREFIX):
                    found.add(a.name[len(PREFIX):].strip(".") or "__init__")
    return {f for f in found if f and f != name}


def top(name: str) -> str:
    return name.split(".")[0]


def test_imports_go_one_way_without_cycles():
    graph = {name: imports(path, name) for name, path in modules().items()}
    for name, targets in graph.items():
        if top(name) in ("render", "bots"):
            continue
        for target in targets:
            if top(target) == "rules" and top(name) == "rules":
                continue
            assert LAYER[top(target)] < LAYER[top(name)], f"{name} imports {target}"
    # No cycles at all (rules included).
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                raise AssertionError(f"import cycle: {' -> '.join([*path, nxt])}")
            if nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node, [node])


def test_no_module_reads_another_ones_private_fields():
    offenders = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id == "self")):
                offenders.append(f"{name}:{node.lineno} .{node.attr}")
    assert not offenders


def test_the_registry_finds_the_game_and_its_companions():
    game = load_game("douro1872")
    assert type(game) is package.GAME
    assert game_module(game, "render").render is not None
    assert not hasattr(game, "render")


def test_no_committed_file_names_a_folder_of_a_machine():
    texts = [p.read_text(encoding="utf-8") for p in ROOT.rglob("*") if p.suffix in
             (".py", ".toml")]
    docs = Path(__file__).parents[2] / "docs" / "rulings" / "douro1872.md"
    texts.append(docs.read_text(encoding="utf-8"))
    for text in texts:
        assert not re.search(r"(/work/|/home/|shared/rules|DESIGN\.md|douro-1872\.txt|"
                             r"douro-1872-data\.md)", text)
