#!/usr/bin/env python3
"""Set up hcgames and run it, with nothing but Python 3.11+ on the machine.

    python3 tasks.py notebooks   # make .venv, install, open the notebooks in JupyterLab
    python3 tasks.py test        # make .venv, install, run every check and test

The test command runs ruff and mypy on the package, then one pytest run over the
unit, scenario and conformance tests, the doctests, every notebook under nbval,
the wheel and Binder reproductions and the real-browser test (Voila in Debian's
chromium; on Debian or Ubuntu as root it installs chromium with apt-get if it is
missing). Uses only the standard library.
"""

from __future__ import annotations

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


def keep_widget_outputs() -> None:
    """As on Binder: keep widget outputs of cells scrolled off screen (JupyterLab 4.2+)."""
    settings = VENV / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(
        '{"@jupyterlab/notebook-extension:tracker": {"windowingMode": "defer"}}\n',
        encoding="utf-8",
    )


def notebooks(extra: list[str]) -> None:
    ensure_venv("notebooks")
    keep_widget_outputs()
    jupyter = BIN / ("jupyter.exe" if os.name == "nt" else "jupyter")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra:
        extra = [*extra, "--allow-root"]  # containers and CI machines often run as root
    # serve the whole project (links between notebooks and docs work) and open the index
    run(jupyter, "lab", f"--ServerApp.root_dir={ROOT}", "notebooks/00-index.ipynb", *extra)


def test(extra: list[str]) -> None:
    ensure_venv("dev")
    ensure_chromium()
    run(PYTHON, "-m", "ruff", "check", "hcgames")
    run(PYTHON, "-m", "mypy", "hcgames")
    run(
        PYTHON,
        "-m",
        "pytest",
        "--nbval-lax",
        "--nbval-current-env",
        "--doctest-modules",
        "tests",
        "notebooks",
        "hcgames",
        *extra,
    )


def main(argv: list[str]) -> int:
    commands = {"notebooks": notebooks, "test": test}
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
