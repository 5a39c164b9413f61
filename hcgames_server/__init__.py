"""The lessons' server: what a Jupyter server needs to show hcgames' notebooks to a
class, beside the games (the rules in :mod:`hcgames` never import it or Jupyter).

* :mod:`hcgames_server.server_setup`: ``python -m hcgames server-setup``, every setting
  written into the environment the server runs in;
* :mod:`hcgames_server.warm_kernels`: the kernel manager that keeps a kernel started
  ahead and never culls a page kept ready;
* :mod:`hcgames_server.tljh`: the plugin for The Littlest JupyterHub.
"""
