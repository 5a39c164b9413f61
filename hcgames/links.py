"""The teaching notebooks and their Binder links (and links for a school's own JupyterHub).

``python -m hcgames links --repo OWNER/NAME --ref REF`` prints, for every notebook,
a link that opens it in JupyterLab and one that opens it as an app in Voila.
Link a tag (``--ref v1.0``) rather than a branch, so the lesson does not change
under a class.

``--hub https://hub.example.school`` adds nbgitpuller links for a school's own JupyterHub
(The Littlest JupyterHub, or a district's): the first click copies the repository into
the student's home folder on the hub (folder named after the repository), later clicks
update it, and both open the lesson.
"""

from __future__ import annotations

from urllib.parse import quote

__all__ = ["LESSON_SERIES", "NOTEBOOKS", "binder_links", "hub_links", "lesson_title"]

#: each game's series of lessons, in teaching order: the first digit of its notebooks'
#: numbers -> the game id (the index page, the handouts and the tests read this one table)
LESSON_SERIES: dict[str, str] = {
    "1": "conqueror-duels",
    "2": "classical-conquests",
    "3": "conquest-1972",
    "4": "conquest-of-speros",
    "5": "historical-conquest",
}

#: (file name, title) of every notebook, in teaching order.
NOTEBOOKS: tuple[tuple[str, str], ...] = (
    ("00-index.ipynb", "Start here: the games and how to use these lessons"),
    ("10-duels-a-round.ipynb", "Conqueror: Duels - a whole round on the map"),
    ("11-duels-battles.ipynb", "Conqueror: Duels - the mathematics of battle"),
    ("12-duels-history.ipynb", "Conqueror: Duels - the history behind the scenarios"),
    ("13-duels-play.ipynb", "Conqueror: Duels - play a scenario, simulate a thousand"),
    ("14-duels-scenario-rules.ipynb", "Conqueror: Duels - food, rallies and each scenario's rules"),
    ("20-classical-a-turn.ipynb", "Classical Conquests - one turn, phase by phase"),
    ("21-classical-economy-and-research.ipynb", "Classical Conquests - economy and research"),
    ("22-classical-battles.ipynb", "Classical Conquests - battles by the numbers"),
    ("23-classical-civilizations.ipynb", "Classical Conquests - the twelve peoples"),
    ("24-classical-play.ipynb", "Classical Conquests - play and watch"),
    ("30-conquest-board-and-moves.ipynb", "CONQUEST (1972) - the board and how pieces move"),
    ("31-conquest-capture-and-recapture.ipynb", "CONQUEST (1972) - capture and recapture"),
    ("32-conquest-puzzles.ipynb", "CONQUEST (1972) - tactical puzzles"),
    ("33-conquest-history.ipynb", "CONQUEST (1972) - the history behind the pieces"),
    ("34-conquest-play.ipynb", "CONQUEST (1972) - play against the computer"),
    ("40-speros-a-turn.ipynb", "Conquest of Speros - one turn at the table"),
    ("41-speros-majority.ipynb", "Conquest of Speros - achieving and demonstrating majority"),
    ("42-speros-scoring.ipynb", "Conquest of Speros - scoring a finished game"),
    ("43-speros-world.ipynb", "Conquest of Speros - the four peoples and their lands"),
    (
        "44-speros-play.ipynb",
        "Conquest of Speros - play against the computer, then ask which strategy wins",
    ),
    ("50-historical-cards.ipynb", "Historical Conquest - the cards and their history"),
    ("51-historical-a-turn.ipynb", "Historical Conquest - the playing area and one turn"),
    ("52-historical-battles-and-morale.ipynb", "Historical Conquest - battles and morale"),
    ("53-historical-world-map.ipynb", "Historical Conquest - lands on the world map"),
    ("54-historical-play.ipynb", "Historical Conquest - play against the computer"),
)


def lesson_title(lesson: str) -> str:
    """A lesson's title from its notebook name ("12-duels-history"), or the name itself.

    >>> lesson_title("12-duels-history")
    'Conqueror: Duels - the history behind the scenarios'
    """
    for filename, title in NOTEBOOKS:
        if filename.removesuffix(".ipynb") == lesson:
            return title
    return lesson


def _rows(link: str, folder: str) -> list[dict[str, str]]:
    """A JupyterLab and a Voila link per notebook: ``link`` ends where ``urlpath=`` goes,
    ``folder`` is where the notebooks folder stands in the server's tree."""
    rows = []
    for filename, title in NOTEBOOKS:
        path = f"{folder}notebooks/{filename}"
        rows.append(
            {
                "notebook": filename,
                "title": title,
                "lab": f"{link}urlpath={quote('lab/tree/' + path, safe='')}",
                "voila": f"{link}urlpath={quote('voila/render/' + path, safe='')}",
            }
        )
    return rows


def binder_links(repo: str, ref: str = "main") -> list[dict[str, str]]:
    """JupyterLab and Voila links on mybinder.org for every notebook."""
    _check_repo(repo)
    return _rows(f"https://mybinder.org/v2/gh/{repo}/{quote(ref, safe='')}?", "")


def _check_repo(repo: str) -> None:
    if repo.count("/") != 1 or not all(repo.split("/")):
        raise ValueError(f"--repo must look like OWNER/NAME, not {repo!r}")


def hub_links(repo: str, ref: str, hub: str, git: str | None = None) -> list[dict[str, str]]:
    """nbgitpuller links on a JupyterHub for every notebook (the hub needs nbgitpuller).

    ``git``: where the hub clones the lessons from, when not GitHub's ``OWNER/NAME`` (a
    school's own git server); the students' folder is still named after ``NAME``.

    >>> row = hub_links("hcgames/hcgames", "v0.1.0", "https://hub.example.org/")[1]
    >>> row["voila"].split("?")[0]
    'https://hub.example.org/hub/user-redirect/git-pull'
    >>> "urlpath=voila%2Frender%2Fhcgames%2Fnotebooks%2F10-duels-a-round.ipynb" in row["voila"]
    True
    """
    _check_repo(repo)
    hub = hub.strip().rstrip("/")
    if not hub.startswith(("https://", "http://")):
        raise ValueError(f"--hub must be the hub's address starting https://, not {hub!r}")
    git = quote(git or f"https://github.com/{repo}", safe="")
    pull = f"{hub}/hub/user-redirect/git-pull?repo={git}&branch={quote(ref, safe='')}&"
    return _rows(pull, repo.split("/")[1] + "/")
