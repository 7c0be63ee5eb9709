"""fortress/notebooks/play.ipynb runs top to bottom in a real kernel and displays the dashboard."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "fortress" / "notebooks" / "play.ipynb"


@pytest.mark.notebook
def test_play_notebook_executes(tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), "store the notebook without outputs"
    monkeypatch.setenv("FORTRESS_SAVE_DIR", str(tmp_path))
    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute(env=dict(os.environ))
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)


def test_serve_command_line():
    from fortress.ui.serve import notebook_path, voila_command
    cmd = voila_command(notebook_path(), "0.0.0.0", 9000, preheat=2, cull_idle=300, no_browser=True)
    assert cmd[1:3] == ["-m", "fortress.ui.voila_app"] and str(NOTEBOOK) in cmd
    assert "--preheat_kernel=True" in cmd and "--pool_size=2" in cmd and "--no-browser" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=300" in cmd and "--port=9000" in cmd


def test_serve_uses_the_offline_template():
    """Voila finds fortress's template on JUPYTER_PATH; it is the lab template without the
    Font Awesome CDN links (the browser test checks that no request leaves the server)."""
    from fortress.ui.serve import TEMPLATE, TEMPLATES, voila_command, voila_env
    assert f"--template={TEMPLATE}" in voila_command(NOTEBOOK)
    env = voila_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(TEMPLATES), "/elsewhere"]
    folder = TEMPLATES / "voila" / "templates" / TEMPLATE
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    assert "cdn.jsdelivr.net" in (folder / "index.html.j2").read_text()  # the links it removes
