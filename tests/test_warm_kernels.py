"""Warm kernels (hcgames_server/warm_kernels.py): started ahead with their imports done, handed
to one page each, replaced, never culled while they wait, stopped with the server.

The manager runs here in the test's own event loop with real kernels (about a second
each), as Jupyter Server and the Voila app run it; what the app's pages get from it is
checked by the browser tests, which serve every lesson through it.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import Any, cast

import pytest
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets.config import Config

from hcgames_server.warm_kernels import MAX_FAILURES, WarmKernelManager

ROOT = Path(__file__).resolve().parent.parent


def _manager(folder: Path, **settings: Any) -> WarmKernelManager:
    # kernels over Unix sockets, as the app and Binder run them (binder/voila.py): no
    # TCP port for a kernel to lose to another program starting at the same moment
    # (a socket's path must stay short: the connection files go in a short folder)
    config = Config({"KernelManager": {"transport": "ipc"}}) if os.name != "nt" else Config()
    sockets = tempfile.mkdtemp(prefix="hcwk")
    return WarmKernelManager(
        root_dir=str(folder), connection_dir=sockets, config=config, **settings
    )


async def _until(check: Callable[[], bool], seconds: float = 180.0) -> bool:
    for _ in range(int(seconds * 10)):
        if check():
            return True
        await asyncio.sleep(0.1)
    return check()


async def _the_warm_kernel(manager: WarmKernelManager) -> str:
    """Wait for the first warm kernel, the manager's only kernel so far."""
    assert await _until(lambda: manager.warm_count() == 1)
    (warm,) = manager.list_kernel_ids()
    return str(warm)


async def _run(manager: WarmKernelManager, kernel_id: str, code: str) -> dict[str, Any]:
    """Run ``code`` as a page would; the reply's content and what it printed."""
    client = cast(AsyncKernelClient, manager.get_kernel(kernel_id).client())
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        printed: list[str] = []
        reply = await client.execute_interactive(
            code,
            timeout=60,
            output_hook=lambda msg: printed.append(msg["content"].get("text", "")),
        )
        return {**reply["content"], "printed": "".join(printed)}
    finally:
        client.stop_channels()


def _with_manager(
    folder: Path, body: Callable[[WarmKernelManager], Awaitable[None]], **settings: Any
) -> None:
    async def main() -> None:
        manager = _manager(folder, **settings)
        try:
            await body(manager)
        finally:
            try:
                await manager.shutdown_all(now=True)
            finally:
                # the manager's zmq context closed here, in its own event loop, even when a
                # kernel failed: left to the garbage collector, its __del__ ended the context
                # later inside another test and waited there for ever (a fresh-clone run hung
                # in a hypothesis test after a warm-kernel test had failed under load)
                manager.context.destroy(linger=0)
                shutil.rmtree(manager.connection_dir, ignore_errors=True)
            assert manager.list_kernel_ids() == []

    asyncio.run(main())
    # no kernel process outlives the manager, not even one caught starting
    import psutil

    def kernels() -> list[Any]:
        return [
            child
            for child in psutil.Process().children(recursive=True)
            if "ipykernel" in " ".join(child.cmdline())
        ]

    for _ in range(100):
        if not kernels():
            break
        time.sleep(0.1)
    assert kernels() == []


def test_a_page_takes_the_warm_kernel_with_its_imports_done_and_it_is_replaced(
    tmp_path: Path,
) -> None:
    async def body(manager: WarmKernelManager) -> None:
        warm = await _the_warm_kernel(manager)
        taken = await manager.start_kernel(kernel_name="python3", path="")
        assert taken == warm
        assert manager.warm_count() == 0
        # what the page runs first: the modules are there, and nothing was recorded
        reply = await _run(
            manager,
            taken,
            "import sys; print(sorted(m for m in ('hcgames.widgets', 'bqplot',"
            " 'hcgames.classical') if m in sys.modules)); print(len(In))",
        )
        assert reply["status"] == "ok"
        assert reply["printed"].split("\n")[:2] == [
            "['bqplot', 'hcgames.classical', 'hcgames.widgets']",
            "2",  # In[0] is empty; this cell is In[1]: the warm-up left no history
        ]
        assert reply["execution_count"] == 1
        # a replacement comes after warm_delay, and the next page takes that one
        assert await _until(lambda: manager.warm_count() == 1)
        second = await manager.start_kernel(kernel_name="python3", path="")
        assert second not in (taken, warm)
        assert len(manager.list_kernel_ids()) == 2

    _with_manager(tmp_path, body, warm_delay=0.2)


def test_a_page_elsewhere_or_of_another_kind_gets_a_kernel_of_its_own(tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()

    async def body(manager: WarmKernelManager) -> None:
        warm = await _the_warm_kernel(manager)
        elsewhere = await manager.start_kernel(kernel_name="python3", path="other")
        assert elsewhere != warm and manager.warm_count() == 1
        manager.warm_kernel_name = "some-other-kernel"
        again = await manager.start_kernel(kernel_name="python3", path="")
        assert again not in (warm, elsewhere) and manager.warm_count() == 1

    _with_manager(tmp_path, body)


def test_a_waiting_warm_kernel_is_never_culled_a_handed_out_idle_one_is(
    tmp_path: Path,
) -> None:
    async def body(manager: WarmKernelManager) -> None:
        warm = await _the_warm_kernel(manager)
        manager.cull_idle_timeout = 1
        kernel: Any = manager.get_kernel(warm)  # Jupyter Server's, with its markers
        long_ago = kernel.last_activity - timedelta(hours=1)
        kernel.last_activity = long_ago
        await manager.cull_kernel_if_idle(warm)
        assert warm in manager.list_kernel_ids()
        taken = await manager.start_kernel(kernel_name="python3", path="")
        assert taken == warm
        # handed out, its idle time starts afresh; once idle for long, it goes
        await manager.cull_kernel_if_idle(taken)
        assert taken in manager.list_kernel_ids()
        kernel.last_activity = long_ago
        await manager.cull_kernel_if_idle(taken)
        assert await _until(lambda: taken not in manager.list_kernel_ids(), 30)

    _with_manager(tmp_path, body, warm_delay=30.0)


def test_a_kernel_shut_down_before_the_culler_reaches_it_is_skipped(tmp_path: Path) -> None:
    """The culler checks a list of kernels made before its awaits: one shut down
    meanwhile (a page closed) used to raise a KeyError into the server's log."""

    async def body(manager: WarmKernelManager) -> None:
        kernel_id = await manager.start_kernel(kernel_name="python3", path="")
        await manager.shutdown_kernel(kernel_id, now=True)
        await manager.cull_kernel_if_idle(kernel_id)  # no KeyError
        assert kernel_id not in manager.list_kernel_ids()

    _with_manager(tmp_path, body, warm_kernels=0)


def test_a_kernel_still_starting_is_skipped_by_the_culler(tmp_path: Path) -> None:
    """Jupyter Server marks a kernel's last activity only once it has started; its culler,
    reaching a kernel still starting, failed on the missing mark with a traceback in the
    server's log (seen when a page made ready was being started as the culler ran)."""

    async def body(manager: WarmKernelManager) -> None:
        kernel_id = await manager.start_kernel(kernel_name="python3", path="")
        kernel: Any = manager.get_kernel(kernel_id)
        manager.cull_idle_timeout = 1
        # as a kernel still starting: no last activity yet (traitlets keeps set values here)
        kernel._trait_values.pop("last_activity")
        await manager.cull_kernel_if_idle(kernel_id)  # no TraitError
        assert kernel_id in manager.list_kernel_ids()

    _with_manager(tmp_path, body, warm_kernels=0)


def _as_voila_pool(manager: WarmKernelManager, notebook: str) -> list[asyncio.Task[str]]:
    """Voila's pool of pages made ready for ``notebook``: its ``_pools`` lists the tasks
    that start each page's kernel with VOILA_PREHEAT in its environment."""
    env = {**os.environ, "VOILA_PREHEAT": "True"}
    task = asyncio.get_running_loop().create_task(
        manager.start_kernel(kernel_name="python3", path="", env=env)
    )
    pool = [task]
    manager._pools = {notebook: pool}  # type: ignore[attr-defined]  # Voila's private pool table
    return pool


def test_a_page_made_ready_is_never_culled_in_its_pool_nor_as_it_is_taken(
    tmp_path: Path,
) -> None:
    """A play lesson's page made ready before class waits idle far past the idle time;
    the page that takes it must get it alive, and its idle time starts then."""

    async def body(manager: WarmKernelManager) -> None:
        pool = _as_voila_pool(manager, "play.ipynb")
        kernel_id = await pool[0]
        manager.cull_idle_timeout = 1
        kernel: Any = manager.get_kernel(kernel_id)
        long_ago = kernel.last_activity - timedelta(hours=1)
        kernel.last_activity = long_ago
        await manager.cull_kernels()
        assert kernel_id in manager.list_kernel_ids(), "culled while it waited in its pool"
        pool.pop(0)  # a page takes it, as Voila's get_rendered_notebook does
        await manager.cull_kernels()
        assert kernel_id in manager.list_kernel_ids(), "culled as a page took it"
        assert kernel.last_activity > long_ago + timedelta(minutes=59)
        # from then on it is culled as any page's kernel once nobody uses it
        kernel.last_activity = long_ago
        await manager.cull_kernels()
        assert await _until(lambda: kernel_id not in manager.list_kernel_ids(), 30)

    _with_manager(tmp_path, body, warm_kernels=0)


def test_a_page_made_ready_whose_kernel_died_is_replaced_before_a_page_takes_it(
    tmp_path: Path,
) -> None:
    async def body(manager: WarmKernelManager) -> None:
        pool = _as_voila_pool(manager, "play.ipynb")
        kernel_id = await pool[0]
        refills: list[str] = []
        manager._get_notebook_from_kernel = lambda kid: "play.ipynb"  # type: ignore[attr-defined]  # stub
        manager.fill_if_needed = (  # type: ignore[attr-defined]  # counts refills
            lambda delay, notebook_name: refills.append(notebook_name)
        )

        shutdown: Any = manager.shutdown_kernel

        async def drop_from_pool(kid: str, now: bool = False, restart: bool = False) -> None:
            pool.clear()  # Voila's shutdown_kernel takes the kernel out of its pool
            await shutdown(kid, now=now, restart=restart)

        manager.shutdown_kernel = drop_from_pool  # type: ignore[method-assign,assignment]  # as Voila
        kernel: Any = manager.get_kernel(kernel_id)
        await kernel.shutdown_kernel(now=True)  # the process dies
        await manager.cull_kernels()
        assert kernel_id not in manager.list_kernel_ids()
        assert refills == ["play.ipynb"]

    _with_manager(tmp_path, body, warm_kernels=0)


def test_a_kernel_that_died_under_its_page_and_was_started_again_says_so(
    tmp_path: Path,
) -> None:
    """Jupyter starts a dead kernel again, empty: the page's game is gone with the old
    process, so the kernel's model says so and the page tells the student to reload."""

    async def body(manager: WarmKernelManager) -> None:
        kernel_id = await manager.start_kernel(kernel_name="python3", path="")
        assert manager.kernel_model(kernel_id)["restarted_after_dying"] is False
        kernel: Any = manager.get_kernel(kernel_id)
        kernel.provisioner.process.kill()
        assert await _until(lambda: manager.kernel_model(kernel_id)["restarted_after_dying"])

    _with_manager(tmp_path, body, warm_kernels=0)


def test_failed_imports_leave_a_working_kernel_and_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def body(manager: WarmKernelManager) -> None:
        assert await _until(lambda: manager.warm_count() == 1)
        taken = await manager.start_kernel(kernel_name="python3", path="")
        reply = await _run(manager, taken, "print(6 * 7)")
        assert reply["status"] == "ok" and reply["printed"].strip() == "42"

    with caplog.at_level("WARNING"):
        _with_manager(tmp_path, body, warm_code="import no_such_module_here")
    assert "its imports failed (ModuleNotFoundError" in caplog.text


def _failing_starts(monkeypatch: pytest.MonkeyPatch, failures: int) -> list[int]:
    """Make the next ``failures`` kernel starts fail as a kernel that lost its port would;
    the count of starts tried so far."""
    original = AsyncMappingKernelManager.start_kernel
    tried = [0]

    async def start(self: Any, **kwargs: Any) -> str:
        tried[0] += 1
        if tried[0] <= failures:
            raise RuntimeError("Address already in use")
        return str(await original(self, **kwargs))

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    return tried


def test_a_warm_kernel_that_did_not_start_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tried = _failing_starts(monkeypatch, MAX_FAILURES - 1)

    async def body(manager: WarmKernelManager) -> None:
        await _the_warm_kernel(manager)
        assert tried[0] == MAX_FAILURES and manager._failures == 0

    _with_manager(tmp_path, body, warm_delay=0.1)


def test_after_a_few_failed_starts_the_pool_stops_trying_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    tried = _failing_starts(monkeypatch, MAX_FAILURES + 5)

    async def body(manager: WarmKernelManager) -> None:
        assert await _until(lambda: manager._failures == MAX_FAILURES, 30)
        await asyncio.sleep(1.0)
        assert tried[0] == MAX_FAILURES and manager.list_kernel_ids() == []

    with caplog.at_level("WARNING"):
        _with_manager(tmp_path, body, warm_delay=0.1)
    assert f"A warm kernel did not start ({MAX_FAILURES}): Address already in use" in caplog.text


def test_no_warm_kernels_means_jupyters_own_behaviour(tmp_path: Path) -> None:
    async def body(manager: WarmKernelManager) -> None:
        await asyncio.sleep(1.5)
        assert manager.list_kernel_ids() == [] and manager.warm_count() == 0
        first = await manager.start_kernel(kernel_name="python3", path="")
        await asyncio.sleep(1.5)
        assert manager.list_kernel_ids() == [first]

    _with_manager(tmp_path, body, warm_kernels=0)


def test_shutting_down_stops_a_kernel_still_warming(tmp_path: Path) -> None:
    async def body(manager: WarmKernelManager) -> None:
        # the first kernel is still starting or importing when the server stops
        assert await _until(lambda: bool(manager._starting), 5)

    _with_manager(tmp_path, body)


def test_sockets_in_a_folder_with_a_long_path_go_to_a_short_one(tmp_path: Path) -> None:
    """A student's runtime folder on a hub can be too long for a Unix socket's path."""
    deep = tmp_path / ("a-long-home-folder-of-a-student-on-a-school-hub" * 2)
    deep.mkdir()
    config = Config({"KernelManager": {"transport": "ipc"}})
    manager = WarmKernelManager(
        root_dir=str(tmp_path), connection_dir=str(deep), config=config, warm_kernels=0
    )

    async def main() -> None:
        try:
            kernel_id = await manager.start_kernel(kernel_name="python3", path="")
            reply = await _run(manager, kernel_id, "print(6 * 7)")
            assert reply["printed"].strip() == "42"
        finally:
            await manager.shutdown_all(now=True)

    assert len(manager.connection_dir) < len(str(deep))
    short = Path(manager.connection_dir)
    asyncio.run(main())
    assert not short.exists()
