"""Build the course notebooks from their percent-format sources and execute them.

    python tools/build_notebooks.py          # every chapter
    python tools/build_notebooks.py 03 04    # chapters whose file name starts with 03 or 04

Each ``notebooks/src/NN_name.py`` becomes ``notebooks/NN_name.ipynb``, executed top to bottom
in a fresh kernel (working directory ``notebooks/``), with its outputs and widget state saved,
so strict nbval has something to compare against.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def build(source: Path, timeout: int = 600) -> Path:
    """Convert one source script to a notebook, execute it, and write it next to src/."""
    notebook = jupytext.read(source)
    notebook.metadata["kernelspec"] = KERNELSPEC
    notebook.metadata.setdefault("jupytext", {})["formats"] = "ipynb,src//py:percent"
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
        store_widget_state=True,
    )
    client.execute()
    target = NOTEBOOKS / (source.stem + ".ipynb")
    nbformat.write(notebook, target)
    return target


def main(prefixes: list[str]) -> int:
    sources = sorted((NOTEBOOKS / "src").glob("[0-9][0-9]_*.py"))
    if prefixes:
        sources = [s for s in sources if any(s.name.startswith(p) for p in prefixes)]
    if not sources:
        print(f"no notebook sources match {prefixes}", file=sys.stderr)
        return 1
    for source in sources:
        start = time.perf_counter()
        target = build(source)
        print(f"{target.relative_to(ROOT)}: executed in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
