"""Serve notebooks the two ways a class meets them and count the kernels behind them.

* ``"voila"``: the standalone Voila app (``python3 tasks.py app``), which reads
  ``voila.json`` from the folder it starts in.
* ``"server"``: Jupyter Server with Voila as an extension, as on Binder's "Voila
  app" links (``/voila/render/...``), configured by ``binder/jupyter_server_config.json``.

Both copy the project's own config files into a scratch folder and change only the
two culling times, so a test sees the settings the project ships actually read.
Kernels are counted as the server's kernel processes (children running
``ipykernel``), which also gives their memory.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CULLING = ("cull_idle_timeout", "cull_interval")


def jupyter_path_env(env: dict[str, str]) -> str:
    """JUPYTER_PATH with the project's Voila page template (as ``tasks.py app`` sets it)."""
    return os.pathsep.join(filter(None, [str(ROOT / "share" / "jupyter"), env.get("JUPYTER_PATH")]))


def voila_config_args(first: Path) -> list[str]:
    """The flags of ``tasks.py app``: voila.(json|py) from ``first`` (where voila.json is),
    then binder/voila.py (the page template without CDN requests, which also gives the page
    the cookie that lets a closed page free its kernel)."""
    return [f"--Voila.config_file_paths={folder}" for folder in (first, ROOT / "binder")]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def shipped_culling(kind: str) -> dict[str, Any]:
    """The MappingKernelManager settings the project ships for this way of serving."""
    path = ROOT / ("voila.json" if kind == "voila" else "binder/jupyter_server_config.json")
    return dict(json.loads(path.read_text(encoding="utf-8"))["MappingKernelManager"])


def _poll(read: Callable[[], Any], done: Callable[[Any], bool], timeout: float) -> Any:
    """Read every half second until ``done(reading)`` or ``timeout``; the last reading."""
    deadline = time.monotonic() + timeout
    reading = read()
    while not done(reading) and time.monotonic() < deadline:
        time.sleep(0.5)
        reading = read()
    return reading


class KernelServer:
    """A Voila app or a Jupyter Server over ``folder``, with culling times changed."""

    def __init__(
        self,
        kind: str,
        folder: Path,
        idle_timeout: int | None,
        interval: int | None = 1,
        pools: dict[str, int] | None = None,
        fill_delay: float | None = None,
    ) -> None:
        """``pools``: preheated kernels per notebook instead of voila.json's (the Voila
        app only; ``{}`` turns preheating off); ``fill_delay``: seconds before a taken
        preheated kernel is replaced, instead of voila.json's."""
        self.kind = kind
        self.folder = folder
        self.port = free_port()
        self.token = secrets.token_hex(8)
        self.config_dir = Path(tempfile.mkdtemp(prefix="hcgames-kernels-"))
        self.log = self.config_dir / "server.log"
        source = ROOT / ("voila.json" if kind == "voila" else "binder/jupyter_server_config.json")
        config = json.loads(source.read_text(encoding="utf-8"))
        if idle_timeout is None:  # what happens with no culling at all
            config["MappingKernelManager"]["cull_idle_timeout"] = 0
        else:
            config["MappingKernelManager"]["cull_idle_timeout"] = idle_timeout
            config["MappingKernelManager"]["cull_interval"] = interval
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        env["JUPYTER_PATH"] = jupyter_path_env(env)
        if kind == "voila" and pools is not None:
            config["VoilaConfiguration"]["preheat_kernel"] = bool(pools)
            pool_config = {"default": {"pool_size": 0}}
            pool_config.update({name: {"pool_size": size} for name, size in pools.items()})
            config["VoilaKernelManager"]["kernel_pools_config"] = pool_config
        if kind == "voila" and fill_delay is not None:
            config["VoilaKernelManager"]["fill_delay"] = fill_delay
        if kind == "voila":
            (self.config_dir / "voila.json").write_text(json.dumps(config), encoding="utf-8")
            command = [
                sys.executable, "-m", "voila", str(folder), "--no-browser",
                f"--port={self.port}", "--Voila.ip=127.0.0.1",
                *voila_config_args(self.config_dir),
            ]  # fmt: skip
            cwd = self.config_dir  # Voila reads voila.json from where it starts
        else:
            config_file = self.config_dir / "jupyter_server_config.json"
            config_file.write_text(json.dumps(config), encoding="utf-8")
            # Voila's extension reads voila.json (hidden check cells) from the working folder
            voila_json = (ROOT / "voila.json").read_text(encoding="utf-8")
            (self.config_dir / "voila.json").write_text(voila_json, encoding="utf-8")
            # postBuild copies binder/voila.py into the environment's Jupyter config folder
            jupyter_config = self.config_dir / "etc-jupyter"
            jupyter_config.mkdir()
            shutil.copy(ROOT / "binder" / "voila.py", jupyter_config / "voila.py")
            env["JUPYTER_CONFIG_PATH"] = str(jupyter_config)
            command = [
                sys.executable, "-m", "jupyter_server", "--no-browser",
                f"--config={config_file}", f"--ServerApp.port={self.port}",
                "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={folder}",
            ]  # fmt: skip
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                command.append("--allow-root")
            cwd = self.config_dir
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=cwd
            )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{kind} stopped at start:\n{self.log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"{kind} did not listen on port {self.port}")

    def url(self, notebook: str) -> str:
        base = f"http://127.0.0.1:{self.port}/voila/render/{notebook}"
        return base if self.kind == "voila" else f"{base}?token={self.token}"

    def kernel_processes(self) -> list[Any]:
        import psutil

        children = psutil.Process(self.process.pid).children(recursive=True)
        out = []
        for child in children:
            try:
                if "ipykernel" in " ".join(child.cmdline()):
                    out.append(child)
            except psutil.NoSuchProcess:
                continue
        return out

    def kernel_count(self) -> int:
        return len(self.kernel_processes())

    def preheated(self) -> int:
        """How many kernels the server keeps started ahead of requests: voila.json's (or
        ``pools``') pages made ready, and the warm kernels any lesson may take
        (hcgames_server/warm_kernels.py)."""
        return self.pages_made_ready() + self.warm()

    def pages_made_ready(self) -> int:
        """Voila's preheated pages (voila.json or ``pools``): each serves one lesson."""
        config = json.loads((self.config_dir / "voila.json").read_text(encoding="utf-8"))
        if self.kind != "voila" or not config["VoilaConfiguration"].get("preheat_kernel"):
            return 0
        pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
        return sum(
            int(v.get("pool_size", 0))
            for k, v in pools.items()
            if k != "default" and (self.folder / k).exists()
        )

    def warm(self) -> int:
        """Warm kernels (hcgames_server/warm_kernels.py) the shipped settings keep."""
        name = "voila.json" if self.kind == "voila" else "jupyter_server_config.json"
        config = json.loads((self.config_dir / name).read_text(encoding="utf-8"))
        return int(config.get("WarmKernelManager", {}).get("warm_kernels", 0))

    def fill_delay(self) -> float:
        """Seconds Voila waits before replacing a preheated page that was taken."""
        config = json.loads((self.config_dir / "voila.json").read_text(encoding="utf-8"))
        return float(config.get("VoilaKernelManager", {}).get("fill_delay", 1))

    def api_kernel_count(self) -> int:
        """The server's own list (``/api/kernels``); only Jupyter Server has one."""
        from urllib.request import Request, urlopen

        request = Request(
            f"http://127.0.0.1:{self.port}/api/kernels",
            headers={"Authorization": f"token {self.token}"},
        )
        with urlopen(request, timeout=10) as response:
            return len(json.loads(response.read()))

    def agreed_count(self, timeout: float = 15) -> tuple[int, int]:
        """Kernel processes and the server's list, read until they agree (or ``timeout``).

        A kernel being culled in between the two readings makes them differ for a moment.
        """
        counts = _poll(
            lambda: (self.kernel_count(), self.api_kernel_count()),
            lambda pair: pair[0] == pair[1],
            timeout,
        )
        return counts[0], counts[1]

    def wait_for_api_count(self, wanted: int, timeout: float) -> int:
        """Poll the server's own list until it holds ``wanted`` kernels; the last count.

        The server kills a culled kernel's process first and drops it from its list a
        moment later, so right after the processes are gone the list may still name it.
        """
        return int(_poll(self.api_kernel_count, lambda count: count == wanted, timeout))

    def kernel_memory_mb(self) -> list[float]:
        import psutil

        sizes = []
        for proc in self.kernel_processes():
            try:
                sizes.append(proc.memory_info().rss / 2**20)
            except psutil.NoSuchProcess:
                continue
        return sizes

    def wait_for_count(self, wanted: int, timeout: float) -> int:
        """Poll until exactly ``wanted`` kernels run or ``timeout`` passes; the last count."""
        return int(_poll(self.kernel_count, lambda count: count == wanted, timeout))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def open_page(browser: Any, server: KernelServer, notebook: str, selector: str) -> Any:
    """Open a notebook page and wait until its widgets are drawn (``browser``: a
    Playwright browser, or a browser context for tabs that share one window)."""
    if hasattr(browser, "contexts"):  # a browser: the page gets a context of its own
        page = browser.new_page(viewport={"width": 1366, "height": 768})
    else:  # a context: a tab in its window
        page = browser.new_page()
    page.goto(server.url(notebook), timeout=180_000, wait_until="load")
    page.wait_for_selector(selector, timeout=180_000)
    return page


def leave(page: Any) -> None:
    """Leave a page the way a dropped connection or a crashed tab does: no goodbye.

    Playwright closes without running ``beforeunload``, so Voila's own request to
    shut the kernel down is never sent; only culling can reclaim the kernel.
    """
    page.close(run_before_unload=False)


def close(page: Any) -> None:
    """Close a page the way a student closes a tab: ``beforeunload`` runs, and Voila's
    page posts its kernel's shutdown."""
    page.close(run_before_unload=True)
