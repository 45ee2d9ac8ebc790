"""Deliberately broken specs are rejected with the right code, place and message.

Each case mutates a copy of the shipped Dithmarschen spec, writes it to a temporary
file and loads it. Every problem must name the file, the place and its line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import clause_of, raw_spec
from zwicker_ref.documents.yamlfile import parse_yaml
from zwicker_ref.errors import ErrorCode, InvalidFileError
from zwicker_ref.rules.spec_loader import load_variant_file

Mutation = Callable[[dict[str, Any]], None]


def params(data: dict[str, Any], clause_id: str) -> dict[str, Any]:
    return clause_of(data, clause_id)["params"]  # type: ignore[no-any-return]


def wrong_type(data: dict[str, Any]) -> None:
    params(data, "players.count")["players.counts"] = "four"


def unknown_parameter(data: dict[str, Any]) -> None:
    params(data, "build.holding")["build.maximum"] = 30


def duplicate_clause_id(data: dict[str, Any]) -> None:
    clause_of(data, "capture.sum")["id"] = "capture.match"


def deal_leaves_cards(data: dict[str, Any]) -> None:
    params(data, "deal.schedule")["deal.schedule"][0]["stages"][2] = [{"to": "each", "cards": 4}]


def deal_needs_more_cards(data: dict[str, Any]) -> None:
    params(data, "deal.schedule")["deal.schedule"][0]["stages"][2] = [{"to": "each", "cards": 6}]


def total_disagrees(data: dict[str, Any]) -> None:
    params(data, "score.cards")["score.cards"][3]["points"] = 4  # ten of diamonds 3 -> 4


def duplicate_parameter(data: dict[str, Any]) -> None:
    params(data, "build.single-card")["build.holding"] = False


def missing_parameter(data: dict[str, Any]) -> None:
    del params(data, "deal.schedule")["deal.final"]


def ruling_without_alternatives(data: dict[str, Any]) -> None:
    del clause_of(data, "capture.identity")["alternatives"]


def unknown_joker_scored(data: dict[str, Any]) -> None:
    params(data, "score.cards")["score.cards"][0]["cards"] = ["JK30"]


def card_scored_twice(data: dict[str, Any]) -> None:
    params(data, "score.cards")["score.cards"][4]["cards"] = ["10S", "10D"]


def bad_card_notation(data: dict[str, Any]) -> None:
    params(data, "score.cards")["score.cards"][3]["cards"] = ["D10"]


def pack_table_misses_a_count(data: dict[str, Any]) -> None:
    params(data, "deck.cards")["deck.packs"][0]["players"] = [3]


def partnership_at_disallowed_count(data: dict[str, Any]) -> None:
    params(data, "players.partnerships")["players.partnerships"] = [4, 6]


def broken_option(data: dict[str, Any]) -> None:
    option = clause_of(data, "deal.schedule")["alternatives"][0]
    option["params"]["deal.schedule"][0]["stages"][1] = [{"to": "each", "cards": 5}]


def duplicate_option(data: dict[str, Any]) -> None:
    alternatives = clause_of(data, "deal.schedule")["alternatives"]
    alternatives.append(dict(alternatives[0]))


def option_without_params(data: dict[str, Any]) -> None:
    del clause_of(data, "deal.schedule")["alternatives"][0]["params"]


def unknown_top_level_field(data: dict[str, Any]) -> None:
    data["rules"] = []


def uncited_clause(data: dict[str, Any]) -> None:
    clause_of(data, "capture.sum")["citations"] = []


def unknown_source(data: dict[str, Any]) -> None:
    clause_of(data, "capture.sum")["citations"][0]["source"] = "parlett.txt"


def unknown_variant_source(data: dict[str, Any]) -> None:
    data["sources"][0]["source"] = "parlett.txt"


def unknown_alternative_source(data: dict[str, Any]) -> None:
    clause_of(data, "capture.identity")["alternatives"][0]["citations"][0]["source"] = "x.txt"


CASES = [
    (wrong_type, ErrorCode.SCHEMA_VIOLATION, 'params["players.counts"]', "expected array"),
    (unknown_parameter, ErrorCode.UNKNOWN_PARAMETER, "params", "'build.maximum'"),
    (duplicate_clause_id, ErrorCode.DUPLICATE_CLAUSE_ID, ".id", "'capture.match' is already used"),
    (deal_leaves_cards, ErrorCode.DEAL_INCOMPLETE, 'params["deal.schedule"]', "4 are never dealt"),
    (deal_needs_more_cards, ErrorCode.DEAL_OVERDRAWN, 'params["deal.schedule"]', "needs 24 cards"),
    (total_disagrees, ErrorCode.TOTAL_MISMATCH, 'params["score.stated-total"]', "gives 31 points"),
    (duplicate_parameter, ErrorCode.DUPLICATE_PARAMETER, 'params["build.holding"]', "already set"),
    (missing_parameter, ErrorCode.MISSING_PARAMETER, "clauses", "'deal.final'"),
    (ruling_without_alternatives, ErrorCode.SCHEMA_VIOLATION, "clauses[", "alternatives"),
    (unknown_joker_scored, ErrorCode.UNKNOWN_CARD, 'params["score.cards"]', "JK30"),
    (card_scored_twice, ErrorCode.DUPLICATE_CARD, 'params["score.cards"]', "10D scores in both"),
    (bad_card_notation, ErrorCode.SCHEMA_VIOLATION, "cards[0]", "'D10' is not a card"),
    (
        pack_table_misses_a_count,
        ErrorCode.PLAYER_COUNT_COVERAGE,
        'params["deck.packs"]',
        "no entry for [4] players",
    ),
    (partnership_at_disallowed_count, ErrorCode.PLAYER_COUNT_COVERAGE, "partnerships", "[6]"),
    (broken_option, ErrorCode.DEAL_OVERDRAWN, "alternatives[0]", "with option draw-each-round"),
    (duplicate_option, ErrorCode.DUPLICATE_OPTION_ID, "alternatives[1].option", "draw-each-round"),
    (option_without_params, ErrorCode.SCHEMA_VIOLATION, "alternatives[0]", "params"),
    (unknown_top_level_field, ErrorCode.SCHEMA_VIOLATION, "", "'rules'"),
    (uncited_clause, ErrorCode.SCHEMA_VIOLATION, "citations", "should be non-empty"),
    (unknown_source, ErrorCode.UNKNOWN_SOURCE, "citations[0].source", "'parlett.txt' is not"),
    (unknown_variant_source, ErrorCode.UNKNOWN_SOURCE, "sources[0].source", "spec/sources.yaml"),
    (
        unknown_alternative_source,
        ErrorCode.UNKNOWN_SOURCE,
        "alternatives[0].citations[0].source",
        "'x.txt'",
    ),
]


@pytest.mark.parametrize(
    ("mutate", "code", "place", "words"), CASES, ids=[case[0].__name__ for case in CASES]
)
def test_broken_spec_is_rejected(
    write_spec: Callable[..., Path], mutate: Mutation, code: ErrorCode, place: str, words: str
) -> None:
    data = raw_spec("dithmarschen")
    mutate(data)
    path = write_spec(data)
    with pytest.raises(InvalidFileError) as caught:
        load_variant_file(path)
    matching = [
        problem
        for problem in caught.value.problems
        if problem.code is code and place in problem.path and words in problem.message
    ]
    assert matching, [str(problem) for problem in caught.value.problems]
    problem = matching[0]
    assert problem.file == str(path)
    assert problem.line is not None
    assert problem.line >= 1
    assert str(path) in str(problem)
    assert f"[{code}]" in str(problem)


def test_every_problem_is_reported_not_only_the_first(write_spec: Callable[..., Path]) -> None:
    data = raw_spec("dithmarschen")
    for mutate in (wrong_type, unknown_parameter, uncited_clause, duplicate_clause_id):
        mutate(data)
    with pytest.raises(InvalidFileError) as caught:
        load_variant_file(write_spec(data))
    codes = [problem.code for problem in caught.value.problems]
    assert codes.count(ErrorCode.SCHEMA_VIOLATION) >= 2
    assert ErrorCode.UNKNOWN_PARAMETER in codes
    assert ErrorCode.DUPLICATE_CLAUSE_ID in codes


def test_id_must_match_file_name(write_spec: Callable[..., Path]) -> None:
    path = write_spec(raw_spec("dithmarschen"), "dithmarschen-copy")
    with pytest.raises(InvalidFileError) as caught:
        load_variant_file(path)
    assert caught.value.problems[0].code is ErrorCode.VARIANT_ID_MISMATCH


def test_problem_lines_point_at_the_offending_place(write_spec: Callable[..., Path]) -> None:
    data = raw_spec("dithmarschen")
    unknown_parameter(data)
    path = write_spec(data)
    with pytest.raises(InvalidFileError) as caught:
        load_variant_file(path)
    problem = caught.value.problems[0]
    assert problem.line is not None
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "params:" in lines[problem.line - 1]


def test_duplicate_yaml_keys_are_an_error_not_a_silent_overwrite() -> None:
    with pytest.raises(InvalidFileError) as caught:
        parse_yaml("id: a\nname: b\nid: c\n", "x.yaml")
    problem = caught.value.problems[0]
    assert problem.code is ErrorCode.YAML_DUPLICATE_KEY
    assert problem.line == 3
    assert "first on line 1" in problem.message


def test_yaml_syntax_errors_name_the_line() -> None:
    with pytest.raises(InvalidFileError) as caught:
        parse_yaml("id: a\nclauses: [1, 2\nname: b\n", "x.yaml")
    problem = caught.value.problems[0]
    assert problem.code is ErrorCode.YAML_SYNTAX
    assert problem.line is not None
    assert problem.line >= 2


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidFileError) as caught:
        load_variant_file(tmp_path / "nothing.yaml")
    assert caught.value.problems[0].code is ErrorCode.FILE_UNREADABLE


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("id: gro\xdfenwiehe\n".encode("latin-1"))
    with pytest.raises(InvalidFileError) as caught:
        load_variant_file(path)
    assert caught.value.problems[0].code is ErrorCode.FILE_UNREADABLE


def test_a_parameter_the_package_reads_but_the_schema_lacks(
    write_spec: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout's spec older than the package: reported, not a ``KeyError``."""
    from zwicker_ref.rules import spec_loader

    names = tuple(name for name in spec_loader.parameter_names() if name != "match.tie")
    monkeypatch.setattr(spec_loader, "parameter_names", lambda: names)
    data = raw_spec("dithmarschen")
    del clause_of(data, "match.tie")["params"]
    with pytest.raises(InvalidFileError) as caught:
        load_variant_file(write_spec(data))
    (problem,) = caught.value.problems
    assert problem.code is ErrorCode.MISSING_PARAMETER
    assert "'match.tie'" in problem.message
    assert "older than the package" in problem.message
