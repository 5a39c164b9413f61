"""Voila settings that need Python (the others are in voila.json at the project root).

The app of ``python3 tasks.py app`` reads this file (tasks.py adds this folder to
``Voila.config_file_paths``); on Binder, ``binder/postBuild`` copies it where Jupyter
Server's Voila extension reads it (``<env>/etc/jupyter/voila.py``). It must not sit at
the project root: a ``voila.py`` there would hide the voila package from Python.

Closing or reloading a page frees its kernel at once: the "hcgames" page template
gives the page the ``_xsrf`` cookie that Voila's shutdown request must carry (voila
issue 1458; see the template's comment). It used to be set here by a prelaunch hook,
but Voila refuses a prelaunch hook together with preheated kernels, which voila.json
now turns on for the play lessons. Culling (voila.json) stays the fallback for pages
that vanish without a goodbye.
"""

import os
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (traitlets config file)


def _installed_template(name: str) -> bool:
    from jupyter_core.paths import jupyter_path

    return any(Path(folder, name).is_dir() for folder in jupyter_path("voila", "templates"))


# The "hcgames" template: Voila's lab page without its Font Awesome CDN links (the
# icons come from Voila's own bundle). Only where it is installed, so that a plain
# ``voila notebooks`` still finds a template.
if _installed_template("hcgames"):
    c.VoilaConfiguration.template = "hcgames"

# Kernels talk to the server over Unix sockets, each with its own file, instead of TCP
# ports chosen at random. With TCP, kernels started at once (the pages made ready for
# the play lessons, or the 33 of ``tasks.py app --class 30``) could pick the same free
# port: that kernel died ("Address already in use") and Voila 0.5 then waited on it for
# ever with its whole server stopped (seen in a test run). Windows has no such sockets
# for ZeroMQ, so it keeps TCP.
if os.name != "nt":
    c.KernelManager.transport = "ipc"

# Pages of lessons without preheated kernels of their own take a kernel started ahead,
# its imports done (hcgames_server/warm_kernels.py): about a second sooner on the page. (On
# Binder, Voila runs inside Jupyter Server and uses the server's kernel manager, which
# binder/jupyter_server_config.json names.)
c.VoilaConfiguration.multi_kernel_manager_class = "hcgames_server.warm_kernels.WarmKernelManager"

# The standalone app's error pages for requests other than a lesson page (a page asking
# for the channels of a kernel that is gone, for one) are Jupyter Server's, which link its
# icon through ``static_url``: without a ``static_path`` setting, rendering them failed
# with a traceback in the log and no answer. The path is only read, never served here.
try:
    from jupyter_server import DEFAULT_STATIC_FILES_PATH

    c.Voila.tornado_settings = {"static_path": DEFAULT_STATIC_FILES_PATH}
except ImportError:  # pragma: no cover - Voila always comes with Jupyter Server
    pass
