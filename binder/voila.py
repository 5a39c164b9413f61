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

No preheated kernels (issue 25, item 3): Voila 0.5.13 refuses to start with both a
prelaunch hook and ``VoilaConfiguration.preheat_kernel`` ("`preheat_kernel` and
`prelaunch_hook` are incompatible", voila/app.py): Voila calls the hook only when it
starts a kernel for a request, and a preheated kernel is started and its page rendered
before any request. Without the hook a closed page's kernel would again live until
culled. On Binder preheating would do nothing anyway: Voila as a Jupyter Server
extension uses the server's kernel manager, which has no pools (voila/handler.py then
takes a pool size of 0). Were the cookie set another way, the play pages alone would
be preheated in voila.json with
``"VoilaConfiguration": {"preheat_kernel": true, "default_pool_size": 0}`` and
``"VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": 0},
"13-duels-play.ipynb": {"pool_size": 3}, ...}}`` (measured that way, without this
hook, in docs/teachers/README.md).
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
