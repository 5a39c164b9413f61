"""How much of a server one student takes, from measured lesson pages, and how many
students a hub's machine (a Kubernetes node, or The Littlest JupyterHub's one server)
holds. The figures are this project's measurements on the 2-core reference machine
(``bench/bench_kernels.py`` and a Jupyter Server with Voila serving lessons 13 and 21);
docs/teachers/README.md prints the table and deploy/zero-to-jupyterhub/config.yaml uses
the same sizes (tests/test_hub_deploy.py keeps them in step).
"""

from __future__ import annotations

#: a student's Jupyter server with the Voila extension, two lesson pages served (MB)
SERVER_MB = 120
#: the warm kernel each server keeps ready for the next page (MB)
WARM_KERNEL_MB = 110
#: one open lesson page's kernel, widgets drawn (MB; 108-117 over the lessons)
PAGE_MB = 115
#: memory a node keeps for Kubernetes, the hub, its proxy and the system (GB)
NODE_RESERVED_GB = 1.5


def student_mb(pages: int) -> int:
    """One student's server with ``pages`` lesson pages open."""
    return SERVER_MB + WARM_KERNEL_MB + pages * PAGE_MB


def guarantee_mb() -> int:
    """Memory kept for each student: the server, its warm kernel and two pages, rounded
    up to 128 MB (Kubernetes places servers by this figure)."""
    return -(-student_mb(2) // 128) * 128


def limit_mb() -> int:
    """Most a student's server may use: six pages open, rounded up to a whole GB."""
    return -(-student_mb(6) // 1024) * 1024


def students_per_node(node_gb: float) -> int:
    """Students whose servers a node of ``node_gb`` GB holds, at :func:`guarantee_mb` each.

    >>> students_per_node(16)
    29
    """
    return int((node_gb - NODE_RESERVED_GB) * 1024 // guarantee_mb())
