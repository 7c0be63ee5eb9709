"""The IPython kernel ``fortress serve`` starts for each page: ipykernel's own, except
that its IOPub socket never drops a message.

ipykernel publishes output through an XPUB socket with ZeroMQ's default send high-water
mark (1,000 messages per subscriber); past it, messages to a subscriber that has fallen
behind are dropped without a word. The dashboard's first cell sends about 1,070 (one per
widget), and when a class opens the page at once on two cores the server falls behind:
pages came up blank after "Timeout waiting for IOPub output". Here the mark is lifted on
that one socket, so a slow server only delays a page.

Run as ``python -m fortress.ui.kernel -f CONNECTION_FILE`` (what
:class:`fortress.ui.voila_app.FortressServerKernelManager` puts in place of
``ipykernel_launcher``).
"""
from __future__ import annotations

import sys
from pathlib import Path

import zmq
from ipykernel.kernelapp import IPKernelApp


class FortressKernelApp(IPKernelApp):
    """ipykernel's app with an IOPub socket that queues instead of dropping."""

    def init_iopub(self, context: zmq.Context) -> None:
        context.setsockopt(zmq.SNDHWM, 0)  # the default for sockets made now: IOPub is next
        try:
            super().init_iopub(context)
        finally:
            context.setsockopt(zmq.SNDHWM, 1000)


def main() -> None:
    # as ipykernel_launcher does: the kernel's folder is not an import path while loading
    if sys.path and (sys.path[0] == "" or Path(sys.path[0]) == Path.cwd()):
        del sys.path[0]
    FortressKernelApp.launch_instance()


if __name__ == "__main__":
    main()
