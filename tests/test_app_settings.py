"""The classroom app's settings: which pages are started ahead of the class.

voila.json keeps one page of each play lesson started before anyone asks (Voila's
preheated kernels), and ``python3 tasks.py app --class N --lesson NN`` keeps N pages
of the day's lesson ready. Figures on what that buys are printed by
``bench/bench_classroom.py`` (never asserted here).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tasks
from hcgames.cli import main as cli
from hcgames_server.server_setup import server_config, server_setup

ROOT = Path(__file__).resolve().parent.parent


def _settings() -> Any:
    return json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))


def test_only_the_play_lessons_are_started_ahead() -> None:
    settings = _settings()
    assert settings["VoilaConfiguration"] == {
        **settings["VoilaConfiguration"],
        "preheat_kernel": True,
        "default_pool_size": 0,
    }
    pools = settings["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"] == {"pool_size": 0}
    named = sorted(name for name in pools if name != "default")
    play = sorted(p.name for p in (ROOT / "notebooks").glob("*-play.ipynb"))
    assert named == play, "every play lesson, and only they, keep a page started ahead"
    assert all(pools[name]["pool_size"] >= 1 for name in named)


def test_class_option_keeps_that_many_pages_of_the_lesson_ready() -> None:
    rest, folder = tasks.class_config(["--class", "30", "--lesson", "13", "--Voila.ip=0.0.0.0"])
    assert rest == ["--Voila.ip=0.0.0.0"]
    assert folder is not None
    doc = json.loads((folder / "voila.json").read_text(encoding="utf-8"))
    pools = doc["VoilaKernelManager"]["kernel_pools_config"]
    # one page per student and three spare (reloads, the teacher's look): a page asked
    # for once the ready ones are taken waits for a replacement
    assert pools["13-duels-play.ipynb"] == {"pool_size": 33}
    # the other play lessons keep what voila.json gives them
    shipped = _settings()["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["24-classical-play.ipynb"] == shipped["24-classical-play.ipynb"]
    assert doc["VoilaConfiguration"]["preheat_kernel"] is True
    # replacements wait until the class has arrived
    assert doc["VoilaKernelManager"]["fill_delay"] == tasks.CLASS_FILL_DELAY > 1


@pytest.mark.parametrize(("students", "pages"), [(0, 0), (1, 3), (12, 14), (25, 28), (60, 66)])
def test_class_pages_keep_a_tenth_spare_and_at_least_two(students: int, pages: int) -> None:
    assert tasks.class_pages(students) == pages


def test_without_the_class_option_nothing_changes() -> None:
    assert tasks.class_config(["--Voila.port=9000"]) == (["--Voila.port=9000"], None)


@pytest.mark.parametrize(
    "words",
    [
        ["--class", "30"],  # no lesson
        ["--lesson", "13"],  # no class size
        ["--class", "thirty", "--lesson", "13"],
        ["--class", "500", "--lesson", "13"],
        ["--class", "30", "--lesson", "1"],  # 10-14: not one lesson
        ["--class", "30", "--lesson", "99"],  # no such lesson
    ],
)
def test_a_class_option_that_cannot_be_meant_stops_with_a_sentence(words: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        tasks.class_config(words)
    assert isinstance(stop.value.code, str) and "--" in stop.value.code


@pytest.mark.parametrize(
    ("words", "port"),
    [
        ([], 8866),
        (["--port", "8870"], 8870),
        (["--port=8871"], 8871),
        (["--Voila.port=9000"], 9000),
    ],
)
def test_the_app_takes_a_port(words: list[str], port: int) -> None:
    """For a teacher whose 8866 is taken: ``python3 tasks.py app --port 8870``."""
    assert tasks.port_option([*words, "--Voila.ip=0.0.0.0"]) == (["--Voila.ip=0.0.0.0"], port)


@pytest.mark.parametrize(
    "words", [["--port"], ["--port", "eighty"], ["--port=80"], ["--port=70000"]]
)
def test_a_port_that_cannot_be_meant_stops_with_a_sentence(words: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        tasks.port_option(words)
    assert isinstance(stop.value.code, str) and "--port" in stop.value.code


def test_a_port_another_program_holds_stops_the_app_with_a_sentence() -> None:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        assert not tasks.port_is_free(taken)
        with pytest.raises(SystemExit) as stop:
            tasks.app(["--port", str(taken)])
    assert isinstance(stop.value.code, str)
    assert str(taken) in stop.value.code and "--port" in stop.value.code
    assert tasks.port_is_free(taken)


def test_server_settings_are_merged_where_jupyter_server_reads_them(tmp_path: Path) -> None:
    """``python -m hcgames server-setup`` (Binder's postBuild, ``tasks.py notebooks``, a
    school's hub) writes the server settings into
    ``jupyter_server_config.json`` (the server reads only extensions to enable from its
    ``.d`` folder): ours added, other settings kept, the old unread copy removed."""
    etc = tmp_path / "etc" / "jupyter"
    (etc / "jupyter_server_config.d").mkdir(parents=True)
    (etc / "jupyter_server_config.d" / "hcgames.json").write_text("{}", encoding="utf-8")
    (etc / "jupyter_server_config.json").write_text(
        json.dumps({"ServerApp": {"port": 9999}, "Other": {"x": 1}}), encoding="utf-8"
    )
    written = server_config(etc, unix=True)
    merged = json.loads(written.read_text(encoding="utf-8"))
    ours = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text("utf-8"))
    assert merged["MappingKernelManager"] == ours["MappingKernelManager"]
    assert merged["VoilaExecutor"] == ours["VoilaExecutor"]
    assert merged["ServerApp"] == {"port": 9999, **ours["ServerApp"]}
    assert merged["Other"] == {"x": 1}
    assert merged["KernelManager"] == {"transport": "ipc"}
    assert not (etc / "jupyter_server_config.d" / "hcgames.json").exists()
    # on Windows (no Unix sockets for ZeroMQ) the kernels keep TCP
    fresh = server_config(tmp_path / "windows", unix=False)
    assert "KernelManager" not in json.loads(fresh.read_text(encoding="utf-8"))


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"ServerApp": 3}'])
def test_a_broken_server_settings_file_stops_with_a_sentence(tmp_path: Path, text: str) -> None:
    (tmp_path / "jupyter_server_config.json").write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit, match=r"jupyter_server_config\.json .*mend or remove it"):
        server_config(tmp_path)
    assert (tmp_path / "jupyter_server_config.json").read_text(encoding="utf-8") == text


def test_server_setup_writes_every_setting_into_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One command for any server: the server settings, voila.py, the page template and
    JupyterLab's overrides, under the environment's prefix; run twice, the same files."""
    lab = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    lab.parent.mkdir(parents=True)
    lab.write_text(json.dumps({"@jupyterlab/apputils-extension:themes": {"theme": "Dark"}}))
    for _ in range(2):
        assert cli(["server-setup", "--prefix", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert printed.count("wrote ") == 8
    etc = tmp_path / "etc" / "jupyter"
    settings = json.loads((etc / "jupyter_server_config.json").read_text(encoding="utf-8"))
    ours = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text("utf-8"))
    for section, values in ours.items():
        assert settings[section] == values
    kernel_manager = settings["ServerApp"]["kernel_manager_class"]
    assert kernel_manager == "hcgames_server.warm_kernels.WarmKernelManager"
    assert (etc / "voila.py").read_text() == (ROOT / "binder" / "voila.py").read_text()
    template = tmp_path / "share" / "jupyter" / "voila" / "templates" / "hcgames"
    shipped = ROOT / "share" / "jupyter" / "voila" / "templates" / "hcgames"
    assert sorted(p.name for p in template.iterdir()) == sorted(p.name for p in shipped.iterdir())
    for page in shipped.iterdir():
        assert (template / page.name).read_text() == page.read_text()
    overrides = json.loads(lab.read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/notebook-extension:tracker"] == {"windowingMode": "defer"}
    assert overrides["@jupyterlab/apputils-extension:themes"] == {"theme": "Dark"}  # kept
    assert server_setup(tmp_path)[0] == etc / "jupyter_server_config.json"


def test_every_server_set_up_runs_the_one_command() -> None:
    """Binder's postBuild and ``tasks.py notebooks`` set the server up with the command a
    school's hub uses, not copies of their own."""
    post_build = (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    commands = [line for line in post_build.splitlines() if line and not line.startswith("#")]
    assert commands == ["set -euo pipefail", "python -m hcgames server-setup"]
    assert '"-m", "hcgames", "server-setup"' in (ROOT / "tasks.py").read_text(encoding="utf-8")
    requirements = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8")
    assert requirements.splitlines()[-1] == ".[classroom]", "the image must install hcgames"
