"""``python -m meeple`` runs the ``meeple`` command."""

from meeple.cli import main

main()
