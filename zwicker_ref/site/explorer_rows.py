"""For the grid's rows about play where the variants differ: a position where they visibly do.

A "differs" row of the grid (``grid.py``) states that the variants' rules differ; the
explorer shows it. :func:`disagreements` finds, for each such row of the play topics,
a corpus example that exercises the clause and whose position the variants answer
differently: not the same legal moves, or not the same position after the example's
first move (what is captured, zwicks, whose turn). :func:`explore_link_html` is the link
the grid puts in the row.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from zwicker_ref.conformance.scenarios import Scenario
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import play
from zwicker_ref.errors import ZwickerError
from zwicker_ref.formats.notation import format_move, parse_move
from zwicker_ref.formats.position_io import position_to_data
from zwicker_ref.rules.variant import Variant
from zwicker_ref.site.explorer_answers import Column, position_under
from zwicker_ref.site.explorer_bundle import first_move
from zwicker_ref.site.labels import Language, label

PLAY_TOPICS = ("values", "capture", "build", "trail", "zwick")
"""The grid's topics about play: their differing rows link to the explorer."""

Explore = tuple[str, tuple[str, ...]]
"""An example id and the options (``variant:option``) the explorer shows as extra columns."""

LARGEST = 2000
"""Positions with more legal moves than this in a variant are passed over (build time)."""


def _answers(scenario: Scenario, columns: Sequence[Column]) -> list[object] | None:
    """What each column admitting the example's position answers to it, or None."""
    position = scenario.position
    if position is None:
        return None
    data = json.dumps(position_to_data(position), sort_keys=True)
    move = first_move(scenario)
    answers: list[object] = []
    for column in columns:
        try:
            under = position_under(data, column)
            moves = legal_moves(under)
            if len(moves) > LARGEST:
                return None
            listed = tuple(format_move(m) for m in moves)
        except ZwickerError:
            continue
        after: object = None
        if move is not None:
            try:
                played = play(under, parse_move(move))
                after = (played.to_move, played.zwicks, tuple(map(len, played.captured)))
            except ZwickerError as error:
                after = str(error.code)
        answers.append((listed, after))
    return answers


def disagreements(
    variants: Sequence[Variant], scenarios: Iterable[Scenario], clause_ids: Iterable[str]
) -> dict[str, Explore]:
    """For each clause id of a play topic: an example the variants answer differently.

    The example's id, and the options (``variant:option``) to show as extra columns: none
    where the variants as they stand disagree, else the example's variant with each of
    its options (a rule only an option changes, such as Grupp's lone joker).
    """
    wanted = [c for c in clause_ids if c.split(".", 1)[0] in PLAY_TOPICS]
    by_clause: dict[str, list[Scenario]] = {}
    for scenario in scenarios:
        if scenario.position is None:
            continue
        for clause in scenario.clauses:
            by_clause.setdefault(clause, []).append(scenario)
    plain: list[Column] = [(variant.id, ()) for variant in variants]
    found: dict[str, Explore] = {}
    for clause_id in wanted:
        candidates = sorted(
            by_clause.get(clause_id, ()),
            key=lambda s: (s.clauses.index(clause_id), s.id),
        )
        found_here = _first_disagreeing(candidates, plain, ())
        if found_here is None:
            for scenario in candidates:
                options = tuple(o.id for o in scenario.variant.options)
                extra = [(scenario.variant.id, (option,)) for option in options]
                shown = tuple(f"{scenario.variant.id}:{option}" for option in options)
                if extra and _first_disagreeing([scenario], [*plain, *extra], shown):
                    found_here = (scenario.id, shown)
                    break
        if found_here is not None:
            found[clause_id] = found_here
    return found


def _first_disagreeing(
    candidates: Sequence[Scenario], columns: Sequence[Column], shown: tuple[str, ...]
) -> Explore | None:
    for scenario in candidates:
        answers = _answers(scenario, columns)
        if answers is not None and len(answers) > 1 and len(set(map(repr, answers))) > 1:
            return scenario.id, shown
    return None


def explore_link_html(
    found: Explore | None, to_root: str = "../", language: Language = "en"
) -> str:
    """The grid row's link to the explorer, opening the example (nothing without one)."""
    if found is None:
        return ""
    example_id, options = found
    extra = f"&amp;options={','.join(options)}" if options else ""
    href = f"{to_root}explorer/?example={example_id}&amp;differences=1{extra}"
    title = label(language, "grid.explore.title", example=example_id)
    text = label(language, "grid.explore")
    return f' <a class="zc-explore" href="{href}" title="{title}">{text}</a>'
