"""aif_politics.ipynb is stored clean, opens with its purpose, and runs top to bottom replaying
§3.6's first pre-set-up step."""
from __future__ import annotations

from pathlib import Path

import pytest

import fortress

NOTEBOOK = Path(fortress.__file__).resolve().parent / "notebooks" / "aif_politics.ipynb"


def test_the_notebook_is_stored_clean_and_opens_with_its_purpose():
    import nbformat

    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert "What this is for" in nb.cells[0].source and "Time" in nb.cells[0].source
    assert all(c.outputs == [] and c.execution_count is None for c in nb.cells if c.cell_type == "code")


@pytest.mark.notebook
def test_the_notebook_plays_the_two_pre_set_up_steps():
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, kernel_name="python3", timeout=300,
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    text = "\n".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "USA's 2 levels in Argentina: Germany +5 → Germany +4" in text
    assert "Japan's 3 levels in Panama, halved to 2" in text
    assert "Italy has 29 political points; its orders cost 120" in text  # the refused order
    assert "3.7: Brazil's flash moves Chile" in text
    # the same step through the ruleset: the USA sees that orders were given, never which
    assert "'Germany has given its orders.', 'Japan has given its orders.']" in text and "argentina 5" not in text
    assert not [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
