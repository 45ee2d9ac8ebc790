"""The program an engine command line starts, found as a user expects.

``zwicker conform --engine "zwicker serve"`` should work as written, also when the
virtual environment that holds ``zwicker`` is not on ``PATH`` (the command was run as
``.venv/bin/zwicker``). A program named without a directory is looked up on ``PATH``
first, as a shell would; if it is not there, the directory of the running Python (a
virtual environment's ``bin``, where the package's own commands are) is tried next.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path


def engine_argv(command: str) -> list[str]:
    """The words of ``command``, its program found on ``PATH`` or beside the running Python.

    ``ValueError`` if the command cannot be split into words (an unclosed quote).
    """
    words = shlex.split(command)
    if not words or os.sep in words[0] or (os.altsep and os.altsep in words[0]):
        return words
    if shutil.which(words[0]) is None:
        beside = Path(sys.executable).parent / words[0]
        if shutil.which(str(beside)) is not None:
            words[0] = str(beside)
    return words
