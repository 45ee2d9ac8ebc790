"""The lists of the implementer's guide that come from the code, so they cannot drift.

``docs/implementers.md`` marks each such list with HTML comments, which neither the
repository's Markdown view nor the site shows::

    A seat other than the one to move is <!-- list: seat-code -->`not-your-turn`<!-- end -->.

:func:`filled` rewrites what stands between the marks from the code (the error codes of
:mod:`zwicker_ref.errors`); ``python -m zwicker_ref.site.guide_lists`` rewrites the guide,
and a test fails while the guide differs from what it would write.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from zwicker_ref.errors import ILLEGAL_MOVE_CODES, POSITION_CODES, ErrorCode

_LIST = re.compile(r"(<!-- list: (?P<name>[a-z-]+) -->)(?P<body>.*?)(<!-- end -->)", re.DOTALL)


def _codes(codes: list[ErrorCode] | tuple[ErrorCode, ...]) -> str:
    return ", ".join(f"`{code}`" for code in codes)


def guide_lists() -> dict[str, str]:
    """Every list the guide may mark, by name, as it stands in the guide."""
    illegal = [code for code in ErrorCode if code in ILLEGAL_MOVE_CODES]  # the check's order
    return {
        "seat-code": f"`{ErrorCode.NOT_YOUR_TURN}`",
        "hand-over-code": f"`{ErrorCode.HAND_OVER}`",
        "illegal-move-codes": _codes(illegal),
        "position-codes": _codes(POSITION_CODES),
        "request-code": f"`{ErrorCode.BAD_REQUEST}`",
    }


def filled(text: str) -> str:
    """``text`` with every marked list rewritten from the code.

    An unknown list name raises :class:`ValueError` naming it.
    """
    lists = guide_lists()

    def fill(found: re.Match[str]) -> str:
        name = found.group("name")
        if name not in lists:
            known = ", ".join(sorted(lists))
            raise ValueError(f"the guide marks an unknown list {name!r}; the lists: {known}")
        return f"{found.group(1)}{lists[name]}{found.group(4)}"

    return _LIST.sub(fill, text)


def marked(text: str) -> list[str]:
    """The names of the lists ``text`` marks, in order."""
    return [found.group("name") for found in _LIST.finditer(text)]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the guide (``docs/implementers.md``, or the file named) from the code."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else Path("docs") / "implementers.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(filled(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
