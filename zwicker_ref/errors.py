"""One exception hierarchy for the whole package, and the stable error codes.

Every problem the package reports carries a code from :class:`ErrorCode`. Codes are part
of the public interface: they never change meaning and are never reused. Each one is
documented in ``docs/reference/errors.md`` (a test keeps the two in step).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass


class ErrorCode(enum.StrEnum):
    """Stable machine names of every problem the package can report."""

    # Reading files
    FILE_UNREADABLE = "file-unreadable"
    FILE_KIND_UNKNOWN = "file-kind-unknown"
    YAML_SYNTAX = "yaml-syntax"
    YAML_DUPLICATE_KEY = "yaml-duplicate-key"
    YAML_ALIAS_RECURSIVE = "yaml-alias-recursive"
    FILE_TOO_LARGE = "file-too-large"
    NESTING_TOO_DEEP = "nesting-too-deep"
    SCHEMA_VIOLATION = "schema-violation"
    # Writing files
    OUTPUT_EXISTS = "output-exists"
    OUTPUT_UNWRITABLE = "output-unwritable"
    FMT_COMMENT = "fmt-comment"
    FMT_DIFFERS = "fmt-differs"
    # Variant specs
    UNKNOWN_PARAMETER = "unknown-parameter"
    DUPLICATE_CLAUSE_ID = "duplicate-clause-id"
    DUPLICATE_PARAMETER = "duplicate-parameter"
    MISSING_PARAMETER = "missing-parameter"
    DUPLICATE_OPTION_ID = "duplicate-option-id"
    VARIANT_ID_MISMATCH = "variant-id-mismatch"
    PLAYER_COUNT_COVERAGE = "player-count-coverage"
    DUPLICATE_CARD = "duplicate-card"
    UNKNOWN_CARD = "unknown-card"
    DEAL_INCOMPLETE = "deal-incomplete"
    DEAL_OVERDRAWN = "deal-overdrawn"
    TOTAL_MISMATCH = "total-mismatch"
    UNKNOWN_SOURCE = "unknown-source"
    DUPLICATE_SOURCE = "duplicate-source"
    # Translations of the specs
    TRANSLATION_MISSING = "translation-missing"
    TRANSLATION_STALE = "translation-stale"
    TRANSLATION_MISMATCH = "translation-mismatch"
    TRANSLATION_UNKNOWN_CLAUSE = "translation-unknown-clause"
    TRANSLATION_MISPLACED = "translation-misplaced"
    # Looking things up
    UNKNOWN_VARIANT = "unknown-variant"
    UNKNOWN_OPTION = "unknown-option"
    UNKNOWN_CLAUSE = "unknown-clause"
    CONFLICTING_OPTIONS = "conflicting-options"
    UNSUPPORTED_PLAYER_COUNT = "unsupported-player-count"
    FILTER_MATCHES_NOTHING = "filter-matches-nothing"
    # Notation and positions
    BAD_CARD_NOTATION = "bad-card-notation"
    BAD_MOVE_NOTATION = "bad-move-notation"
    INVALID_POSITION = "invalid-position"
    INVALID_DECK_ORDER = "invalid-deck-order"
    INVALID_SEED = "invalid-seed"
    RECORD_MISMATCH = "record-mismatch"
    INVALID_MATCH = "invalid-match"
    DRAW_UNDECIDED = "draw-undecided"
    DUPLICATE_SCENARIO_ID = "duplicate-scenario-id"
    SKELETON_PLACEHOLDER = "skeleton-placeholder"
    SCENARIO_FAILED = "scenario-failed"
    FUZZ_REPORT_MISMATCH = "fuzz-report-mismatch"
    # The engine protocol
    BAD_REQUEST = "bad-request"
    UNSUPPORTED = "unsupported"
    ENGINE_FAULT = "engine-fault"
    # Illegal moves
    HAND_OVER = "hand-over"
    NOT_YOUR_TURN = "not-your-turn"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    ITEM_NOT_ON_TABLE = "item-not-on-table"
    ITEM_USED_TWICE = "item-used-twice"
    CAPTURE_TAKES_NOTHING = "capture-takes-nothing"
    VALUE_NOT_AVAILABLE = "value-not-available"
    GROUP_DOES_NOT_SUM = "group-does-not-sum"
    CAPTURE_DOES_NOT_ADD_UP = "capture-does-not-add-up"
    JOKER_CAPTURE_FORBIDDEN = "joker-capture-forbidden"
    SINGLE_CARD_BUILD_NOT_ALLOWED = "single-card-build-not-allowed"
    SUBTRACTION_NOT_ALLOWED = "subtraction-not-allowed"
    SUBTRACT_BELOW_ONE = "subtract-below-one"
    SAME_VALUE_NOT_ALLOWED = "same-value-not-allowed"
    BUILD_VALUE_UNREACHABLE = "build-value-unreachable"
    BUILD_ABOVE_MAXIMUM = "build-above-maximum"
    VALUE_NOT_HELD = "value-not-held"
    NO_PARTNER_BASIS = "no-partner-basis"
    OWNER_NOT_A_PARTNER = "owner-not-a-partner"
    OWNER_NOT_ALLOWED = "owner-not-allowed"
    OWNER_OBLIGATION_BROKEN = "owner-obligation-broken"


ILLEGAL_MOVE_CODES: frozenset[ErrorCode] = frozenset(
    {
        ErrorCode.HAND_OVER,
        ErrorCode.NOT_YOUR_TURN,
        ErrorCode.CARD_NOT_IN_HAND,
        ErrorCode.ITEM_NOT_ON_TABLE,
        ErrorCode.ITEM_USED_TWICE,
        ErrorCode.CAPTURE_TAKES_NOTHING,
        ErrorCode.VALUE_NOT_AVAILABLE,
        ErrorCode.GROUP_DOES_NOT_SUM,
        ErrorCode.CAPTURE_DOES_NOT_ADD_UP,
        ErrorCode.JOKER_CAPTURE_FORBIDDEN,
        ErrorCode.SINGLE_CARD_BUILD_NOT_ALLOWED,
        ErrorCode.SUBTRACTION_NOT_ALLOWED,
        ErrorCode.SUBTRACT_BELOW_ONE,
        ErrorCode.SAME_VALUE_NOT_ALLOWED,
        ErrorCode.BUILD_VALUE_UNREACHABLE,
        ErrorCode.BUILD_ABOVE_MAXIMUM,
        ErrorCode.VALUE_NOT_HELD,
        ErrorCode.NO_PARTNER_BASIS,
        ErrorCode.OWNER_NOT_A_PARTNER,
        ErrorCode.OWNER_NOT_ALLOWED,
        ErrorCode.OWNER_OBLIGATION_BROKEN,
    }
)
"""The codes a legality check can give a well-formed move (docs: "Illegal moves").

Listed one by one: a new illegal-move code is added here on purpose (a test checks that
every code the legality check raises is listed and documented).
"""

POSITION_CODES: tuple[ErrorCode, ...] = (
    ErrorCode.INVALID_POSITION,
    ErrorCode.SCHEMA_VIOLATION,
    ErrorCode.UNKNOWN_VARIANT,
    ErrorCode.UNKNOWN_OPTION,
    ErrorCode.CONFLICTING_OPTIONS,
    ErrorCode.UNSUPPORTED_PLAYER_COUNT,
)
"""The codes reading a position (a file, or a protocol request's) can give, the usual first.

The implementer's guide lists them from here; a test reads broken positions and checks
that no other code comes out.
"""


@dataclass(frozen=True, kw_only=True, slots=True)
class Problem:
    """One thing wrong with a file: where it is, what it is, and its stable code.

    ``path`` is the place inside the document, e.g. ``clauses[3].params["deal.schedule"]``;
    ``line`` is the 1-based line in the file where that place starts, when known.
    """

    code: ErrorCode
    message: str
    file: str | None = None
    path: str = ""
    line: int | None = None
    more: int = 0
    """Not 0: this problem stands for that many more of its code, not reported one by one
    (:data:`UNCOUNTED`: for more that were not looked for)."""
    open_ended: bool = False
    """With ``more``: the search stopped, so there may be more than ``more``."""

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        place = f" at {self.path}" if self.path else ""
        return f"{where}:{place} {self.message} [{self.code}]"


MAX_PROBLEMS_OF_A_KIND = 20
"""How many problems with one code in one file are reported one by one; the rest are counted."""


def bounded_problems(problems: Sequence[Problem]) -> tuple[Problem, ...]:
    """``problems`` with at most :data:`MAX_PROBLEMS_OF_A_KIND` of each code in each file.

    The ones past the limit are counted in one problem after the last one kept, with the
    same code and file: ``… and 262,140 more problems of this kind`` (its ``more`` field
    holds the number; summaries already among ``problems`` are added to it, and one that
    is ``open_ended`` makes the count a least one). A file of a million errors
    is reported in a few lines, as readably as a file of one.
    """
    counts: dict[tuple[str | None, ErrorCode], int] = {}
    more: dict[tuple[str | None, ErrorCode], int] = {}
    open_ended: set[tuple[str | None, ErrorCode]] = set()
    kept: list[Problem] = []
    last: dict[tuple[str | None, ErrorCode], int] = {}
    for problem in problems:
        kind = (problem.file, problem.code)
        if problem.more:
            if problem.open_ended:
                open_ended.add(kind)
            more[kind] = more.get(kind, 0) + max(problem.more, 0)
            continue
        count = counts[kind] = counts.get(kind, 0) + 1
        if count <= MAX_PROBLEMS_OF_A_KIND:
            kept.append(problem)
            last[kind] = len(kept)
        else:
            more[kind] = more.get(kind, 0) + 1
    for kind in open_ended:
        more.setdefault(kind, 0)
    for kind, extra in sorted(more.items(), key=lambda item: -last.get(item[0], 0)):
        summary = more_problems(kind[0], kind[1], extra, at_least=kind in open_ended)
        kept.insert(last.get(kind, len(kept)), summary)
    return tuple(kept)


UNCOUNTED = -1
"""The ``more`` of a problem that says others may follow, not looked for (not counted)."""


def more_problems(file: str | None, code: ErrorCode, count: int, at_least: bool = False) -> Problem:
    """The problem that stands for ``count`` more problems with ``code`` in ``file``.

    ``at_least``: the search stopped early, so there may be more than ``count``.
    """
    if at_least:
        message = f"… and at least {count:,} more problems of this kind (the search stopped)"
    else:
        message = f"… and {count:,} more problem{'s' if count != 1 else ''} of this kind"
    return Problem(
        code=code, message=message, file=file, more=count or UNCOUNTED, open_ended=at_least
    )


class ZwickerError(Exception):
    """Base of every error the package raises on purpose."""

    code: ErrorCode

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


class InvalidFileError(ZwickerError):
    """A file that cannot be used, with every problem found in it (not only the first)."""

    def __init__(self, file: str, problems: Sequence[Problem]) -> None:
        if not problems:
            raise ValueError("InvalidFileError needs at least one problem")
        self.file = file
        self.problems = bounded_problems(problems)
        count = len(problems)
        summary = f"{file}: {count} problem{'s' if count != 1 else ''}"
        super().__init__(self.problems[0].code, summary)

    def __str__(self) -> str:
        return "\n".join(str(problem) for problem in self.problems)


class NotationError(ZwickerError, ValueError):
    """Text that is not valid card (or later, move) notation."""


class IllegalMoveError(ZwickerError):
    """A well-formed move that the rules do not allow in the position.

    ``message`` says which rule the move breaks; ``position`` is the position in one line
    (:meth:`Position.compact`), when known, and is part of the error's text.
    """

    def __init__(self, code: ErrorCode, message: str, position: str | None = None) -> None:
        super().__init__(code, message)
        self.position = position

    def __str__(self) -> str:
        where = f"; in {self.position}" if self.position else ""
        return f"{self.message} [{self.code}]{where}"


class LookupProblem(ZwickerError, LookupError):
    """An unknown variant or option, or a player count a variant does not allow."""
