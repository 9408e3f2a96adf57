"""Checks on the course's own files: set-up files agree, notebooks are built and executed.

These catch the mistakes that strict nbval cannot see: a notebook committed without outputs
(nbval then compares nothing), a notebook edited in JupyterLab but not its source script (or
the reverse), and requirements.txt and environment.yml drifting apart.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import jupytext
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SOURCES = sorted((ROOT / "notebooks" / "src").glob("[0-9][0-9]_*.py"))
REQUIREMENT = re.compile(r"^\s*-?\s*([A-Za-z0-9_.\-]+)\s*([<>=!~].*)?$")


def parse_requirements(lines) -> dict[str, str]:
    out = {}
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if not line or line.endswith(":"):
            continue
        match = REQUIREMENT.match(line)
        if match:
            out[match.group(1).lower().replace("_", "-")] = (match.group(2) or "").strip()
    return out


def environment_dependencies() -> dict[str, str]:
    text = (ROOT / "environment.yml").read_text()
    block = text.split("dependencies:", 1)[1]
    lines = [line for line in block.splitlines() if line.strip().startswith("- ")]
    deps = parse_requirements(lines)
    deps.pop("python", None)
    deps.pop("pip", None)
    return deps


def test_requirements_and_environment_name_the_same_packages_and_floors():
    pip = parse_requirements((ROOT / "requirements.txt").read_text().splitlines())
    conda = environment_dependencies()
    assert pip, "requirements.txt lists no packages"
    assert set(pip) == set(conda), (
        f"only in requirements.txt: {sorted(set(pip) - set(conda))}; "
        f"only in environment.yml: {sorted(set(conda) - set(pip))}")
    for name, spec in pip.items():
        assert spec == conda[name], f"{name}: requirements.txt says {spec!r}, " \
                                    f"environment.yml says {conda[name]!r}"


def test_every_notebook_has_a_source_and_every_source_a_notebook():
    assert NOTEBOOKS, "no notebooks found"
    assert [p.stem for p in NOTEBOOKS] == [p.stem for p in SOURCES]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_matches_its_source_script(notebook):
    built = jupytext.read(notebook)
    source = jupytext.read(ROOT / "notebooks" / "src" / (notebook.stem + ".py"))
    cells = [(c.cell_type, c.source.strip()) for c in built.cells]
    expected = [(c.cell_type, c.source.strip()) for c in source.cells]
    assert cells == expected, (
        f"{notebook.name} and src/{notebook.stem}.py differ: rebuild with "
        f"`make notebooks NB={notebook.name[:2]}` (or save the notebook in JupyterLab with "
        "jupytext installed, which updates the script)")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_was_executed_top_to_bottom_without_errors(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    counts = [c.get("execution_count") for c in code]
    assert counts == list(range(1, len(code) + 1)), (
        f"{notebook.name}: execution counts {counts} are not 1..N: re-execute it in a fresh "
        "kernel (make notebooks)")
    for cell in code:
        tags = cell.get("metadata", {}).get("tags", [])
        for output in cell.get("outputs", []):
            if output["output_type"] == "error":
                assert "raises-exception" in tags, f"{notebook.name}: unexpected saved error"
            if output.get("name") == "stderr":
                assert "Warning" not in "".join(output["text"]), (
                    f"{notebook.name}: a cell printed a warning: {''.join(output['text'])}")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_states_goals_and_has_exercises(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "What you will learn" in markdown
    assert "Exercise" in markdown
    solutions = [c for c in nb["cells"] if "solution" in c.get("metadata", {}).get("tags", [])]
    assert solutions, f"{notebook.name}: no cell tagged `solution`"
    for cell in solutions:
        assert cell["metadata"].get("jupyter", {}).get("source_hidden"), (
            f"{notebook.name}: a solution cell is not collapsed")


def test_algorithm_modules_import_only_numpy_and_the_standard_library():
    allowed_third_party = {"numpy"}
    for name in ("montecarlo", "bandits", "games", "minimax", "mcts", "timing", "_rng"):
        path = ROOT / "mcts_lesson" / f"{name}.py"
        if not path.exists():
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = [node.module.split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in allowed_third_party or root == "mcts_lesson" or root in \
                    __import__("sys").stdlib_module_names, f"{name}.py imports {root}"
