"""The development server: serves dist/ for `build.py serve`, the browser tests and the benchmark."""
from __future__ import annotations

import functools
import http.server
import socketserver
import sys
import threading
from pathlib import Path

from .project import DIST

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ with the MIME types the site needs and no request log unless asked."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = True
    sent: list[tuple[str, int]] | None = None   # the benchmark counts bytes per path here

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the stdlib's name)
        if not self.quiet:
            super().log_message(format, *args)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        if self.sent is None:
            return super().copyfile(source, outputfile)
        data = source.read()
        outputfile.write(data)
        self.sent.append((self.path.split("?")[0], len(data)))


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):   # a browser that hung up is no error
            super().handle_error(request, client_address)


def start_server(directory: Path = DIST, port: int = 0, *, quiet: bool = True,
                 sent: list | None = None) -> SiteServer:
    """Serve `directory` on 127.0.0.1 from a background thread; port 0 picks a free port."""
    handler = functools.partial(type("Handler", (SiteHandler,), {"quiet": quiet, "sent": sent}),
                                directory=str(directory))
    server = SiteServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def serve(directory: Path, port: int) -> int:
    """Serve until Ctrl+C, logging each request."""
    server = start_server(directory, port, quiet=False)
    host, port = str(server.server_address[0]), server.server_address[1]
    print(f"Serving the Perlaggen site at http://{host}:{port}/  (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0
