"""``python -m consensus``."""

import sys

from consensus.entry import main

sys.exit(main())
