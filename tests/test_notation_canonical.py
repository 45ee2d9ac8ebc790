"""The quick reader of canonical moves agrees with the full reader, move for move.

``parse_move`` first tries ``_canonical`` (trails, plain captures and builds exactly as
``format_move`` writes them, remembered), and only then the full reader of text written
by people. The quick reader may decline any text, but a move it returns must be the one
the full reader returns, with every field (seat, value and groups included).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import NOTATION_CHARACTERS, NOTATION_TEXT, edited
from zwicker_ref.conformance.reference import REFERENCE
from zwicker_ref.conformance.scenarios import load_scenario
from zwicker_ref.documents.locations import scenarios_dir
from zwicker_ref.errors import NotationError
from zwicker_ref.formats.notation import (
    _canonical,
    _parse_written,
    canonical_spelling,
    canonical_spellings,
    format_move,
    format_moves,
    parse_move,
)

# Positions whose legal moves are trails, captures of many items, and builds with and
# without targets and owners.
SOURCES = [
    "christiansen/build/owner-keeps-card.yaml",
    "classic/generator/perft-three-ply.yaml",
    "zwick/generator/club-seven-never-takes-ace.yaml",
    "dithmarschen/capture/jack-sweeps-the-table.yaml",
    "christiansen/perft/3p-middle.yaml",
]


@cache
def canonical_texts() -> list[str]:
    texts: list[str] = []
    for name in SOURCES:
        position = load_scenario(scenarios_dir() / name).position
        assert position is not None
        texts += format_moves(REFERENCE.legal(position))
    return texts


def _full(text: str) -> str:
    try:
        return repr(_parse_written(text))
    except NotationError as error:
        return f"error: {error}"


def test_the_sources_list_every_kind_of_move() -> None:
    texts = canonical_texts()
    assert any(" x " in text for text in texts)
    assert any(">" in text for text in texts)
    assert any("=" in text and ">" not in text for text in texts)
    assert any("@" in text for text in texts)


def test_every_canonical_move_is_read_quickly_and_the_same() -> None:
    for text in canonical_texts():
        quick = _canonical(text)
        assert quick is not None, text
        assert repr(quick) == _full(text)


@given(
    NOTATION_TEXT
    | st.sampled_from(["AS\n", "AS>KS=5\n", "AS\t>KS=5", "AS=05", "AS=5@01", "AS x AS", "=5"])
    | st.builds(
        lambda texts, index: texts[index % len(texts)],
        st.just(canonical_texts()),
        st.integers(min_value=0),
    ).flatmap(lambda text: edited(text, NOTATION_CHARACTERS + "\n\t#"))
)
def test_a_move_read_quickly_is_the_one_the_full_reader_reads(text: str) -> None:
    quick = _canonical(text)
    if quick is not None:
        assert repr(quick) == _full(text)
    assert _spelling(canonical_spelling, text) == _spelling(
        lambda written: format_move(parse_move(written)), text
    )


def _spelling(spell: Callable[[str], str], text: str) -> str:
    try:
        return spell(text)
    except NotationError as error:
        return f"error: {error}"


def test_the_canonical_spelling_is_checked_without_building_the_move() -> None:
    """What an engine's ``legal`` answer is compared by (``TextEngine``)."""
    for text in canonical_texts():
        assert canonical_spelling(text) == text
    assert canonical_spelling("KS x QS AD") == "KS x AD QS"
    assert canonical_spelling("KS=13 x QS") == "KS x QS"
    for text in ("KS x AD AD", "AS\n", "KS x", "AS=05", ""):
        assert _spelling(canonical_spelling, text).startswith("error: ")


@given(
    st.lists(
        st.sampled_from(canonical_texts())
        | st.sampled_from(["KS x QS AD", "KS x AD AD", "KS x AD QS ", "KS y x AD", "KS  x AD"])
        | st.builds(
            lambda texts, index: texts[index % len(texts)],
            st.just(canonical_texts()),
            st.integers(min_value=0),
        ).flatmap(lambda text: edited(text, NOTATION_CHARACTERS + "\n\t#")),
        max_size=30,
    )
)
def test_a_listing_is_spelt_as_each_of_its_moves_is(texts: list[str]) -> None:
    """``canonical_spellings`` checks each items part once; the result is the same."""
    assert _spellings(canonical_spellings, texts) == _spellings(
        lambda each: [canonical_spelling(text) for text in each], texts
    )


def _spellings(spell: Callable[[list[str]], list[str]], texts: list[str]) -> list[str] | str:
    try:
        return spell(texts)
    except NotationError as error:
        return f"error: {error}"
