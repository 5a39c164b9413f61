"""``python -m hcgames``: see :mod:`hcgames.cli`."""

from hcgames.cli import main

raise SystemExit(main())
