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
* ``?code=ABC123`` takes its seat here and answers with a redirect to that seat's link
  (:func:`seat_link_for_code`), so reloading the page resumes the seat instead of taking
  another one;
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
import os
import shutil
import sys
import tempfile
from urllib.parse import unquote

import tornado.web
from jupyter_server import DEFAULT_STATIC_FILES_PATH
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from jupyter_server.utils import url_path_join
from tornado.httputil import url_concat
from traitlets import Integer, default
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from fortress.store import GameStore, StoreError
from fortress.ui.classroom import STORE_ENV
from fortress.ui.gamebar import MAX_SAVE_BYTES
from fortress.ui.serve import banner

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


class KernelCapReached(tornado.web.HTTPError):
    """A new page would start one kernel more than the server allows (HTTP 503)."""

    def __init__(self, limit: int) -> None:
        super().__init__(503, "%d games are open on this server, the most it allows.", limit,
                         reason="The server is full")


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

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._starting: set[str] = set()  # ids of the kernels being started

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
            while self.full():
                if kwargs.get("env", {}).get("VOILA_PREHEAT") != "True":
                    raise KernelCapReached(self.max_kernels)
                await asyncio.sleep(ROOM_POLL)
            kernel_id = self.new_kernel_id()  # named now, so that it is counted once
        self._starting.add(kernel_id)
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._starting.discard(kernel_id)


@functools.cache
def _store(url: str) -> GameStore:
    return GameStore(url)


def seat_link_for_code(path: str, query: dict[str, list[bytes]]) -> str | None:
    """The seat link to send a ``?code=ABC123`` page to, once its seat is taken:
    the page then reloads as that seat. None when there is no code, no store, or the code
    takes no seat (the page itself then says why)."""
    url = os.environ.get(STORE_ENV, "").strip()
    codes = query.get("code", [])
    if not (url and codes) or "seat" in query:
        return None
    try:
        token, _seat = _store(url).join(codes[0].decode(errors="replace")[:12])
    except StoreError:
        return None
    return url_concat(path, {"seat": token, "joined": "1"})


class FortressPageHandler(TornadoVoilaHandler):
    """The dashboard at ``/``; every other address under it is a 404."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        if path:
            raise tornado.web.HTTPError(404)
        self.xsrf_token  # noqa: B018 -- sets the _xsrf cookie the page's shutdown request sends back
        if "code" in self.request.query_arguments:  # the store's write off the server's loop
            link = await asyncio.get_running_loop().run_in_executor(
                None, seat_link_for_code, self.request.path, self.request.query_arguments)
            if link is not None:
                self.redirect(link)
                return
        check = getattr(self.kernel_manager, "check_room", None)
        if check is not None:
            check()
        await super().get(path)


class FortressTemplateStaticHandler(TemplateStaticFileHandler):
    """Voila's ``/voila/templates/<template>/static/<file>`` with malformed paths a 404
    (Voila's handler fails on them with ValueError, a 500)."""

    def parse_url_path(self, url_path: str) -> str:
        parts = url_path.split("/", 2)
        if len(parts) < 3 or parts[1] != "static" or not parts[2] or ".." in parts:
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(url_path)


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
        print(banner(address, port), flush=True)
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
