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

This is the server's part, beside the games (nothing in :mod:`hcgames` imports it). The app
of ``tasks.py app`` (binder/voila.py) and Binder's Jupyter Server
(binder/jupyter_server_config.json) name it as their kernel manager.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import uuid
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
#: the variable Voila sets in the environment of a kernel it starts for a pool of pages
#: made ready (``voila.utils.ENV_VARIABLE.VOILA_PREHEAT``)
VOILA_PREHEAT = "VOILA_PREHEAT"
#: the longest path of a Unix socket, less a margin (``sizeof(sockaddr_un.sun_path)`` is 108)
MAX_SOCKET_PATH = 100
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
        self._short_dir = self._shorten_connection_dir()
        #: kernels warm and waiting, oldest first
        self._ready: list[str] = []
        #: every kernel started as a warm one and not yet handed out (never culled)
        self._warm: set[str] = set()
        #: kernels started for Voila's pools of pages made ready (preheated), with the
        #: pool's task that started them: never culled while that task is in a pool
        self._pooled: dict[str, asyncio.Task[Any] | None] = {}
        #: kernels handed to a page (or made ready for one) whose process died and was
        #: started again by Jupyter's restarter: a page cannot use such a kernel (its
        #: widgets lived in the process that died), and its model says so
        self._died: set[str] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._timers: list[asyncio.TimerHandle] = []
        self._scheduled = 0
        self._failures = 0  # warm kernels in a row that did not start
        self._closing = False
        self._fill(0.0)

    def _shorten_connection_dir(self) -> str | None:
        """Kernels over Unix sockets (binder/voila.py, binder/jupyter_server_unix.json)
        name their sockets after their connection file, and a socket's path may not pass
        107 bytes: in a student's runtime folder on a hub (``/home/<user>/.local/share/
        jupyter/runtime``) a long home folder made every kernel fail to start. Then the
        sockets go to a private folder of their own under the system's temporary folder."""
        example = os.path.join(self.connection_dir or "", f"kernel-{uuid.uuid4()}-ipc-4")
        if len(example.encode()) <= MAX_SOCKET_PATH:
            return None
        short = tempfile.mkdtemp(prefix="hck-", dir="/tmp" if os.name != "nt" else None)
        self.log.info("Kernel connection files in %s (the usual folder's path is too long)", short)
        self.connection_dir = short
        return short

    # --- handing out --------------------------------------------------------------
    async def start_kernel(  # type: ignore[override]
        self, *, kernel_id: str | None = None, path: str | None = None, **kwargs: Any
    ) -> str:
        """A warm kernel when one is ready and fits the request (a new kernel of the
        warm kind, for a page in the warm folder); otherwise a kernel started now."""
        pooled = str((kwargs.get("env") or {}).get(VOILA_PREHEAT, "")).lower() == "true"
        pool_task = asyncio.current_task() if pooled else None
        taken = None
        if kernel_id is None and self._fits(kwargs.get("kernel_name"), path):
            taken = self._take()
            self._fill(self.warm_delay)
            if taken is not None:
                self.log.info("Using warm kernel: %s", taken)
        if taken is None:
            path_in = None if path is None else ApiPath(path)
            taken = str(await super().start_kernel(kernel_id=kernel_id, path=path_in, **kwargs))
        if kernel_id is None:  # a new kernel for a page: watch for its process dying
            self.add_restart_callback(taken, lambda: self._died.add(taken), "restart")
        if pooled:
            self._pooled[taken] = pool_task
        return taken

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

    def kernel_model(self, kernel_id: str) -> dict[str, Any]:
        """Jupyter Server's model of a kernel, with ``restarted_after_dying`` true for a
        kernel whose process died under a page and was started again: the page's
        template asks for it and tells the student to reload (a page cannot use it)."""
        model = dict(super().kernel_model(kernel_id))
        model["restarted_after_dying"] = kernel_id in self._died
        return model

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
    async def cull_kernels(self) -> None:
        """Before culling: a page made ready whose kernel died while it waited (dead, or
        started again empty by Jupyter's restarter) is dropped from its pool and replaced,
        so that no student is handed a page whose game is gone."""
        for kernel_id in list(self._pooled):
            if kernel_id not in self or not self._in_pool(kernel_id):
                continue
            if kernel_id in self._died or not await self._alive(kernel_id):
                await self._replace_dead_pooled(kernel_id)
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Kernels kept ready wait idle by design; they are never culled while they wait.

        A warm kernel is never culled before it is handed out. A kernel that Voila
        started for one of its pools (a play lesson's page made ready) is never culled
        while it is in its pool; once a page has taken it, its idle time starts afresh,
        here, at the first check after the taking: the kernel may have waited far longer
        than the idle time (pages made ready before class), and culling it as the page is
        drawn left a student with a page without its game. A kernel shut down meanwhile
        (the culler checks a list made before its awaits) is skipped, and so is one still
        starting: Jupyter Server marks a kernel's last activity only once it has started,
        and its culler's check of that mark fails on a kernel without one."""
        if kernel_id not in self or kernel_id in self._warm or self._not_yet_started(kernel_id):
            return
        if kernel_id in self._pooled:
            if self._in_pool(kernel_id):
                return
            del self._pooled[kernel_id]  # taken by a page: its idle time starts now
            self._touch(kernel_id)
            return
        await super().cull_kernel_if_idle(kernel_id)

    def _in_pool(self, kernel_id: str) -> bool:
        """Whether the pool task that started this kernel is still in one of Voila's pools
        (``_pools``, Voila's lists of tasks of pages being made ready or ready); a task
        taken out of its pool has been handed to a page."""
        task = self._pooled.get(kernel_id)
        pools: dict[str, list[Any]] = getattr(self, "_pools", None) or {}
        return task is not None and any(task in pool for pool in pools.values())

    def _not_yet_started(self, kernel_id: str) -> bool:
        kernel: Any = self.get_kernel(kernel_id)
        has_value = getattr(kernel, "trait_has_value", None)
        return has_value is not None and not has_value("last_activity")

    def _touch(self, kernel_id: str) -> None:
        kernel: Any = self.get_kernel(kernel_id)  # Jupyter Server's, with its markers
        kernel.last_activity = datetime.now(UTC)

    async def _alive(self, kernel_id: str) -> bool:
        kernel: Any = self.get_kernel(kernel_id)
        if getattr(kernel, "execution_state", None) == "dead":
            return False
        try:
            return bool(await kernel.is_alive())
        except Exception:  # a kernel whose process cannot be asked is not alive
            return False

    async def _replace_dead_pooled(self, kernel_id: str) -> None:
        find = getattr(self, "_get_notebook_from_kernel", None)
        notebook = find(kernel_id) if find else None
        self.log.warning("A page made ready lost its kernel %s; starting another", kernel_id)
        await self.shutdown_kernel(kernel_id, now=True)  # Voila drops it from its pool
        fill = getattr(self, "fill_if_needed", None)
        if fill is not None and notebook is not None:
            fill(delay=0, notebook_name=notebook)

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, now: bool = False, restart: bool = False
    ) -> None:
        if not restart:
            self._warm.discard(kernel_id)
            self._pooled.pop(kernel_id, None)
            self._died.discard(kernel_id)
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
        self._pooled.clear()
        self._died.clear()
        # a kernel still starting has a ready future not yet settled, and Jupyter's own
        # shutdown then asks it for its exception and raises (InvalidStateError, seen
        # when a test closed the server while a page's kernel was starting under load)
        starting = [
            km.ready
            for km in list(self._kernels.values())
            if isinstance(getattr(km, "ready", None), asyncio.Future) and not km.ready.done()
        ]
        if starting:
            await asyncio.wait(starting, timeout=60)
        await super().shutdown_all(now=now)
        if self._short_dir:
            shutil.rmtree(self._short_dir, ignore_errors=True)
