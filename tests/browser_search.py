"""The built site's own search, run in headless Chromium through chromedriver (test_site.py).

The site is served on a free port of 127.0.0.1 by a thread of this process; chromedriver
(Debian's chromium-driver) drives Chromium over its HTTP interface on another. A query is
typed into the search box as a reader types it, and the results are read in the order the
theme shows them. Every wait is bounded.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.site_checks import HEADLESS

TYPE_QUERY = """
const box = document.querySelector('.md-search__input');
box.focus();
box.value = arguments[0];
box.dispatchEvent(new Event('input', {bubbles: true}));
box.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}));
"""

READ_RESULTS = """
return [...document.querySelectorAll('.md-search-result__item a.md-search-result__link')]
  .map(link => link.getAttribute('href'));
"""


def find_driver() -> str | None:
    """chromedriver and a Chromium beside it, or None."""
    driver = shutil.which("chromedriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    return driver if driver and browser else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _served(site: Path) -> Iterator[str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", _free_port()), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class _Driver:
    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"

    def call(self, method: str, path: str, body: object | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())["value"]


def search_results(driver_path: str, site: Path, query: str, wait: float = 60.0) -> list[str]:
    """The links the site's search shows for ``query``, in order (empty if none came)."""
    port = _free_port()
    process = subprocess.Popen(
        [driver_path, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    driver = _Driver(port)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                driver.call("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        options = {
            "args": [
                *HEADLESS,
                f"--user-data-dir={tempfile.mkdtemp()}",
                "--window-size=1280,1000",
            ]
        }
        capabilities = {"browserName": "chrome", "goog:chromeOptions": options}
        session = driver.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        sid = session["sessionId"]
        try:
            with _served(site) as address:
                driver.call("POST", f"/session/{sid}/url", {"url": address})
                deadline = time.monotonic() + wait
                results: list[str] = []
                while not results and time.monotonic() < deadline:
                    driver.call(
                        "POST",
                        f"/session/{sid}/execute/sync",
                        {"script": TYPE_QUERY, "args": [query]},
                    )
                    time.sleep(1)
                    results = driver.call(
                        "POST", f"/session/{sid}/execute/sync", {"script": READ_RESULTS, "args": []}
                    )
                return results
        finally:
            driver.call("DELETE", f"/session/{sid}")
    finally:
        process.terminate()
        process.wait(timeout=30)
