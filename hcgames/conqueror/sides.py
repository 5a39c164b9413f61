"""Who may hold a territory besides the two players.

Sides 0 and 1 are the players (0 acts first). Territory owners also take two more
values: the independent armies, which hold land but never act, and nobody.
"""

__all__ = ["INDEPENDENT", "NOBODY"]

NOBODY = -1
INDEPENDENT = 2
