"""A real JupyterHub serving the lessons to three students at once, as a school's hub.

JupyterHub with its configurable-http-proxy (from npm), each student's own single-user
server (SimpleLocalProcessSpawner; students log in with DummyAuthenticator's shared
password), nbgitpuller and the idle culler (jupyterhub-idle-culler), all installed by the
project's own set-up (``tasks.py test``). The students' environment is set up the way the
guide tells a hub's admin: ``python -m hcgames server-setup`` (here into a scratch prefix
that the students' servers read). Three students log in and open a lesson through the
link ``python -m hcgames links --hub`` prints, pointed at a local git repository of the
lessons: each page draws its widgets without the teachers' section; one student types a
name in My work and downloads the record through the hub; a closed page frees its kernel
on the student's server at once; then, their pages closed, every student's server is
stopped by the idle culler.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hcgames.links import hub_links
from hcgames_server.server_setup import server_setup

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
PROXY = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
STUDENTS = ("ana", "ben", "cleo")
LESSON = "12-duels-history.ipynb"
#: the culler's idle time in this test (the hub's real one is an hour): longer than three
#: servers take to start and draw their pages on a busy 2-core machine
IDLE_SECONDS = 45

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium"),
    pytest.mark.skipif(
        not PROXY.exists() or shutil.which("node") is None,
        reason="needs configurable-http-proxy from npm (tasks.py test installs it)",
    ),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _lessons_repository(where: Path) -> Path:
    """A git repository of the lessons, named as the project is (the students' folder)."""
    repo = where / "hcgames"
    shutil.copytree(ROOT / "notebooks", repo / "notebooks")
    git = ["git", "-c", "user.name=Teacher", "-c", "user.email=teacher@school.example"]
    for command in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-q", "-m", "lessons"]):
        subprocess.run([*git, *command], cwd=repo, check=True)
    return repo


HUB_CONFIG = """
c = get_config()  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.db_url = "sqlite:///{data}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{data}/cookie_secret"
c.JupyterHub.pid_file = "{data}/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "lesson"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{data}/home/{{username}}"
c.Spawner.cmd = [{singleuser!r}]
c.Spawner.args = {args!r}
c.Spawner.default_url = "/lab"
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.environment = {environment!r}
c.JupyterHub.services = [{{
    "name": "idle-culler",
    "command": [{python!r}, "-m", "jupyterhub_idle_culler",
                "--timeout={idle}", "--cull-every=3"],
}}]
c.JupyterHub.load_roles = [{{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}}]
"""


def _wait_for_hub(hub: subprocess.Popen[bytes], address: str, log: Path) -> None:
    """Until the hub answers through its proxy (the proxy listens before the hub is up)."""
    from urllib.error import URLError
    from urllib.request import urlopen

    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert hub.poll() is None, log.read_text()
        try:
            with urlopen(f"{address}/hub/api", timeout=5) as reply:
                if reply.status == 200:
                    return
        except (OSError, URLError):
            pass
        time.sleep(0.5)
    raise AssertionError("the hub did not answer:\n" + log.read_text()[-3000:])


def _singleusers(hub: subprocess.Popen[bytes]) -> int:
    import psutil

    count = 0
    for child in psutil.Process(hub.pid).children(recursive=True):
        try:
            if "jupyterhub-singleuser" in " ".join(child.cmdline()):
                count += 1
        except psutil.NoSuchProcess:
            continue
    return count


def _kernel_ids(page: Any, server: str) -> set[str]:
    """The kernels running on a student's server, asked through the hub as the page asks
    (signed in by cookie, with the page's ``_xsrf`` value)."""
    xsrf = next((c["value"] for c in page.context.cookies() if c["name"] == "_xsrf"), "")
    reply = page.context.request.get(f"{server}api/kernels", headers={"X-XSRFToken": xsrf})
    assert reply.ok, f"{reply.status} {reply.text()[:300]}"
    return {kernel["id"] for kernel in reply.json()}


def _download_my_work(page: Any, student: str) -> None:
    """Type a name in My work and download the record: the file read back names the
    student and the lesson."""
    from hcgames.record import read_record

    box = page.locator(".hc-mywork")
    box.scroll_into_view_if_needed()
    box.locator("input[type=text]").fill(student)
    box.locator("input[type=text]").press("Enter")
    with page.expect_download(timeout=60_000) as download:
        box.locator(".hc-download").first.click()
    record = read_record(Path(download.value.path()).read_bytes())
    assert record.student == student and record.lesson == Path(LESSON).stem


def test_three_students_open_a_lesson_on_a_real_hub(tmp_path: Path, browser: Any) -> None:
    pytest.importorskip("jupyterhub")
    pytest.importorskip("nbgitpuller")
    pytest.importorskip("jupyterhub_idle_culler")
    repo = _lessons_repository(tmp_path)
    # the guide's step: write every setting into the students' environment
    prefix = tmp_path / "env"
    server_setup(prefix)
    bin_dir = Path(sys.executable).parent
    environment = {
        "JUPYTER_CONFIG_PATH": str(prefix / "etc" / "jupyter"),
        "JUPYTER_PATH": str(prefix / "share" / "jupyter"),
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
    }
    args = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    port = _free_port()
    data = tmp_path / "hub"
    (data / "home").mkdir(parents=True)
    config = data / "jupyterhub_config.py"
    config.write_text(
        HUB_CONFIG.format(
            port=port, hub_port=_free_port(), proxy_port=_free_port(), proxy=str(PROXY),
            data=data, singleuser=str(bin_dir / "jupyterhub-singleuser"), args=args,
            environment=environment, python=sys.executable, idle=IDLE_SECONDS,
        ),
        encoding="utf-8",
    )  # fmt: skip
    log = data / "hub.log"
    with log.open("w") as out:
        hub = subprocess.Popen(
            [str(bin_dir / "jupyterhub"), "-f", str(config)],
            cwd=data, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    address = f"http://127.0.0.1:{port}"
    try:
        _wait_for_hub(hub, address, log)
        (row,) = [r for r in hub_links("school/hcgames", "main", address, repo.as_uri())
                  if r["notebook"] == LESSON]  # fmt: skip
        pages = []
        for student in STUDENTS:  # all three log in, then their lessons load at once
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            page = context.new_page()
            page.goto(f"{address}/hub/login", timeout=60_000)
            page.fill("input[name=username]", student)
            page.fill("input[name=password]", "lesson")
            page.click("input[type=submit], button[type=submit]")
            page.wait_for_load_state("load")
            pages.append(page)
        for page in pages:
            page.goto(row["voila"], wait_until="commit", timeout=120_000)
        for student, page in zip(STUDENTS, pages, strict=True):
            page.wait_for_selector(".jupyter-widgets", timeout=180_000)
            page.wait_for_load_state("load", timeout=180_000)
            assert f"/user/{student}/voila/render/hcgames/notebooks/{LESSON}" in page.url
            body = page.inner_text("body")
            assert "For teachers and developers" not in body, f"{student} sees the teachers' part"
            assert (data / "home" / student / "hcgames" / "notebooks" / LESSON).is_file()
        assert _singleusers(hub) == len(STUDENTS)
        # My work downloads through the hub
        first = pages[0]
        _download_my_work(first, "Ana K")
        # a closed page frees its kernel on the student's server at once (no wait for culling)
        server = f"{address}/user/{STUDENTS[0]}/"
        config = json.loads(first.inner_text("#jupyter-config-data"))
        kernel = config["kernelId"]
        assert kernel in _kernel_ids(first, server)
        watcher = first.context.new_page()
        first.close(run_before_unload=True)
        deadline = time.monotonic() + 60
        while kernel in _kernel_ids(watcher, server) and time.monotonic() < deadline:
            time.sleep(1)
        assert kernel not in _kernel_ids(watcher, server), "the closed page kept its kernel"
        for page in pages:
            page.context.close()
        # nobody uses their server any more: the idle culler stops every one
        deadline = time.monotonic() + IDLE_SECONDS * 8
        while _singleusers(hub) and time.monotonic() < deadline:
            time.sleep(1)
        hub_log = log.read_text()
        assert _singleusers(hub) == 0, hub_log[-3000:]
        # every page's own requests were let in (the lost-page check signs its requests)
        assert " 403 GET " not in hub_log, hub_log[-3000:]
        assert hub_log.count("Culling server") >= len(STUDENTS)
        assert "hcgames_server" not in "".join(hub_log.split("Traceback")[1:])
    finally:
        hub.terminate()
        try:
            hub.wait(timeout=30)
        except subprocess.TimeoutExpired:
            hub.kill()
