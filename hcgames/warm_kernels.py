"""Kernels started ahead of the pages that will use them ("warm" kernels).

Every lesson page needs a Python kernel of its own. On the 2-core reference machine
starting one takes about half a second, and importing the package's views (ipywidgets,
bqplot and, with it, pandas) and the five games takes most of another second; both
happen while the student watches the page's spinner. :class:`WarmKernelManager` keeps
a few kernels started with those modules imported, and gives one to the next page that
asks for a kernel of the same kind in the same folder; a replacement is started a few
seconds later, once that page is drawn. Voila's own preheated kernels run one whole
notebook ahead, so each serves one lesson (the play lessons, in voila.json); a warm
kernel has run nothing of any notebook, so it serves whichever lesson is opened next.

What a page gets is still a kernel no one else has used: the warm-up runs only the
imports (silently, outside the kernel's history, so a notebook's first cell is still
numbered 1), and the kernel is handed out once. Two differences from a kernel started
for the page, both harmless for our notebooks (none reads them): its environment is the
server's as it was when the kernel started, without the request's variables that Voila
adds (``QUERY_STRING`` and the like), and its modules are already imported.

This is the server's part, not the games': nothing in the package imports it. The app
of ``tasks.py app`` (binder/voila.py) and Binder's Jupyter Server
(binder/jupyter_server_config.json) name it as their kernel manager.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any, cast

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath
from traitlets import Float, Integer, Unicode

#: what a warm kernel imports: everything a lesson's first cell may import
WARM_CODE = "\n".join(
    [
        "import hcgames",
        "import hcgames.widgets",
        "import hcgames.conqueror, hcgames.classical, hcgames.conquest",
        "import hcgames.speros, hcgames.historical",
    ]
)
#: warm kernels in a row that may fail to start before the pool stops trying on its own
#: (the next page that takes or asks for a kernel tries again)
MAX_FAILURES = 3


class WarmKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, keeping ``warm_kernels`` kernels started ahead."""

    warm_kernels = Integer(
        1,
        config=True,
        help="Kernels kept started ahead, their imports done (0: none, as Jupyter's own).",
    )
    warm_code = Unicode(WARM_CODE, config=True, help="Code a warm kernel runs (imports).")
    warm_path = Unicode(
        "",
        config=True,
        help="The folder (an API path under the server's root) of the pages served: "
        "only a page there gets a warm kernel, whose working folder it is.",
    )
    warm_kernel_name = Unicode("python3", config=True, help="The kind of kernel kept warm.")
    warm_delay = Float(
        4.0,
        config=True,
        help="Seconds before a kernel that was handed out is replaced: the page it went to "
        "runs its cells and is drawn first (about 2 s), without a kernel starting beside it.",
    )
    warm_timeout = Float(
        120.0, config=True, help="Seconds a kernel may take to start and run the warm-up."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: kernels warm and waiting, oldest first
        self._ready: list[str] = []
        #: every kernel started as a warm one and not yet handed out (never culled)
        self._warm: set[str] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._timers: list[asyncio.TimerHandle] = []
        self._scheduled = 0
        self._failures = 0  # warm kernels in a row that did not start
        self._closing = False
        self._fill(0.0)

    # --- handing out --------------------------------------------------------------
    async def start_kernel(  # type: ignore[override]
        self, *, kernel_id: str | None = None, path: str | None = None, **kwargs: Any
    ) -> str:
        """A warm kernel when one is ready and fits the request (a new kernel of the
        warm kind, for a page in the warm folder); otherwise a kernel started now."""
        if kernel_id is None and self._fits(kwargs.get("kernel_name"), path):
            taken = self._take()
            self._fill(self.warm_delay)
            if taken is not None:
                self.log.info("Using warm kernel: %s", taken)
                return taken
        path_in = None if path is None else ApiPath(path)
        return str(await super().start_kernel(kernel_id=kernel_id, path=path_in, **kwargs))

    def _fits(self, kernel_name: str | None, path: str | None) -> bool:
        if self.warm_kernels <= 0 or self._closing:
            return False
        if (kernel_name or self.default_kernel_name) != self.warm_kernel_name:
            return False
        return bool(self.cwd_for_path(path or "") == self.cwd_for_path(self.warm_path))

    def _take(self) -> str | None:
        while self._ready:
            kernel_id = self._ready.pop(0)
            self._warm.discard(kernel_id)
            if kernel_id in self:  # not culled, shut down or dead meanwhile
                # its idle time starts now, not when it was warmed
                kernel: Any = self.get_kernel(kernel_id)  # Jupyter Server's, with its markers
                kernel.last_activity = datetime.now(UTC)
                return kernel_id
        return None

    # --- keeping the pool full ----------------------------------------------------
    def warm_count(self) -> int:
        """Kernels warm and ready to hand out now."""
        return sum(1 for kernel_id in self._ready if kernel_id in self)

    def _fill(self, delay: float) -> None:
        """Start, after ``delay`` seconds, as many kernels as the pool lacks."""
        if self._closing:
            return
        missing = self.warm_kernels - len(self._ready) - len(self._starting) - self._scheduled
        if missing <= 0:
            return
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:  # no loop yet in this thread: the server has not started
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
        self._timers = [t for t in self._timers if not t.cancelled() and t.when() > loop.time()]
        for _ in range(missing):
            self._scheduled += 1
            self._timers.append(loop.call_later(delay, self._begin, loop))

    def _begin(self, loop: asyncio.AbstractEventLoop) -> None:
        self._scheduled -= 1
        if self._closing:
            return
        task = loop.create_task(self._warm_one())
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _warm_one(self) -> None:
        try:
            kernel_id = str(
                await asyncio.wait_for(
                    super().start_kernel(
                        kernel_name=self.warm_kernel_name, path=ApiPath(self.warm_path)
                    ),
                    self.warm_timeout,
                )
            )
        except Exception as error:  # the page will start its own kernel
            self._failures += 1
            self.log.warning("A warm kernel did not start (%s): %s", self._failures, error)
            if self._failures < MAX_FAILURES:  # a passing hitch (a busy machine): try again
                self._starting.discard(asyncio.current_task())
                self._fill(self.warm_delay)
            return
        self._failures = 0
        self._warm.add(kernel_id)
        try:
            await asyncio.wait_for(self._run_warm_code(kernel_id), self.warm_timeout)
        except Exception as error:  # still a working kernel: the page imports itself
            self.log.warning("Warm kernel %s did not finish its imports: %s", kernel_id, error)
        if kernel_id in self and not self._closing:
            self._ready.append(kernel_id)
            self.log.info("Warm kernel ready: %s", kernel_id)

    async def _run_warm_code(self, kernel_id: str) -> None:
        if not self.warm_code.strip():
            return
        client = cast(AsyncKernelClient, self.get_kernel(kernel_id).client())
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=self.warm_timeout)
            msg_id = client.execute(self.warm_code, silent=True, store_history=False)
            while True:
                reply = await client.get_shell_msg(timeout=self.warm_timeout)
                if reply["parent_header"].get("msg_id") == msg_id:
                    break
            content = reply["content"]
            if content.get("status") != "ok":
                self.log.warning(
                    "Warm kernel %s: its imports failed (%s: %s)",
                    kernel_id,
                    content.get("ename"),
                    content.get("evalue"),
                )
        finally:
            client.stop_channels()

    # --- culling and shutting down ------------------------------------------------
    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """A warm kernel waits idle by design: it is never culled while it waits."""
        if kernel_id in self._warm:
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, now: bool = False, restart: bool = False
    ) -> None:
        if not restart:
            self._warm.discard(kernel_id)
            if kernel_id in self._ready:
                self._ready.remove(kernel_id)
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)

    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]
        """Stop filling the pool, let kernels being started finish, then stop them all."""
        self._closing = True
        for timer in self._timers:
            timer.cancel()
        self._timers.clear()
        self._scheduled = 0
        if self._starting:
            await asyncio.gather(*self._starting, return_exceptions=True)
        self._ready.clear()
        self._warm.clear()
        await super().shutdown_all(now=now)
