"""``python -m zwicker_ref.cli``: the ``zwicker`` command."""

import sys

from zwicker_ref.cli import main

sys.exit(main())
