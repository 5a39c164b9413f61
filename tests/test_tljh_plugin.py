"""The Littlest JupyterHub's plugin (hcgames_server/tljh.py), called as TLJH calls it.

TLJH is not on the package index, so its hook specifications are written out here with
TLJH's hook names and arguments (its documented plugin hooks); the plugin is found the
way TLJH finds plugins, through the ``tljh`` entry point of the installed package, and
each hook is called through pluggy in the installer's order.
"""

from __future__ import annotations

import json
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pluggy
import pytest

import hcgames_server.tljh as plugin

hookspec = pluggy.HookspecMarker("tljh")


class TljhHooks:
    """TLJH's hook specifications (names and arguments as TLJH declares them)."""

    @hookspec
    def tljh_extra_user_conda_packages(self) -> None: ...

    @hookspec
    def tljh_extra_user_pip_packages(self) -> None: ...

    @hookspec
    def tljh_extra_hub_pip_packages(self) -> None: ...

    @hookspec
    def tljh_extra_apt_packages(self) -> None: ...

    @hookspec
    def tljh_custom_jupyterhub_config(self, c: Any) -> None: ...

    @hookspec
    def tljh_config_post_install(self, config: Any) -> None: ...

    @hookspec
    def tljh_post_install(self) -> None: ...

    @hookspec
    def tljh_new_user_create(self, username: str) -> None: ...


@pytest.fixture
def hooks() -> Any:
    manager = pluggy.PluginManager("tljh")
    manager.add_hookspecs(TljhHooks)
    found = manager.load_setuptools_entrypoints("tljh")
    assert found >= 1, "the installed hcgames must offer its plugin under the tljh entry point"
    assert manager.is_registered(plugin)
    return manager.hook


def test_the_users_get_hcgames_with_its_classroom_extra_from_where_the_plugin_came(
    hooks: Any,
) -> None:
    (packages,) = [p for p in hooks.tljh_extra_user_pip_packages() if p]
    (spec,) = packages
    assert spec.startswith("hcgames[classroom]")
    direct = metadata.distribution("hcgames").read_text("direct_url.json")
    if direct:  # this checkout, installed editable: the users get the same folder
        assert spec == f"hcgames[classroom] @ {json.loads(direct)['url']}"


def test_a_plugin_installed_from_git_gives_the_users_the_same_commit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Dist:
        version = "0.1.0"

        def __init__(self, direct: str | None) -> None:
            self.direct = direct

        def read_text(self, name: str) -> str | None:
            return self.direct if name == "direct_url.json" else None

    origin = {
        "url": "https://github.com/school/hcgames",
        "vcs_info": {"vcs": "git", "commit_id": "0123abc", "requested_revision": "v1.0"},
    }
    monkeypatch.setattr(metadata, "distribution", lambda name: Dist(json.dumps(origin)))
    assert plugin.package_spec() == (
        "hcgames[classroom] @ git+https://github.com/school/hcgames@0123abc"
    )
    monkeypatch.setattr(metadata, "distribution", lambda name: Dist(None))
    assert plugin.package_spec() == "hcgames[classroom]==0.1.0"


def test_the_hub_settings_are_ours_only_where_the_admin_set_none(hooks: Any) -> None:
    fresh: dict[str, Any] = {}
    hooks.tljh_config_post_install(config=fresh)
    assert fresh == {
        "user_environment": {"default_app": "jupyterlab"},
        "limits": {"memory": plugin.STUDENT_MEMORY, "cpu": plugin.STUDENT_CPU},
        "services": {"cull": {"timeout": plugin.IDLE_SERVER_SECONDS}},
    }
    admins = {"limits": {"memory": "2G"}, "services": {"cull": {"timeout": 600, "every": 60}}}
    hooks.tljh_config_post_install(config=admins)
    assert admins["limits"] == {"memory": "2G", "cpu": plugin.STUDENT_CPU}
    assert admins["services"] == {"cull": {"timeout": 600, "every": 60}}


def test_after_the_install_the_users_environment_is_set_up(
    hooks: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The post-install hook runs ``python -m hcgames server-setup`` in the users'
    environment (here this test's Python, with a scratch prefix standing for it)."""
    monkeypatch.setattr(plugin, "USER_ENV_PREFIX", str(tmp_path))
    monkeypatch.setattr(plugin, "user_python", lambda: sys.executable)
    hooks.tljh_post_install()
    settings = json.loads((tmp_path / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
    assert settings["ServerApp"]["kernel_manager_class"].startswith("hcgames_server.")
    assert settings["TagRemovePreprocessor"]["remove_cell_tags"] == ["hc-check", "hc-teacher"]
    template = tmp_path / "share" / "jupyter" / "voila" / "templates" / "hcgames"
    assert (template / "index.html.j2").is_file() and (template / "error.html").is_file()
    assert (tmp_path / "etc" / "jupyter" / "voila.py").is_file()
