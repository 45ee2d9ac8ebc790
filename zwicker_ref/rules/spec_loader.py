"""Loading variant specs: YAML -> schema check -> consistency checks -> :class:`Variant`.

Every problem in a file is collected and reported together, each with its file, its
place in the document (and line) and a stable :class:`~zwicker_ref.errors.ErrorCode`.
Beyond the JSON Schema, a spec must be consistent: unique clause ids, each parameter set
by exactly one clause, every per-player-count table covering exactly the allowed counts,
a deal schedule that uses up the deck, and a score table whose check total equals the
total the sources state. Each option (and each compatible combination of options) is
checked the same way.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from zwicker_ref.documents.locations import spec_dir
from zwicker_ref.documents.schemas import schema, schema_problems
from zwicker_ref.documents.yamlfile import DocPath, YamlDocument, checked, read_yaml
from zwicker_ref.errors import ErrorCode, LookupProblem, Problem
from zwicker_ref.rules.cards import Card, Rank
from zwicker_ref.rules.check_total import check_total
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.match_rules import match_rules_from_params
from zwicker_ref.rules.sources import unknown_sources
from zwicker_ref.rules.variant import (
    Alternative,
    BuildOperation,
    ByPlayers,
    Citation,
    Clause,
    DealFinal,
    DealSchedule,
    DealStep,
    DealTarget,
    DealTiming,
    JokerSpec,
    LoneJoker,
    Option,
    PartnerBasis,
    Rules,
    ScoreLine,
    SourceRole,
    SpecialCard,
    StatedTotal,
    Status,
    Sweep,
    TableJokers,
    Variant,
    ZwickCancellation,
)

# Parameters a variant may leave out, and the value they then have.
PARAMETER_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        "values.special-cards": [],
        "deal.timing": "hands-empty",
        "capture.lone-joker": "any-card",
        "capture.table-jokers": "capturable",
        "zwick.joker-counts": True,
    }
)

Locate = Callable[[str], DocPath]


def parameter_names() -> tuple[str, ...]:
    """Every parameter a clause may set, as the variant schema defines them."""
    params = schema("variant")["$defs"]["params"]["properties"]
    return tuple(sorted(params))


def variants_dir() -> Path:
    """The directory of the shipped variant specs."""
    return spec_dir() / "variants"


def variant_ids() -> tuple[str, ...]:
    """The ids of the shipped variants, sorted."""
    return tuple(sorted(path.stem for path in variants_dir().glob("*.yaml")))


@functools.cache
def load_variant(variant_id: str) -> Variant:
    """The shipped variant ``variant_id``; :class:`LookupProblem` if there is none."""
    if variant_id not in variant_ids():
        raise LookupProblem(
            ErrorCode.UNKNOWN_VARIANT,
            f"no variant {variant_id!r}; the variants are: {', '.join(variant_ids())}",
        )
    return load_variant_file(variants_dir() / f"{variant_id}.yaml")


def load_variant_file(path: Path, display_name: str | None = None) -> Variant:
    """Read and check one variant spec file; raise :class:`InvalidFileError` if it is not valid."""
    return checked(
        read_yaml(path, display_name),
        functools.partial(check_variant_document, expected_id=path.stem),
    )


def check_variant_document(
    document: YamlDocument, expected_id: str | None = None
) -> tuple[Variant | None, list[Problem]]:
    """Check a parsed spec; return the variant (if it is valid) and every problem found."""
    problems = schema_problems(document, "variant")
    data = document.data
    if not isinstance(data, dict):
        return None, problems
    raw_clauses = data.get("clauses")
    clauses: list[Any] = raw_clauses if isinstance(raw_clauses, list) else []
    problems += _duplicate_clause_ids(document, clauses)
    problems += unknown_sources(document, _cited_sources(data, clauses))
    locations, param_problems = _collect_parameters(document, clauses)
    problems += param_problems
    if problems:
        return None, problems
    if expected_id is not None and data["id"] != expected_id:
        problems.append(
            document.problem(
                ErrorCode.VARIANT_ID_MISMATCH,
                f"id {data['id']!r} differs from the file name {expected_id + '.yaml'!r}",
                ("id",),
            )
        )
    params = {name: value for name, (value, _path) in locations.items()}
    missing = [
        name for name in parameter_names() if name not in params and name not in PARAMETER_DEFAULTS
    ]
    for name in missing:
        problems.append(
            document.problem(
                ErrorCode.MISSING_PARAMETER,
                f"no clause sets the parameter {name!r}",
                ("clauses",),
            )
        )
    if missing:
        return None, problems
    options, option_problems = _collect_options(document, clauses)
    problems += option_problems

    def locate_default(name: str) -> DocPath:
        return locations[name][1] if name in locations else ("clauses",)

    try:
        rules = rules_from_params({**PARAMETER_DEFAULTS, **params})
    except KeyError as error:
        # A checkout's spec older than the installed package: its schema lacks a parameter
        # the package reads, so the schema check above could not notice it is missing.
        problems.append(
            document.problem(
                ErrorCode.MISSING_PARAMETER,
                f"no clause sets the parameter {error.args[0]!r}, which this version of "
                "zwicker_ref needs; is the spec older than the package?",
                ("clauses",),
            )
        )
        return None, problems
    problems += [
        document.problem(code, message, path)
        for code, message, path in rules_problems(rules, locate_default)
    ]
    option_rules: dict[frozenset[str], Rules] = {frozenset(): rules}
    for size in range(1, len(options) + 1):
        for combination in itertools.combinations(options, size):
            changed = [name for _path, option in combination for name in option.params]
            if len(changed) != len(set(changed)):
                continue  # options that set the same parameter cannot be combined
            merged = dict(params)
            option_paths: dict[str, DocPath] = {}
            for path, option in combination:
                merged.update(option.params)
                option_paths.update({name: (*path, "params", name) for name in option.params})
            combined = rules_from_params({**PARAMETER_DEFAULTS, **merged})
            names = frozenset(option.id for _path, option in combination)
            label = "with option" + ("s " if size > 1 else " ") + ", ".join(sorted(names))

            def locate_option(name: str, paths: dict[str, DocPath] = option_paths) -> DocPath:
                return paths.get(name) or locate_default(name)

            for code, message, path in rules_problems(combined, locate_option):
                problem = document.problem(code, f"{label}: {message}", path)
                if problem not in problems:
                    problems.append(problem)
            option_rules[names] = combined
    if problems:
        return None, problems
    variant = Variant(
        id=data["id"],
        name=data["name"],
        summary=data["summary"],
        sources=tuple(SourceRole(source=s["source"], role=s["role"]) for s in data["sources"]),
        clauses=tuple(_clause(raw) for raw in clauses),
        options=tuple(option for _path, option in options),
        rules=rules,
        option_rules=MappingProxyType(option_rules),
    )
    return variant, []


def _duplicate_clause_ids(document: YamlDocument, clauses: list[Any]) -> list[Problem]:
    problems = []
    first_seen: dict[str, int] = {}
    for index, clause in enumerate(clauses):
        clause_id = clause.get("id") if isinstance(clause, dict) else None
        if not isinstance(clause_id, str):
            continue
        if clause_id in first_seen:
            problems.append(
                document.problem(
                    ErrorCode.DUPLICATE_CLAUSE_ID,
                    f"clause id {clause_id!r} is already used by clauses[{first_seen[clause_id]}]",
                    ("clauses", index, "id"),
                )
            )
        else:
            first_seen[clause_id] = index
    return problems


def _collect_parameters(
    document: YamlDocument, clauses: list[Any]
) -> tuple[dict[str, tuple[Any, DocPath]], list[Problem]]:
    found: dict[str, tuple[Any, DocPath]] = {}
    problems = []
    for index, clause in enumerate(clauses):
        params = clause.get("params") if isinstance(clause, dict) else None
        if not isinstance(params, dict):
            continue
        for name, value in params.items():
            path: DocPath = ("clauses", index, "params", name)
            if name in found:
                first = found[name][1]
                problems.append(
                    document.problem(
                        ErrorCode.DUPLICATE_PARAMETER,
                        f"parameter {name!r} is already set by clauses[{first[1]}]; "
                        "each parameter belongs to exactly one clause",
                        path,
                    )
                )
            else:
                found[name] = (value, path)
    return found, problems


def _collect_options(
    document: YamlDocument, clauses: list[Any]
) -> tuple[list[tuple[DocPath, Option]], list[Problem]]:
    options: list[tuple[DocPath, Option]] = []
    problems = []
    seen: dict[str, DocPath] = {}
    for index, clause in enumerate(clauses):
        for alt_index, alternative in enumerate(clause.get("alternatives", ())):
            option_id = alternative.get("option")
            if option_id is None:
                continue
            path: DocPath = ("clauses", index, "alternatives", alt_index)
            if option_id in seen:
                problems.append(
                    document.problem(
                        ErrorCode.DUPLICATE_OPTION_ID,
                        f"option id {option_id!r} is already used at {seen[option_id]}",
                        (*path, "option"),
                    )
                )
                continue
            seen[option_id] = path
            option = Option(
                id=option_id,
                clause_id=clause["id"],
                text=alternative["text"],
                params=MappingProxyType(dict(alternative["params"])),
            )
            options.append((path, option))
    return options, problems


def _cited_sources(data: dict[str, Any], clauses: list[Any]) -> Iterator[tuple[DocPath, Any]]:
    """Every place of a spec that names a source file, with the name."""
    for index, entry in enumerate(data.get("sources") or ()):
        if isinstance(entry, dict):
            yield ("sources", index, "source"), entry.get("source")
    for index, clause in enumerate(clauses):
        if not isinstance(clause, dict):
            continue
        yield from _citation_sources(("clauses", index), clause)
        for number, alternative in enumerate(clause.get("alternatives") or ()):
            if isinstance(alternative, dict):
                yield from _citation_sources(
                    ("clauses", index, "alternatives", number), alternative
                )


def _citation_sources(path: DocPath, holder: dict[str, Any]) -> Iterator[tuple[DocPath, Any]]:
    for number, citation in enumerate(holder.get("citations") or ()):
        if isinstance(citation, dict):
            yield (*path, "citations", number, "source"), citation.get("source")


def _citations(raw: list[dict[str, str]]) -> tuple[Citation, ...]:
    return tuple(Citation(source=item["source"], section=item["section"]) for item in raw)


def _clause(raw: dict[str, Any]) -> Clause:
    return Clause(
        id=raw["id"],
        title=raw["title"],
        text=raw["text"],
        status=Status(raw["status"]),
        citations=_citations(raw["citations"]),
        params=MappingProxyType(dict(raw.get("params", {}))),
        breakable=raw.get("breakable", False),
        alternatives=tuple(
            Alternative(
                text=alt["text"],
                citations=_citations(alt["citations"]),
                option=alt.get("option"),
                params=MappingProxyType(dict(alt.get("params", {}))),
                unplayable=alt.get("unplayable"),
            )
            for alt in raw.get("alternatives", ())
        ),
    )


def rules_from_params(params: Mapping[str, Any]) -> Rules:
    """Typed :class:`Rules` from schema-valid parameter values (defaults already applied)."""

    def by_players(
        key: str, convert: Callable[[dict[str, Any]], Any]
    ) -> tuple[ByPlayers[Any], ...]:
        return tuple(
            ByPlayers(players=frozenset(entry["players"]), value=convert(entry))
            for entry in params[key]
        )

    def schedule(entry: dict[str, Any]) -> DealSchedule:
        return DealSchedule(
            stages=tuple(
                tuple(
                    DealStep(
                        target=DealTarget(step["to"]),
                        cards=step["cards"],
                        packet=step.get("packet", 1),
                    )
                    for step in stage
                )
                for stage in entry["stages"]
            ),
            repeat_last_stage=entry["repeat-last-stage"],
        )

    def special(entry: dict[str, Any]) -> SpecialCard:
        sweep = entry.get("sweep")
        return SpecialCard(
            card=Card.parse(entry["card"]),
            capture_values=tuple(sorted(entry["capture"])),
            build_values=tuple(sorted(entry["build"])),
            hold_values=tuple(sorted(entry["hold"])),
            sweep=None
            if sweep is None
            else Sweep(
                loose_ranks=frozenset(Rank(rank) for rank in sweep["loose-ranks"]),
                build_values=frozenset(sweep["build-values"]),
            ),
        )

    return Rules(
        player_counts=frozenset(params["players.counts"]),
        partnership_counts=frozenset(params["players.partnerships"]),
        packs=by_players("deck.packs", lambda entry: entry["packs"]),
        jokers=tuple(
            JokerSpec(card=Card.parse(entry["card"]), values=tuple(sorted(entry["values"])))
            for entry in params["deck.jokers"]
        ),
        rank_values=MappingProxyType(
            {
                Rank(rank): tuple(sorted(values))
                for rank, values in params["values.aces-and-courts"].items()
            }
        ),
        special_cards=tuple(special(entry) for entry in params["values.special-cards"]),
        deal_schedules=by_players("deal.schedule", schedule),
        deal_final=DealFinal(params["deal.final"]),
        deal_timing=DealTiming(params["deal.timing"]),
        lone_joker=LoneJoker(params["capture.lone-joker"]),
        table_jokers=TableJokers(params["capture.table-jokers"]),
        build_operations=frozenset(BuildOperation(op) for op in params["build.operations"]),
        build_same_value=params["build.same-value"],
        build_single_card=params["build.single-card"],
        build_max_value=params["build.max-value"],
        build_holding=params["build.holding"],
        build_ownership=params["build.ownership"],
        build_owner_obligation=params["build.owner-obligation"],
        build_for_partner=frozenset(PartnerBasis(basis) for basis in params["build.for-partner"]),
        zwick_joker_counts=params["zwick.joker-counts"],
        zwick_cancellation=ZwickCancellation(params["zwick.cancellation"]),
        score_lines=tuple(
            ScoreLine(
                label=line["label"],
                cards=frozenset(Card.parse(card) for card in line["cards"]),
                points=line["points"],
            )
            for line in params["score.cards"]
        ),
        zwick_points=params["score.zwick"],
        most_cards=by_players("score.most-cards", lambda entry: tuple(entry["points"])),
        stated_totals=by_players(
            "score.stated-total",
            lambda entry: StatedTotal(
                total=entry["total"], without_most_cards=entry.get("without-most-cards")
            ),
        ),
        match=match_rules_from_params(params),
    )


Finding = tuple[ErrorCode, str, DocPath]


def rules_problems(rules: Rules, locate: Locate) -> list[Finding]:
    """Consistency problems of ``rules``; ``locate`` maps a parameter name to its place."""
    findings: list[Finding] = []
    counts = rules.player_counts
    outside = sorted(rules.partnership_counts - counts)
    if outside:
        findings.append(
            (
                ErrorCode.PLAYER_COUNT_COVERAGE,
                f"partnerships at {outside} players, which the variant does not allow",
                locate("players.partnerships"),
            )
        )
    covered_everywhere = True
    tables: list[tuple[str, tuple[ByPlayers[Any], ...]]] = [
        ("deck.packs", rules.packs),
        ("deal.schedule", rules.deal_schedules),
        ("score.most-cards", rules.most_cards),
        ("score.stated-total", rules.stated_totals),
    ]
    for name, table in tables:
        for message in _coverage(table, counts):
            covered_everywhere = False
            findings.append((ErrorCode.PLAYER_COUNT_COVERAGE, message, locate(name)))
    findings += _card_problems(rules, locate)
    if not covered_everywhere:
        return findings
    for players in sorted(counts):
        plan = plan_deal(rules, players)
        if plan.problem is not None:
            code, message = plan.problem
            findings.append((code, message, locate("deal.schedule")))
        stated = rules.stated_total_for(players)
        computed = check_total(rules, players)
        if computed.total != stated.total:
            findings.append(
                (
                    ErrorCode.TOTAL_MISMATCH,
                    f"with {players} players the score table gives {computed.total} points "
                    f"({computed.card_points} for cards + {computed.most_cards} for most cards) "
                    f"but the stated total is {stated.total}",
                    locate("score.stated-total"),
                )
            )
        if (
            stated.without_most_cards is not None
            and computed.card_points != stated.without_most_cards
        ):
            findings.append(
                (
                    ErrorCode.TOTAL_MISMATCH,
                    f"with {players} players the cards score {computed.card_points} points "
                    f"but the stated total without most cards is {stated.without_most_cards}",
                    locate("score.stated-total"),
                )
            )
    return findings


def _coverage(table: tuple[ByPlayers[Any], ...], counts: frozenset[int]) -> list[str]:
    messages = []
    seen: set[int] = set()
    for entry in table:
        twice = sorted(entry.players & seen)
        if twice:
            messages.append(f"player count(s) {twice} appear in more than one entry")
        extra = sorted(entry.players - counts)
        if extra:
            messages.append(f"player count(s) {extra} are not allowed by players.counts")
        seen |= entry.players
    missing = sorted(counts - seen)
    if missing:
        messages.append(f"no entry for {missing} players")
    return messages


def _card_problems(rules: Rules, locate: Locate) -> list[Finding]:
    findings: list[Finding] = []
    labels = [joker.card for joker in rules.jokers]
    for card in {card for card in labels if labels.count(card) > 1}:
        findings.append(
            (ErrorCode.DUPLICATE_CARD, f"joker {card} is listed twice", locate("deck.jokers"))
        )
    deck = set(rules.deck(min(rules.player_counts))) if _packs_known(rules) else set()
    if not deck:
        return findings
    special = [entry.card for entry in rules.special_cards]
    for card in special:
        if card not in deck:
            findings.append(
                (
                    ErrorCode.UNKNOWN_CARD,
                    f"special card {card} is not in the deck",
                    locate("values.special-cards"),
                )
            )
    for card in {card for card in special if special.count(card) > 1}:
        findings.append(
            (
                ErrorCode.DUPLICATE_CARD,
                f"special card {card} is listed twice",
                locate("values.special-cards"),
            )
        )
    for kind in rules.match.draw_order:
        if kind.startswith("JK") and Card.parse(kind) not in deck:
            findings.append(
                (
                    ErrorCode.UNKNOWN_CARD,
                    f"the draw order names {kind}, which is not in the deck",
                    locate("match.first-dealer"),
                )
            )
    scored: dict[Card, str] = {}
    for line in rules.score_lines:
        for card in sorted(line.cards, key=lambda card: card.sort_key):
            if card not in deck:
                findings.append(
                    (
                        ErrorCode.UNKNOWN_CARD,
                        f"score line {line.label!r} names {card}, which is not in the deck",
                        locate("score.cards"),
                    )
                )
            elif card in scored:
                findings.append(
                    (
                        ErrorCode.DUPLICATE_CARD,
                        f"{card} scores in both {scored[card]!r} and {line.label!r}",
                        locate("score.cards"),
                    )
                )
            else:
                scored[card] = line.label
    return findings


def _packs_known(rules: Rules) -> bool:
    return any(min(rules.player_counts) in entry.players for entry in rules.packs)
