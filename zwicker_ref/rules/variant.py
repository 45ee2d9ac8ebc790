"""Variants as immutable values: clauses, options, and the rule parameters they set.

A :class:`Variant` is the spec file's content in typed form. Its :class:`Rules` gather the
machine parameters of all clauses; code that plays the game branches on these named
parameters, never on a variant's id. See ``spec/schema/variant.schema.json`` for what
each parameter means.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from zwicker_ref.errors import ErrorCode, LookupProblem
from zwicker_ref.rules.cards import Card, Rank, build_deck
from zwicker_ref.rules.match_rules import MatchRules

T = TypeVar("T")


class Status(enum.Enum):
    """How sure the specification is of a clause."""

    EXPLICIT = "explicit"
    INFERRED = "inferred"
    RULING = "ruling"


class DealTarget(enum.Enum):
    """Where a deal step puts its cards."""

    EACH = "each"
    TABLE = "table"


class DealFinal(enum.Enum):
    """What happens when the stock cannot complete a stage."""

    EXACT = "exact"
    AS_FAR_AS_IT_GOES = "as-far-as-it-goes"


class DealTiming(enum.Enum):
    """When the next stage is dealt."""

    HANDS_EMPTY = "hands-empty"
    EACH_ROUND = "each-round"


class LoneJoker(enum.Enum):
    """Who may capture a joker that is the only item on the table."""

    ANY_CARD = "any-card"
    JOKER_ONLY = "joker-only"


class TableJokers(enum.Enum):
    """Whether jokers can be captured from the table at all."""

    CAPTURABLE = "capturable"
    NEVER = "never"


class BuildOperation(enum.Enum):
    """How a played card may change the value of the item it is built on."""

    ADD = "add"
    SUBTRACT = "subtract"


class PartnerBasis(enum.Enum):
    """What allows building a value one does not hold, for a partner."""

    PARTNER_BUILD = "partner-build"
    PARTNER_HOLDS = "partner-holds"
    PARTNER_SHOWN = "partner-shown"
    """The partner has built the value for itself earlier in the hand (``Position.shown``)."""


class ZwickCancellation(enum.Enum):
    """How zwicks of different sides offset each other."""

    NONE = "none"
    SUBTRACT_FEWEST = "subtract-fewest"


@dataclass(frozen=True, kw_only=True, slots=True)
class Citation:
    """A source file and a section of it (words that occur verbatim in the file)."""

    source: str
    section: str


@dataclass(frozen=True, kw_only=True, slots=True)
class ByPlayers(Generic[T]):
    """A value that applies at the listed player counts."""

    players: frozenset[int]
    value: T


def for_players(table: tuple[ByPlayers[T], ...], players: int, what: str) -> T:
    """The entry of a by-player-count ``table`` that covers ``players``."""
    for entry in table:
        if players in entry.players:
            return entry.value
    raise LookupProblem(
        ErrorCode.UNSUPPORTED_PLAYER_COUNT, f"no {what} is given for {players} players"
    )


@dataclass(frozen=True, kw_only=True, slots=True)
class JokerSpec:
    """A joker of the deck and the matching values it may take."""

    card: Card
    values: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class Sweep:
    """A special capture: every loose pip card of some ranks and every build of some values."""

    loose_ranks: frozenset[Rank]
    build_values: frozenset[int]


@dataclass(frozen=True, kw_only=True, slots=True)
class SpecialCard:
    """A card whose values depend on its use (the club and diamond sevens of ``zwick``)."""

    card: Card
    capture_values: tuple[int, ...]
    build_values: tuple[int, ...]
    hold_values: tuple[int, ...]
    sweep: Sweep | None


@dataclass(frozen=True, kw_only=True, slots=True)
class DealStep:
    """One step of a stage: ``cards`` to each seat (in packets) or to the table."""

    target: DealTarget
    cards: int
    packet: int = 1


@dataclass(frozen=True, kw_only=True, slots=True)
class DealSchedule:
    """The stages dealt at some player count."""

    stages: tuple[tuple[DealStep, ...], ...]
    repeat_last_stage: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class ScoreLine:
    """Points for each of some cards (and for every copy of them in a double pack)."""

    label: str
    cards: frozenset[Card]
    points: int


@dataclass(frozen=True, kw_only=True, slots=True)
class StatedTotal:
    """The per-hand total a source states: with all most-cards awards, and without any."""

    total: int
    without_most_cards: int | None


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """Every machine parameter of a variant (with its options applied), typed."""

    player_counts: frozenset[int]
    partnership_counts: frozenset[int]
    packs: tuple[ByPlayers[int], ...]
    jokers: tuple[JokerSpec, ...]
    rank_values: Mapping[Rank, tuple[int, ...]]
    special_cards: tuple[SpecialCard, ...]
    deal_schedules: tuple[ByPlayers[DealSchedule], ...]
    deal_final: DealFinal
    deal_timing: DealTiming
    lone_joker: LoneJoker
    table_jokers: TableJokers
    build_operations: frozenset[BuildOperation]
    build_same_value: bool
    build_single_card: bool
    build_max_value: int | None
    build_holding: bool
    build_ownership: bool
    build_owner_obligation: bool
    build_for_partner: frozenset[PartnerBasis]
    zwick_joker_counts: bool
    zwick_cancellation: ZwickCancellation
    score_lines: tuple[ScoreLine, ...]
    zwick_points: int
    most_cards: tuple[ByPlayers[tuple[int, ...]], ...]
    stated_totals: tuple[ByPlayers[StatedTotal], ...]
    match: MatchRules
    """Who deals the first hand of a match and what a level finish means."""

    def check_players(self, players: int) -> None:
        """Raise :class:`LookupProblem` unless the variant allows ``players``."""
        if players not in self.player_counts:
            allowed = ", ".join(str(count) for count in sorted(self.player_counts))
            raise LookupProblem(
                ErrorCode.UNSUPPORTED_PLAYER_COUNT,
                f"{players} players is not allowed; allowed: {allowed}",
            )

    def is_partnership(self, players: int) -> bool:
        """True when ``players`` play in two alternating teams."""
        return players in self.partnership_counts

    def sides_for(self, players: int) -> int:
        """How many sides own captured cards and zwicks: two teams, or one per seat."""
        return 2 if self.is_partnership(players) else players

    def packs_for(self, players: int) -> int:
        """How many packs are used with ``players``."""
        return for_players(self.packs, players, "number of packs")

    def deck(self, players: int) -> tuple[Card, ...]:
        """Every card in play with ``players``, in canonical order."""
        labels = tuple(joker.card.joker_label or "" for joker in self.jokers)
        return build_deck(labels, self.packs_for(players))

    def schedule_for(self, players: int) -> DealSchedule:
        """The deal schedule for ``players``."""
        return for_players(self.deal_schedules, players, "deal schedule")

    def most_cards_for(self, players: int) -> tuple[int, ...]:
        """The most-cards awards (first place, then second) for ``players``."""
        return for_players(self.most_cards, players, "most-cards award")

    def stated_total_for(self, players: int) -> StatedTotal:
        """The per-hand total the sources state for ``players``."""
        return for_players(self.stated_totals, players, "stated total")

    def values_of(self, card: Card) -> tuple[int, ...]:
        """The matching values a card offers loose on the table (its ordinary values)."""
        if card.joker_label is not None:
            for joker in self.jokers:
                if joker.card.joker_label == card.joker_label:
                    return joker.values
            raise LookupProblem(ErrorCode.UNKNOWN_CARD, f"{card} is not a card of this variant")
        assert card.rank is not None
        pip = card.rank.pip_value
        return (pip,) if pip is not None else self.rank_values[card.rank]


@dataclass(frozen=True, kw_only=True, slots=True)
class Alternative:
    """Another reading of a clause; with an option id it is a playable option."""

    text: str
    citations: tuple[Citation, ...]
    option: str | None = None
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    unplayable: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Clause:
    """One numbered rule of a variant."""

    id: str
    title: str
    text: str
    status: Status
    citations: tuple[Citation, ...]
    params: Mapping[str, Any]
    alternatives: tuple[Alternative, ...]
    breakable: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Option:
    """A playable alternative: the clause it belongs to and the parameters it changes."""

    id: str
    clause_id: str
    text: str
    params: Mapping[str, Any]


@dataclass(frozen=True, kw_only=True, slots=True)
class SourceRole:
    """A source of a variant and what it contributes."""

    source: str
    role: str


@dataclass(frozen=True, kw_only=True, slots=True)
class Variant:
    """A whole variant spec: its clauses, its options and its default rules."""

    id: str
    name: str
    summary: str
    sources: tuple[SourceRole, ...]
    clauses: tuple[Clause, ...]
    options: tuple[Option, ...]
    rules: Rules
    option_rules: Mapping[frozenset[str], Rules]

    def clause(self, clause_id: str) -> Clause:
        """The clause with id ``clause_id``."""
        for clause in self.clauses:
            if clause.id == clause_id:
                return clause
        raise LookupProblem(
            ErrorCode.UNKNOWN_CLAUSE, f"variant {self.id!r} has no clause {clause_id!r}"
        )

    def rules_with(self, options: tuple[str, ...] | frozenset[str] = ()) -> Rules:
        """The rules with the named options applied (no options: the default rules)."""
        chosen = frozenset(options)
        if not chosen:
            return self.rules
        known = {option.id for option in self.options}
        unknown = sorted(chosen - known)
        if unknown:
            listed = ", ".join(sorted(known)) or "none"
            raise LookupProblem(
                ErrorCode.UNKNOWN_OPTION,
                f"variant {self.id!r} has no option {', '.join(unknown)}; its options: {listed}",
            )
        rules = self.option_rules.get(chosen)
        if rules is None:
            raise LookupProblem(
                ErrorCode.CONFLICTING_OPTIONS,
                f"options {', '.join(sorted(chosen))} of {self.id!r} change the same parameter",
            )
        return rules
