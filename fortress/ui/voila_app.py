"""The Voila application ``fortress serve`` runs: Voila 0.5 hardened for a classroom.

Run as ``python -m fortress.ui.voila_app play.ipynb [voila options]``
(:func:`fortress.ui.serve.voila_command` builds the command line). On top of Voila:

* a cap on kernels (:class:`FortressKernelManager`, ``--max_kernels``): the page past
  the cap is a clear 503 page, not a blank page;
* the ``_xsrf`` cookie is set on the dashboard page, so the shutdown request Voila's page
  sends when a tab closes is accepted and frees the tab's kernel (Voila never set the
  cookie, so the request was refused with 403);
* bad addresses answer 404 or 400 instead of 500 (template paths, control characters,
  ``/logout`` without a login), and error pages load nothing from the internet;
* size limits on request bodies and websocket messages (an upload can cost the server
  and the uploader's kernel only a bounded amount of memory);
* no port hopping: the server listens on the port asked for or stops with one line, and
  prints the addresses students can open;
* who may start a kernel (issue 40, :meth:`FortressKernelManager.admit`): the teacher's
  link always, a seat link under the cap, any other page also under a limit per network
  address of pages whose browser has not connected yet; a kernel no browser connects to
  goes seconds after its page was sent, and a kernel whose browser left is culled on the
  browser's inactivity, not its own redraws (:meth:`FortressKernelManager.cull_kernel_if_idle`);
* no lost page output: each page's kernel is :mod:`fortress.ui.kernel`, whose IOPub
  socket queues instead of dropping (:class:`FortressServerKernelManager`), so a
  kernel's first burst (over a thousand widget messages) reaches a busy server whole;
  and the server does not throttle them on the way to the page either
  (``--ZMQChannelsWebsocketConnection.limit_rate=False`` in
  :func:`fortress.ui.serve.voila_command`): Jupyter's limit of 1,000 IOPub messages a
  second, meant for runaway prints, dropped the widget updates of a page playing bot seats
  quickly, which left its board out of date (a page runs only the dashboard, no user code).
"""
from __future__ import annotations

import asyncio
import functools
import hmac
import os
import re
import secrets
import shutil
import sys
import tempfile
import time
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

import tornado.web
from jupyter_server import DEFAULT_STATIC_FILES_PATH
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from jupyter_server.utils import url_path_join
from traitlets import Integer, default
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from fortress.store import GameStore, StoreError
from fortress.ui.serve import (BROWSER_HEADER, CONNECT_GRACE, MAX_PER_ADDRESS, MAX_SAVE_BYTES, STORE_ENV, TEACHER_ENV, banner,
                               served_title)

#: largest HTTP request body (the shutdown request and a login form are a few bytes)
MAX_BODY_BYTES = 1 << 20
#: largest websocket message from a browser: an upload of a save file travels as one
#: message; the dashboard refuses saves over ``MAX_SAVE_BYTES``, Tornado closes the
#: connection of anything over this
MAX_MESSAGE_BYTES = 4 * MAX_SAVE_BYTES
#: how often a preheated kernel waiting for room under the cap looks again (seconds)
ROOM_POLL = 1.0
#: the module each page's kernel runs (``python -m``)
KERNEL_MODULE = "fortress.ui.kernel"

#: the cookie naming a browser to the store (its seats are held by it: issue 35), and its form
BROWSER_COOKIE = "fortress_browser"
BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{32}")

#: set while the teacher's page starts its kernel: the cap never refuses the teacher
_TEACHER_PAGE: ContextVar[bool] = ContextVar("fortress_teacher_page", default=False)


class KernelCapReached(tornado.web.HTTPError):
    """A new page would start one kernel more than the server allows (HTTP 503)."""

    def __init__(self, limit: int) -> None:
        super().__init__(503, "%d games are open on this server, the most it allows.", limit,
                         reason="The server is full")


class TooManyOpening(tornado.web.HTTPError):
    """Pages from one address (without a seat or teacher link) hold too many kernels that no
    browser has connected to yet (HTTP 429)."""

    def __init__(self, limit: int) -> None:
        super().__init__(429, "%d pages from your address are still opening.", limit,
                         reason="Too many pages opening")


@dataclass
class PageOpening:
    """One page being sent: from where (None: a seat or teacher link), and its kernel once known."""

    address: str | None
    teacher: bool = False  # the teacher's page: never refused, never shut down for a late browser
    kernel_id: str | None = None


class FortressServerKernelManager(ServerKernelManager):
    """One page's kernel, started as :mod:`fortress.ui.kernel` (ipykernel with an IOPub
    socket that never drops a message) where the kernel spec says ``ipykernel_launcher``."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        cmd = super().format_kernel_cmd(extra_arguments)
        return [KERNEL_MODULE if part == "ipykernel_launcher" else part for part in cmd]


class FortressKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a cap on the number of kernels (preheated ones count)."""

    @default("kernel_manager_class")
    def _default_kernel_manager_class(self) -> str:
        return "fortress.ui.voila_app.FortressServerKernelManager"

    max_kernels = Integer(40, config=True,
                          help="Most kernels running at once (0: no limit); a page past it gets a 503 page.")

    connect_grace = Integer(CONNECT_GRACE, config=True,
                            help="Seconds a page's kernel waits, once the page is sent, for its browser to connect.")
    max_per_address = Integer(MAX_PER_ADDRESS, config=True,
                              help="Kernels not yet connected that pages without a seat or teacher link from one "
                                   "address may hold (0: no limit); past it the page is a 429.")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._starting: set[str] = set()  # ids of the kernels being started
        self._opening: list[PageOpening] = []  # pages being sent
        self._waiting: dict[str, str | None] = {}  # kernel -> address: page sent, browser not connected yet
        self._connected: set[str] = set()  # kernels a browser connected to at least once
        self._alone_since: dict[str, float] = {}  # kernel -> when its last browser connection closed

    def kernel_count(self) -> int:
        """Kernels running or being started, each once: a kernel is listed before its start
        has finished (jupyter_server still waits for its first reply)."""
        return len(set(self.list_kernel_ids()) | self._starting)

    def full(self) -> bool:
        return 0 < self.max_kernels <= self.kernel_count()

    def check_room(self) -> None:
        """Raise :class:`KernelCapReached` when no kernel may be started."""
        if self.full():
            raise KernelCapReached(self.max_kernels)

    # the async kernel manager's signature (jupyter_client's stubs type the sync one)
    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs) -> str:  # type: ignore[override]
        """Start a kernel unless the cap is reached: a page's kernel is refused (503); a
        preheated one (Voila's pool refill) waits for room instead."""
        if kernel_id is None:
            while self.full() and not _TEACHER_PAGE.get():
                if kwargs.get("env", {}).get("VOILA_PREHEAT") != "True":
                    raise KernelCapReached(self.max_kernels)
                await asyncio.sleep(ROOM_POLL)
            kernel_id = self.new_kernel_id()  # named now, so that it is counted once
        self._starting.add(kernel_id)
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._starting.discard(kernel_id)

    # -- pages that never connect (issue 40, item 1) ------------------------------------------
    def unconnected(self, address: str) -> int:
        """Kernels of pages from ``address`` (no seat or teacher link) no browser connected to yet."""
        live = set(self.list_kernel_ids())
        return (sum(1 for p in self._opening if p.address == address)
                + sum(1 for k, a in self._waiting.items() if a == address and k in live))

    def admit(self, address: str | None, teacher: bool = False) -> PageOpening:
        """A page may be sent (:class:`KernelCapReached`, :class:`TooManyOpening` if not): the
        teacher's always; a seat link's under the cap; any other under the cap and
        :attr:`max_per_address` from its address."""
        if not teacher:
            self.check_room()
            if address is not None and 0 < self.max_per_address <= self.unconnected(address):
                raise TooManyOpening(self.max_per_address)
        page = PageOpening(address, teacher)
        self._opening.append(page)
        return page

    def page_sent(self, page: PageOpening) -> None:
        """The page's response is over (or its client went): its kernel has
        :attr:`connect_grace` seconds for a browser to connect, else it is shut down (not the
        teacher's: a teacher's page that is slow to connect must still work)."""
        if page not in self._opening:
            return
        self._opening.remove(page)
        kid = page.kernel_id
        if kid is None or page.teacher or kid in self._connected or kid not in self.list_kernel_ids():
            return
        self._waiting[kid] = page.address
        asyncio.get_running_loop().call_later(self.connect_grace, lambda: asyncio.ensure_future(self._reap(kid)))

    async def _reap(self, kernel_id: str) -> None:
        """Shut down a kernel no browser connected to; it counts for its address until it is
        gone (:meth:`shutdown_kernel` forgets it), so a slow shutdown lets no page more in."""
        if kernel_id not in self._waiting or kernel_id not in self.list_kernel_ids():
            self._waiting.pop(kernel_id, None)
            return
        self.log.info("Shutting down kernel %s: no browser connected within %d s of its page", kernel_id,
                      self.connect_grace)
        try:
            await self.shutdown_kernel(kernel_id)
        except Exception:  # noqa: BLE001 - already gone (its tab's shutdown request came first)
            self.log.debug("kernel %s was already gone", kernel_id)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:  # type: ignore[override]
        try:
            await super().shutdown_kernel(kernel_id, now=now, restart=restart)
        finally:
            if not restart:
                for record in (self._waiting, self._alone_since):
                    record.pop(kernel_id, None)
                self._connected.discard(kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._waiting.pop(kernel_id, None)
        self._alone_since.pop(kernel_id, None)
        self._connected.add(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id) == 0:
            self._alone_since[kernel_id] = time.monotonic()

    # -- culling on the browser's activity (issue 40, item 4) ---------------------------------
    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """A kernel a browser connected to is culled once no browser has been connected for
        the idle timeout, whatever the kernel itself sends meanwhile (a page's follow task
        redraws on every move of its game: that is our own push, not the student's
        activity); the others as jupyter_server does (idle IOPub, dead kernels)."""
        if kernel_id not in self._connected:
            await super().cull_kernel_if_idle(kernel_id)
            return
        since = self._alone_since.get(kernel_id)
        if since is None or self._kernel_connections.get(kernel_id, 0) > 0:
            return
        idle = time.monotonic() - since
        if idle > self.cull_idle_timeout:
            self.log.warning("Culling kernel %s: no browser connected for %d s", kernel_id, idle)
            self._connected.discard(kernel_id)
            self._alone_since.pop(kernel_id, None)
            await self.shutdown_kernel(kernel_id)


@functools.cache
def _store(url: str) -> GameStore:
    return GameStore(url)


def link_kind(query: dict[str, list[bytes]]) -> str:
    """"teacher" for the teacher's link, "seat" for a seat link the store knows, else "" (a
    page anyone may open: it holds no seat)."""
    def arg(name: str) -> str:
        return query.get(name, [b""])[0].decode(errors="replace")[:200]

    teacher = os.environ.get(TEACHER_ENV, "")
    if teacher and hmac.compare_digest(arg("teacher").encode(), teacher.encode()):
        return "teacher"
    url = os.environ.get(STORE_ENV, "").strip()
    if url and arg("seat"):
        try:
            _store(url).open(arg("seat"), claim=False)  # a fetch of the link (a preview) takes no seat
            return "seat"
        except StoreError:
            pass
    return ""


class PageKernels:
    """The kernel manager as one page's handler sees it: it notes the kernel the page gets,
    started for it or preheated (:meth:`FortressKernelManager.page_sent` needs it)."""

    def __init__(self, manager: Any, page: PageOpening) -> None:
        self._manager, self._page = manager, page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, **kwargs: Any) -> str:
        self._page.kernel_id = await self._manager.start_kernel(**kwargs)
        return self._page.kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        rendered = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._page.kernel_id = rendered[2]  # (render task, rendered cells, kernel id)
        return rendered


class FortressPageHandler(TornadoVoilaHandler):
    """The dashboard at ``/``; every other address under it is a 404. Who may start a kernel
    is :meth:`FortressKernelManager.admit`'s (issue 40): the teacher always, a seat link under
    the cap, anyone else also under a per-address limit of pages not yet connected."""

    _page: PageOpening | None = None

    @property
    def kernel_manager(self) -> Any:
        manager = self.settings["kernel_manager"]
        return manager if self._page is None else PageKernels(manager, self._page)

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        if path:
            raise tornado.web.HTTPError(404)
        self.xsrf_token  # noqa: B018 -- sets the _xsrf cookie the page's shutdown request sends back
        self.name_browser()
        # the store's read off the server's loop
        kind = await asyncio.get_running_loop().run_in_executor(None, link_kind, self.request.query_arguments)
        manager = self.settings["kernel_manager"]
        if isinstance(manager, FortressKernelManager):
            self._page = manager.admit(None if kind else self.request.remote_ip, teacher=kind == "teacher")
        teacher = _TEACHER_PAGE.set(kind == "teacher")
        try:  # a client that goes mid-page does not end this early: the kernel id is known here
            await super().get(path)
        finally:
            _TEACHER_PAGE.reset(teacher)
            if self._page is not None:
                manager.page_sent(self._page)


    def name_browser(self) -> None:
        """Give the browser its secret (a cookie, made on its first page) and hand it to the
        page's kernel as the ``X-Fortress-Browser`` header (``http_header_envs``): the store
        holds seats by it (:mod:`fortress.store.holders`). A header the client sent itself is replaced."""
        browser = self.get_cookie(BROWSER_COOKIE) or ""
        if not BROWSER_ID.fullmatch(browser):
            browser = secrets.token_urlsafe(24)
            self.set_cookie(BROWSER_COOKIE, browser, httponly=True, samesite="Lax", expires_days=365,
                            path=self.base_url or "/")
        self.request.headers[BROWSER_HEADER] = browser


class FortressTemplateStaticHandler(TemplateStaticFileHandler):
    """Voila's ``/voila/templates/<template>/static/<file>`` with malformed paths a 404
    (Voila's handler fails on them with ValueError or AssertionError, a 500 and a
    traceback in the log): a path with a ``.`` or ``..`` segment anywhere (Tornado has
    decoded ``%2e%2e`` by now), or a backslash, is refused before any file is looked up."""

    def parse_url_path(self, url_path: str) -> str:
        if not template_path_ok(url_path):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(url_path)


def template_path_ok(url_path: str) -> bool:
    """Whether ``<template>/static/<file>`` (already percent-decoded) names a file inside the
    template's static folder: no empty, ``.`` or ``..`` segment, no backslash."""
    parts = url_path.split("/")
    return (len(parts) >= 3 and parts[1] == "static" and "\\" not in url_path
            and all(p not in ("", ".", "..") for p in parts))


class FortressLogoutHandler(LogoutHandler):
    """``/logout``: a 404 when the server has no login (the default), else Jupyter's page."""

    @allow_unauthenticated
    def get(self) -> None:
        if not self.login_available:
            raise tornado.web.HTTPError(404)
        super().get()


def has_control_characters(path: str) -> bool:
    """Whether a request path, once percent-decoded, holds a NUL or another control character."""
    return any(ord(c) < 32 or ord(c) == 127 for c in unquote(path))


class FortressWebApp(tornado.web.Application):
    """Tornado application: control characters in a path are a 400 before any handler
    sees them; listening applies the body size limits and prints where to connect."""

    def find_handler(self, request, **kwargs):
        if has_control_characters(request.path):
            return self.get_handler_delegate(request, tornado.web.ErrorHandler, {"status_code": 400})
        return super().find_handler(request, **kwargs)

    # narrower than tornado's (address is always a string here)
    def listen(self, port: int, address: str = "", **kwargs):  # type: ignore[override]
        kwargs.setdefault("max_body_size", MAX_BODY_BYTES)
        kwargs.setdefault("max_buffer_size", 2 * MAX_MESSAGE_BYTES)
        try:
            server = super().listen(port, address, **kwargs)
        except OSError as exc:
            raise SystemExit(f"fortress serve: cannot listen on {address or '*'}:{port}: "
                             f"{exc.strerror or exc}") from None
        print(banner(address, port, served_title()), flush=True)
        return server


def add_upload_limit(page_config: dict, **_kwargs) -> dict:
    """Voila page-config hook: the page's upload check reads the save size limit here."""
    return {**page_config, "fortressMaxUpload": MAX_SAVE_BYTES}


class FortressVoila(Voila):
    """Voila with the classroom defaults above."""

    classes = [*Voila.classes, FortressKernelManager]
    aliases = {**Voila.aliases, "max_kernels": "FortressKernelManager.max_kernels"}

    @default("port_retries")
    def _no_port_hopping(self) -> int:
        return 0

    def initialize(self, argv=None) -> None:
        super().initialize(argv)
        conf = self.voila_configuration
        if not issubclass(conf.multi_kernel_manager_class, FortressKernelManager):
            conf.multi_kernel_manager_class = FortressKernelManager
        if conf.page_config_hook is None:
            conf.page_config_hook = add_upload_limit

    def start(self) -> None:
        """Voila's ``start``, with :class:`FortressWebApp` and its extra settings."""
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        settings = self.init_settings()
        self.app = FortressWebApp(**settings)
        self.app.settings.update(self.fortress_settings())
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        try:
            self.listen()
        except SystemExit:
            shutil.rmtree(self.connection_dir, ignore_errors=True)
            raise

    def fortress_settings(self) -> dict:
        """Tornado settings: the websocket message limit, and a static path so Jupyter's
        own error and logout pages render (their ``static_url`` needs one)."""
        return {"websocket_max_message_size": MAX_MESSAGE_BYTES,
                "static_path": DEFAULT_STATIC_FILES_PATH,
                "static_url_prefix": url_path_join(self.base_url, "voila/static/")}

    def init_handlers(self) -> list:
        """Voila's handlers with the fortress page, template and logout handlers swapped in."""
        swap = {TornadoVoilaHandler: FortressPageHandler,
                TemplateStaticFileHandler: FortressTemplateStaticHandler,
                LogoutHandler: FortressLogoutHandler}
        return [(rule[0], swap.get(rule[1], rule[1]), *rule[2:]) for rule in super().init_handlers()]


def main(argv: list[str] | None = None) -> None:
    FortressVoila.launch_instance(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
