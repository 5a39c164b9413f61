"""Voila settings that need Python (the others are in voila.json at the project root).

The app of ``python3 tasks.py app`` reads this file (tasks.py adds this folder to
``Voila.config_file_paths``); on Binder, ``binder/postBuild`` copies it where Jupyter
Server's Voila extension reads it (``<env>/etc/jupyter/voila.py``). It must not sit at
the project root: a ``voila.py`` there would hide the voila package from Python.

Closing or reloading a page: Voila's page posts ``/voila/api/shutdown/<kernel>`` with
the ``_xsrf`` cookie's value, so that the kernel goes at once. Voila 0.5's page handler
never sets that cookie, so the post carried an empty token and the server refused it
(403 "'_xsrf' argument missing from POST", voila-dashboards/voila issue 1458): kernels
lived on until culled, minutes later. Reading the handler's ``xsrf_token`` before the
kernel starts makes tornado set the cookie on the page response; the shutdown post then
passes the ordinary XSRF check, which stays on. Culling (voila.json) stays the fallback
for pages that vanish without a goodbye.
"""

from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (traitlets config file)


def _set_xsrf_cookie(req_handler, notebook, cwd):  # type: ignore[no-untyped-def]
    """Voila's prelaunch hook: give the page its ``_xsrf`` cookie; the notebook is unchanged."""
    req_handler.xsrf_token  # noqa: B018  (reading it sets the cookie)
    return None


c.VoilaConfiguration.prelaunch_hook = _set_xsrf_cookie


def _installed_template(name: str) -> bool:
    from jupyter_core.paths import jupyter_path

    return any(Path(folder, name).is_dir() for folder in jupyter_path("voila", "templates"))


# The "hcgames" template: Voila's lab page without its Font Awesome CDN links (the
# icons come from Voila's own bundle). Only where it is installed, so that a plain
# ``voila notebooks`` still finds a template.
if _installed_template("hcgames"):
    c.VoilaConfiguration.template = "hcgames"
