"""The plugin for The Littlest JupyterHub (TLJH): the lessons for every user of a school's
hub, set up by its installer.

A school's IT person installs TLJH with this repository as a plugin (the installer's
``--plugin`` option, docs/teachers/README.md); the installer puts hcgames into the hub's
own environment, which registers this module under the ``tljh`` entry point, and calls
its hooks (TLJH's documented pluggy hooks, in the order the installer runs them):

* ``tljh_extra_user_pip_packages``: hcgames with its ``classroom`` extra (Voila,
  nbgitpuller, the notebook stack) for the users' environment, from the same place and
  version the plugin itself was installed from;
* ``tljh_config_post_install``: the hub's settings a class needs, each only where the
  admin has not set it: JupyterLab as the default interface, memory and CPU per student
  (:data:`STUDENT_MEMORY`, from measured lesson pages) and idle servers culled after a
  lesson's length (:data:`IDLE_SERVER_SECONDS`);
* ``tljh_post_install``: ``python -m hcgames server-setup`` in the users' environment,
  the one set-up step every server takes (:mod:`hcgames_server.server_setup`).

Nothing here imports TLJH: the hook marker is pluggy's under TLJH's project name, which is
what TLJH's own ``hookimpl`` is, so the tests call the hooks through pluggy as TLJH does.
"""

from __future__ import annotations

import json
import subprocess
from importlib import metadata
from typing import Any

import pluggy

from hcgames_server.sizing import limit_mb

hookimpl = pluggy.HookimplMarker("tljh")

#: TLJH's users' environment (``tljh.config.USER_ENV_PREFIX``)
USER_ENV_PREFIX = "/opt/tljh/user"
#: memory a student's server may use: its Jupyter server, its warm kernel and up to six
#: lesson pages open at once (measured: :mod:`hcgames_server.sizing`)
STUDENT_MEMORY = f"{limit_mb() // 1024}G"
#: CPU a student's server may use at most (a page's cells run in about a second)
STUDENT_CPU = 1
#: a student's server idle this long (no page in use) is stopped: a lesson's length
IDLE_SERVER_SECONDS = 3600


def package_spec() -> str:
    """How to install hcgames for the users: where the plugin came from (PEP 610's
    ``direct_url.json``: a git repository at the commit installed, a local folder or a
    wheel), else the same version from the package index."""
    dist = metadata.distribution("hcgames")
    direct = dist.read_text("direct_url.json")
    if direct:
        origin: dict[str, Any] = json.loads(direct)
        url = str(origin["url"])
        vcs = origin.get("vcs_info")
        if vcs:
            return f"hcgames[classroom] @ {vcs['vcs']}+{url}@{vcs['commit_id']}"
        return f"hcgames[classroom] @ {url}"
    return f"hcgames[classroom]=={dist.version}"


@hookimpl
def tljh_extra_user_pip_packages() -> list[str]:
    return [package_spec()]


@hookimpl
def tljh_config_post_install(config: dict[str, Any]) -> None:
    """Our settings where the admin has none (``tljh-config`` changes them later)."""
    config.setdefault("user_environment", {}).setdefault("default_app", "jupyterlab")
    limits = config.setdefault("limits", {})
    limits.setdefault("memory", STUDENT_MEMORY)
    limits.setdefault("cpu", STUDENT_CPU)
    cull = config.setdefault("services", {}).setdefault("cull", {})
    cull.setdefault("timeout", IDLE_SERVER_SECONDS)


def user_python() -> str:
    return f"{USER_ENV_PREFIX}/bin/python"


@hookimpl
def tljh_post_install() -> None:
    """Write the lessons' server settings into the users' environment."""
    subprocess.run(
        [user_python(), "-m", "hcgames", "server-setup", "--prefix", USER_ENV_PREFIX],
        check=True,
    )
