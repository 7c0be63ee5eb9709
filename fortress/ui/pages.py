"""A page's place in a stored game, for any ruleset's page: the store ``fortress serve`` names,
the page's address and query, who its browser is, seat links, and :func:`follow`, which redraws a
page when another seat moves (Fortress America's dashboard and the shell both use it)."""
from __future__ import annotations

import asyncio
import os
import re
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator, Protocol
from urllib.parse import parse_qs, urlencode

from fortress.store import GameStore
from fortress.ui.serve import PUBLIC_URL_ENV, STORE_ENV

if TYPE_CHECKING:
    from fortress.engine.game import Game

#: how long a page waits for another seat's move before it looks whether a bot is due
#: (a bot seat whose driving browser closed is played by any page still open on the game)
IDLE_BOTS = 2.0
#: the browser's own secret as the page's kernel sees it (:data:`fortress.ui.serve.BROWSER_HEADER`) and its user agent
BROWSER_ENV = "HTTP_X_FORTRESS_BROWSER"
AGENT_ENV = "HTTP_USER_AGENT"


def store_from_env() -> GameStore | None:
    """The store ``fortress serve`` names in ``FORTRESS_STORE``, if any."""
    url = os.environ.get(STORE_ENV, "").strip()
    return GameStore(url) if url else None


def preheated() -> bool:
    """Whether this kernel was preheated: started by Voila's pool (``fortress serve --preheat``)
    before a page asked for it, it learns its page's query only once one does."""
    return os.environ.get("VOILA_PREHEAT") == "True"


#: a preheated kernel's page has sent its request's details (Voila sends them once)
_HEARD: list[bool] = []


def page_query() -> dict[str, str]:
    """The page's query string (``?seat=...``), as Voila hands it to the kernel. A preheated
    kernel waits for its page's request once: Voila sends its details (query, headers) to the
    first wait only, and they stay in the environment (a second wait would never end)."""
    if preheated() and not _HEARD:  # a preheated kernel learns its page later
        from fortress.engine.schema import without_unused_formats
        with without_unused_formats():  # voila.utils imports nbformat, which imports jsonschema
            from voila.utils import wait_for_request
        wait_for_request()
        _HEARD.append(True)
    text = os.environ.get("QUERY_STRING", "")
    return {k: v[0] for k, v in parse_qs(text).items() if v}


@contextmanager
def built_before_query() -> Iterator[list[Any]]:
    """What a preheated kernel makes for its page before it learns the page's query: the
    store's save check is loaded (the seat's game is then read without its import), and the
    widgets made in the block are listed at its end (to close if the page wants another)."""
    from fortress.engine.schema import load_checker
    import ipywidgets
    live = ipywidgets.widgets.widget._instances  # the kernel's widgets by model id
    load_checker()
    before = set(live)
    made: list[Any] = []
    try:
        yield made
    finally:
        made.extend(widget for model_id, widget in list(live.items()) if model_id not in before)


def page_browser() -> str:
    """Who this page's browser is, to hold seats with (:mod:`fortress.store.holders`): the
    cookie ``fortress serve`` gives it; on a JupyterHub, the student whose server this is;
    else "" (a notebook, plain Voila: nobody to tell apart, seats are opened, not held)."""
    if os.environ.get(BROWSER_ENV):
        return os.environ[BROWSER_ENV]
    hub_user = os.environ.get("JUPYTERHUB_USER", "")
    return f"hub:{hub_user}" if hub_user else ""


def browser_name(agent: str | None = None) -> str:
    """A name for a page that gave none: the kind of browser ("a Firefox browser on Windows")."""
    agent = os.environ.get(AGENT_ENV, "") if agent is None else agent
    kinds = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrom", "Chrome"), ("Safari/", "Safari"))
    systems = (("Android", "Android"), ("iPhone", "an iPhone"), ("iPad", "an iPad"), ("Windows", "Windows"),
               ("CrOS", "a Chromebook"), ("Mac OS", "a Mac"), ("Linux", "Linux"))
    kind = next((name for key, name in kinds if key in agent), "")
    system = next((name for key, name in systems if key in agent), "")
    return f"a{'n' if kind[:1] in 'EO' and kind else ''} {kind + ' ' if kind else ''}browser{' on ' + system if system else ''}"


def clean_name(text: str) -> str:
    """A typed name as it may be shown to others: printable, one line, at most 40 characters."""
    return re.sub(r"\s+", " ", "".join(c for c in text if c.isprintable())).strip()[:40]


def page_link(query: str) -> str:
    """An address of this page with ``query``: on the server's public address when it has one
    (:data:`PUBLIC_URL_ENV`), else absolute when the kernel knows its server; the page's
    ``template`` kept (JupyterHub's /voila/render route names it in the address)."""
    host, port = os.environ.get("SERVER_NAME", ""), os.environ.get("SERVER_PORT", "")
    path = os.environ.get("SCRIPT_NAME", "/") or "/"
    template = parse_qs(os.environ.get("QUERY_STRING", "")).get("template")
    if template:
        query += "&" + urlencode({"template": template[0][:64]})
    public = os.environ.get(PUBLIC_URL_ENV, "").strip()
    if public:
        return f"{public}?{query}"
    if not host:
        return f"{path}?{query}"
    return f"http://{host}{':' + port if port else ''}{path}?{query}"


def store_seats(game: "Game", seats: dict[str, str]) -> dict[str, str]:
    """The dashboard's seats (side -> "human" or a bot name) as the store's (seat number ->
    "human" or "bot:<name>")."""
    kinds = {}
    for i, sides in enumerate(game.seats):
        name = seats.get(sides[0], "human")
        kinds[str(i + 1)] = "human" if name == "human" else f"bot:{name}"
    return kinds


class Follower(Protocol):
    """What :func:`follow` needs of a page: Fortress America's :class:`SharedPlay`, the shell's
    :class:`fortress.ui.shell.stored.StoredPlay`."""

    closed: bool

    @property
    def shared(self) -> Any: ...  # the page's seat (its ``game_id`` and the ``ply`` it has seen), or None

    def pull(self) -> None: ...

    def check_seats(self) -> None: ...

    def store_bots(self) -> int: ...


async def follow(app: Follower, url: str) -> None:
    """Redraw ``app`` whenever another seat moves (a thread waits on the store; the redraw
    runs on the kernel's own loop); on a quiet bot turn, play the bots."""
    watcher: GameStore | None = None  # its own connections: the waiting thread shares nothing
    loop = asyncio.get_running_loop()
    while not app.closed:
        shared = app.shared
        if shared is None:
            await asyncio.sleep(0.5)
            continue
        try:
            watcher = watcher or GameStore(url)
            now = await loop.run_in_executor(None, watcher.wait_for_change, shared.game_id, shared.ply, IDLE_BOTS)
            if app.shared is not shared:
                continue
            if now != shared.ply:
                app.pull()
            else:
                app.check_seats()
                app.store_bots()
        except Exception:  # noqa: BLE001 - a database hiccup (locked, restarted): the page keeps following
            await asyncio.sleep(1.0)
