"""The client reads every text of a ``legal`` answer.

``ProcessEngine._listed`` reads each text (a non-canonical one respelled, one that is not
a move refused) and names the place of a value that is not text; the first problem in the
list is the one reported. Any quicker way of reading a listing must keep this.
"""

from __future__ import annotations

from typing import Any

import pytest

from zwicker_ref.errors import ZwickerError
from zwicker_ref.formats.notation import canonical_spelling, canonical_spellings, parse_move
from zwicker_ref.protocol import ProcessEngine


def listed(moves: list[Any], read: Any = canonical_spelling, read_all: Any = None) -> list[Any]:
    engine = ProcessEngine("never started")  # _listed sends nothing
    return engine._listed({"moves": moves}, read, read_all)


@pytest.mark.parametrize("read_all", [None, canonical_spellings])
def test_canonical_texts_are_kept_and_others_respelled(read_all: Any) -> None:
    assert listed(["KS x AD QS", "KS x QS AD", "5D", "5D=9"], canonical_spelling, read_all) == [
        "KS x AD QS",
        "KS x AD QS",
        "5D",
        "5D=9",
    ]
    assert listed(["KS x QS AD"], parse_move) == [parse_move("KS x AD QS")]


@pytest.mark.parametrize(
    ("moves", "problem"),
    [
        (["5D", "ZZ"], "'ZZ' is not a card"),
        (["5D", 7], "moves[1]"),
        (["5D", "ZZ", 7], "'ZZ' is not a card"),  # the first problem, not the non-text
        (["5D", 7, "ZZ"], "moves[1]"),
        (["KS x AD AD"], "AD"),  # an item twice
    ],
)
@pytest.mark.parametrize("read_all", [None, canonical_spellings])
def test_the_first_wrong_value_is_refused_and_named(
    moves: list[Any], problem: str, read_all: Any
) -> None:
    with pytest.raises(ZwickerError, match="invalid move in answer to legal") as raised:
        listed(moves, canonical_spelling, read_all)
    assert problem in str(raised.value)
