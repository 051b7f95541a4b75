"""The ``consensus`` console script: a thin door that keeps Ctrl-C during start-up tidy.

Importing the CLI pulls in SQLAlchemy, pydantic models and the backends, which takes a noticeable
moment; an interrupt during that moment should end the program quietly, like one at any other time.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> int:
    """Import the CLI and run it; exit 130 without a traceback when interrupted while loading."""
    try:
        from consensus.cli import main as cli_main
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    return cli_main()
