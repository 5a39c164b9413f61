"""The wheel carries the data: build it, install it in a fresh venv, play from outside.

Also reproduces what mybinder.org's repo2docker does with ``binder/``: a fresh
environment from the pinned requirements, ``postBuild``, then every notebook under
nbval. Docker is not available here, so this is the closest honest check.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _venv(path: Path) -> Path:
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    return path / "bin" / "python"


def _run(*args: object, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=1500
    )
    assert result.returncode == 0, (
        f"{args} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    )
    return result.stdout


PLAY_EVERY_GAME = """
import hcgames, hcgames.data, json, random
from hcgames.play import playout
assert "site-packages" in hcgames.__file__, hcgames.__file__
assert hcgames.data.data_dir().name == "_data", hcgames.data.data_dir()
report = {}
for name in hcgames.available_games():
    game = hcgames.load(name)
    state = playout(game.new_game(seed=1), rng=1)
    report[name] = state.outcome().reason
    assert hcgames.load_saved(state.to_json()).digest() == state.digest()
print(json.dumps(report))
"""


def test_wheel_installs_into_a_fresh_venv_and_plays_every_game(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, ROOT, cwd=tmp_path)
    wheels = list(dist.glob("hcgames-*.whl"))
    assert len(wheels) == 1
    with zipfile.ZipFile(wheels[0]) as wheel:
        tops = {name.split("/")[0] for name in wheel.namelist()}
    # the wheel ships the games (with their data) and the server settings beside them
    # only: no tests, benches or tools
    assert {top for top in tops if not top.endswith(".dist-info")} == {"hcgames", "hcgames_server"}
    python = _venv(tmp_path / "venv")
    _run(python, "-m", "pip", "install", "-q", wheels[0], cwd=tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    out = _run(python, "-c", PLAY_EVERY_GAME, cwd=outside)
    report = json.loads(out.strip().splitlines()[-1])
    import hcgames

    assert sorted(report) == sorted(hcgames.available_games())
    # the CLI entry point is installed too
    out = _run(tmp_path / "venv" / "bin" / "hcgames", "list", cwd=outside)
    assert "conqueror-duels" in out
    # the wheel alone sets a server up: its settings, voila.py and page template travel in it
    out = _run(python, "-m", "hcgames", "server-setup", cwd=outside)
    prefix = tmp_path / "venv"
    assert out.count("wrote ") == 4
    settings = json.loads((prefix / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert settings == {
        **json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text()),
        **json.loads((ROOT / "binder" / "jupyter_server_unix.json").read_text()),
    }
    template = prefix / "share" / "jupyter" / "voila" / "templates" / "hcgames"
    assert {p.name for p in template.iterdir()} == {"conf.json", "error.html", "index.html.j2"}
    assert (prefix / "etc" / "jupyter" / "voila.py").is_file()


def test_binder_environment_builds_and_runs_the_notebooks(tmp_path: Path) -> None:
    binder = ROOT / "binder"
    assert (binder / "runtime.txt").read_text().strip() == "python-3.11"
    python = _venv(tmp_path / "srv")
    # repo2docker copies the repository in and runs postBuild from its root
    repo = tmp_path / "repo"
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            target = repo / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    # repo2docker installs the requirements from the repository's root; the last one is
    # hcgames itself with its classroom extra (a path: the repository is copied in first)
    _run(python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt", cwd=repo)
    env = dict(os.environ, PATH=f"{python.parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("VIRTUAL_ENV", None)
    _run("bash", repo / "binder" / "postBuild", cwd=repo, env=env)
    overrides = tmp_path / "srv" / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    settings = json.loads(overrides.read_text())
    assert settings["@jupyterlab/notebook-extension:tracker"]["windowingMode"] == "defer"
    # the settings must be where Jupyter Server reads them: ask the installed server
    shown = _run(
        python,
        "-c",
        "from jupyter_server.serverapp import ServerApp\n"
        "app = ServerApp.instance()\n"
        "app.initialize(['--ServerApp.token=t', '--allow-root'], new_httpserver=False)\n"
        "km = app.kernel_manager\n"
        "print(km.cull_idle_timeout, km.cull_interval, km.cull_connected,"
        " km.kernel_manager_factory(connection_file='k.json', parent=km).transport,"
        " app.config.TagRemovePreprocessor.remove_cell_tags,"
        " app.config.VoilaExecutor.iopub_timeout,"
        " type(km).__name__, km.warm_kernels, km.warm_path)",
        cwd=tmp_path,
    )
    expected = "300 60 False ipc ['hc-check', 'hc-teacher'] 60 WarmKernelManager 1 notebooks"
    assert shown.strip().splitlines()[-1] == expected, (
        "postBuild must install the server settings where Jupyter Server reads them"
    )
    # the Voila extension reads voila.py from the Jupyter config path (closing a page
    # frees its kernel) and the offline page template from the data path
    # hcgames and nbgitpuller (the hub links) are in the image, not only in the checkout
    _run(python, "-c", "import hcgames, nbgitpuller, hcgames_server.warm_kernels", cwd=tmp_path)
    hook = tmp_path / "srv" / "etc" / "jupyter" / "voila.py"
    assert hook.read_text() == (binder / "voila.py").read_text()
    template = tmp_path / "srv" / "share" / "jupyter" / "voila" / "templates" / "hcgames"
    assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()
    _run(python, "-m", "pip", "check", cwd=tmp_path)
    # test tools only; the image itself does not carry them
    _run(python, "-m", "pip", "install", "-q", "pytest", "nbval", cwd=tmp_path)
    out = _run(
        python,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "--nbval-lax",
        "--nbval-current-env",
        "notebooks",
        cwd=repo,
        env=env,
    )
    assert " passed" in out and "failed" not in out


def test_repo2docker_builds_the_image_from_binder_in_the_order_the_tests_follow() -> None:
    """The steps repo2docker itself writes for this repository (its Dockerfile, printed
    without building: no Docker here): Python 3.11, the pinned requirements, then
    postBuild, the order :func:`test_binder_environment_builds_and_runs_the_notebooks` reproduces.
    mybinder.org, a BinderHub and the Zero to JupyterHub image of the teacher guide are
    all built this way."""
    r2d = shutil.which("jupyter-repo2docker", path=str(Path(sys.executable).parent))
    if r2d is None:
        pytest.skip("jupyter-repo2docker is not installed (the test extra brings it)")
    done = subprocess.run(
        [r2d, "--no-build", "--no-run", "--debug", str(ROOT)],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    dockerfile = done.stdout + done.stderr
    assert "python=3.11" in dockerfile, "binder/runtime.txt must give Python 3.11"
    install = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    post_build = dockerfile.index("RUN ./binder/postBuild")
    assert install < post_build, "postBuild must run after the requirements are installed"
