#!/usr/bin/env python3
"""Set up hcgames and run it, with nothing but Python 3.11+ on the machine.

    python3 tasks.py notebooks   # make .venv, install, open the notebooks in JupyterLab
    python3 tasks.py app         # the same notebooks as a classroom app (Voila), no code shown
    python3 tasks.py app --port 8870   # ... at http://localhost:8870 (when 8866 is taken)
    python3 tasks.py app --class 30 --lesson 13   # ... with 30 pages of lesson 13 made ready
    python3 tasks.py handouts    # printable handouts and answer keys in build/handouts/
    python3 tasks.py test        # make .venv, install, run every check and test

JupyterLab and the app cull kernels nobody is connected to any more (settings in
binder/jupyter_server_config.json and voila.json, as on Binder), so pages that
students open, leave and reload do not pile up kernels. ``notebooks`` writes the server's
settings into .venv with ``python -m hcgames server-setup``, the same command Binder's
postBuild and a school's hub run.

The test command runs ruff and mypy on the package and its tests, then one pytest run (on two
workers, pytest-xdist) over the
unit, scenario and conformance tests, the doctests, every notebook under nbval,
the wheel and Binder reproductions, the real-browser test (Voila in Debian's
chromium; on Debian or Ubuntu as root it installs chromium with apt-get if it is
missing) and a real JupyterHub serving three students (its proxy installed with npm
into .venv/node). Uses only the standard library.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def run(*command: str | os.PathLike[str], env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], cwd=ROOT, check=True, env=env)


def ensure_venv(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - run by whatever python3 is on PATH
        sys.exit(f"hcgames needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PYTHON.exists():
        run(sys.executable, "-m", "venv", VENV)
    run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(PYTHON, "-m", "pip", "install", "--quiet", "-e", f".[{extras}]")


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser test when we may; never download one."""
    if chromium_path():
        return
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if sys.platform.startswith("linux") and is_root and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run("apt-get", "update", "-q", env=env)
        run("apt-get", "install", "-y", "-q", "chromium", env=env)
        return
    print(
        "note: no chromium found and cannot install it here; the real-browser test "
        "will be skipped (install your system's chromium package to run it)",
        flush=True,
    )


def server_setup() -> None:
    """Write the server's settings into .venv, as every server does: Binder's postBuild, a
    school's hub (``python -m hcgames server-setup``, hcgames_server/server_setup.py)."""
    run(PYTHON, "-m", "hcgames", "server-setup")


def as_root(extra: list[str]) -> list[str]:
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra:
        return [*extra, "--allow-root"]  # containers and CI machines often run as root
    return extra


def notebooks(extra: list[str]) -> None:
    ensure_venv("notebooks")
    server_setup()
    jupyter = BIN / ("jupyter.exe" if os.name == "nt" else "jupyter")
    extra = as_root(extra)
    # serve the whole project (links between notebooks and docs work) and open the index
    run(jupyter, "lab", f"--ServerApp.root_dir={ROOT}", "notebooks/00-index.ipynb", *extra)


#: seconds before a page of the class lesson that a student has taken is replaced
CLASS_FILL_DELAY = 60


def class_pages(students: int) -> int:
    """Pages kept ready for a class of ``students``: one each and a few spare (a tenth,
    at least two) for reloads and the teacher's own look, because a page asked for
    once the ready ones are taken waits for a replacement (``CLASS_FILL_DELAY``)."""
    return students + max(2, math.ceil(students / 10)) if students else 0


def class_config(extra: list[str]) -> tuple[list[str], Path | None]:
    """Take ``--class N --lesson NN`` out of the app's arguments: keep N pages of lesson
    NN started ahead of the class (Voila's preheated kernels), and return the folder of
    the voila.json that says so (it comes before the project's: the first folder wins)."""
    import json
    import tempfile

    size, lesson, rest = None, None, []
    words = iter(extra)
    for word in words:
        if word in ("--class", "--lesson"):
            value = next(words, "")
            if word == "--class":
                if not value.isdigit() or not 0 <= int(value) <= 60:
                    sys.exit("--class takes the number of students, from 0 to 60 (e.g. --class 30)")
                size = int(value)
            else:
                lesson = value
        else:
            rest.append(word)
    if size is None and lesson is None:
        return rest, None
    if size is None or lesson is None:
        sys.exit("give both --class N and --lesson NN (e.g. --class 30 --lesson 13)")
    found = sorted((ROOT / "notebooks").glob(f"{lesson.removesuffix('.ipynb')}*.ipynb"))
    if len(found) != 1:
        names = ", ".join(p.name for p in found) or "none"
        sys.exit(f"--lesson {lesson} must name one lesson (matches: {names})")
    settings = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    manager = settings["VoilaKernelManager"]
    pages = class_pages(size)
    manager["kernel_pools_config"][found[0].name] = {"pool_size": pages}
    folder = Path(tempfile.mkdtemp(prefix="hcgames-class-"))
    # a page taken is replaced a minute later, so that the replacements do not compete
    # with the class still arriving (a student beyond N waits for the first of them)
    manager["fill_delay"] = CLASS_FILL_DELAY
    doc = {"VoilaConfiguration": {"preheat_kernel": True}, "VoilaKernelManager": manager}
    (folder / "voila.json").write_text(json.dumps(doc, indent=1), encoding="utf-8")
    spare = pages - size
    print(
        f"Keeping {pages} pages of {found[0].name} ready: one for each of {size} students"
        f" and {spare} spare.",
        flush=True,
    )
    return rest, folder


#: where the app listens unless ``--port N`` says otherwise
APP_PORT = 8866


def port_option(extra: list[str]) -> tuple[list[str], int]:
    """Take ``--port N`` (or ``--port=N``, ``--Voila.port=N``) out of the app's arguments
    and return the rest and the port, 8866 unless given."""
    port, rest = None, []
    words = iter(extra)
    for word in words:
        name, equals, value = word.partition("=")
        if name in ("--port", "--Voila.port"):
            value = value if equals else next(words, "")
            if not value.isdigit() or not 1024 <= int(value) <= 65535:
                sys.exit("--port takes a port number from 1024 to 65535 (e.g. --port 8870)")
            port = int(value)
        else:
            rest.append(word)
    return rest, APP_PORT if port is None else port


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    """Whether nothing on this machine listens on ``port`` yet."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def app(extra: list[str]) -> None:
    """The notebooks as the class sees them on Binder's "Voila app" links.

    Voila reads voila.json from the project root (hidden check and teacher cells, kernel
    culling, pages of the play lessons started ahead) and binder/voila.py (the page
    template). Other machines on the school network reach it with ``--Voila.ip=0.0.0.0``.
    ``--class 30 --lesson 13`` keeps 33 pages of lesson 13 started before the class
    arrives, 3 of them spare (each about 115 MB of memory; see docs/teachers/README.md).
    ``--port 8870`` serves it at http://localhost:8870 instead of 8866; a port another
    program holds stops the app with a sentence saying so, rather than Voila quietly
    moving to the next free one, where nobody would look.
    """
    extra, port = port_option(extra)
    if not port_is_free(port):
        sys.exit(
            f"Another program on this computer already uses port {port}. Start the app on "
            f"another port, for example: python3 tasks.py app --port {port + 4}"
        )
    extra, class_folder = class_config(extra)
    ensure_venv("notebooks")
    voila = BIN / ("voila.exe" if os.name == "nt" else "voila")
    folders = [class_folder] if class_folder else []
    folders += [ROOT, ROOT / "binder"]
    config = [f"--Voila.config_file_paths={folder}" for folder in folders]
    # the page template without CDN requests (share/jupyter/voila/templates/hcgames)
    paths = [str(ROOT / "share" / "jupyter"), os.environ.get("JUPYTER_PATH", "")]
    data = os.pathsep.join(filter(None, paths))
    env = {**os.environ, "JUPYTER_PATH": data}
    print(f"The lessons will be at http://localhost:{port}", flush=True)
    ports = [f"--Voila.port={port}", "--Voila.port_retries=0"]
    run(voila, "notebooks", *ports, *config, *extra, env=env)


def handouts(extra: list[str]) -> None:
    ensure_venv("handouts")
    ensure_chromium()
    run(PYTHON, "-m", "hcgames", "handouts", "--out", "build/handouts", *extra)


#: where ``tasks.py test`` installs JupyterHub's proxy from npm (tests/test_hub_real.py)
PROXY_PREFIX = VENV / "node"


def ensure_proxy() -> None:
    """configurable-http-proxy from the npm registry, for the real-hub test; without npm
    that test is skipped."""
    if (PROXY_PREFIX / "node_modules" / ".bin" / "configurable-http-proxy").exists():
        return
    npm = shutil.which("npm")
    if npm is None:
        print("note: no npm found; the real JupyterHub test will be skipped", flush=True)
        return
    run(npm, "install", "--prefix", PROXY_PREFIX, "--no-audit", "--no-fund",
        "configurable-http-proxy@5")  # fmt: skip


#: pytest's workers in ``tasks.py test``: the 2 cores of the reference machine
TEST_WORKERS = 2


def test(extra: list[str]) -> None:
    ensure_venv("dev")
    ensure_chromium()
    ensure_proxy()
    run(PYTHON, "-m", "ruff", "check", "hcgames", "hcgames_server", "tests")
    run(PYTHON, "-m", "mypy", "hcgames", "hcgames_server", "tests")
    run(
        PYTHON,
        "-m",
        "pytest",
        # two workers (pytest-xdist), each given whole modules: a notebook's cells share
        # one kernel, and a browser module starts its Voila server and chromium once
        f"--numprocesses={TEST_WORKERS}",
        "--dist=loadscope",
        "--nbval-lax",
        "--nbval-current-env",
        "--doctest-modules",
        "tests",
        "notebooks",
        "hcgames",
        *extra,
    )


def main(argv: list[str]) -> int:
    commands = {"notebooks": notebooks, "app": app, "handouts": handouts, "test": test}
    if not argv or argv[0] not in commands:
        print(__doc__)
        return 2
    try:
        commands[argv[0]](argv[1:])
    except subprocess.CalledProcessError as exc:
        return exc.returncode or 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
