"""``python -m consensus``."""

import sys

from consensus.cli import main

sys.exit(main())
