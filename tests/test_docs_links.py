"""The launch links the README and docs hand out (Binder, nbgitpuller) open a notebook the
repository has, through a route that exists (Voila's ``voila/render`` or JupyterLab's
``lab/tree``); the hub's Voila links ask for the offline template."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"https://[^\s`)\]]*(?:mybinder\.org/v2/gh/|/git-pull\?)[^\s`)\]]*")
ROUTES = ("voila/render/", "lab/tree/")


def links() -> list[tuple[str, str]]:
    return [(doc.name, m.group(0)) for doc in DOCS for m in LINK.finditer(doc.read_text(encoding="utf-8"))]


def opened(link: str) -> str:
    """The path inside the repository the link opens (the route and, for nbgitpuller, the
    clone's folder taken off)."""
    query = parse_qs(urlsplit(link).query)
    [urlpath] = query["urlpath"]
    path = unquote(urlpath).split("?")[0]
    route = next(r for r in ROUTES if path.startswith(r))
    path = path[len(route):]
    if "git-pull" in link:
        assert query["repo"] and query["branch"], link
        path = path.split("/", 1)[1]  # nbgitpuller clones into <repo>/
    return path


def test_the_docs_hand_out_binder_and_nbgitpuller_links():
    found = links()
    assert sum("mybinder.org" in link for _, link in found) >= 3
    assert sum("git-pull" in link for _, link in found) >= 2


def test_every_launch_link_opens_a_notebook_of_the_repository():
    for doc, link in links():
        path = opened(link)
        assert path.endswith(".ipynb") and (ROOT / path).is_file(), f"{doc}: {link} opens {path}"


def test_hub_links_to_the_game_ask_for_the_offline_template():
    for doc, link in links():
        if "git-pull" in link and "voila" in link:
            assert "template=fortress-offline" in unquote(parse_qs(urlsplit(link).query)["urlpath"][0]), (doc, link)


def test_binder_builds_the_runtime_and_installs_fortress():
    env = (ROOT / "binder" / "environment.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s*- voila\b", env, re.M) and re.search(r"^\s*- jupyterlab\b", env, re.M)
    assert "pip install" in (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
