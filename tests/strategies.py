"""Hypothesis strategies: variants and their settings, deals, positions and moves.

* :func:`settings_of` - a shipped variant with one of its valid option combinations and
  one of its player counts;
* :func:`deals` - a dealer and a deck order, from a seed (the reproducible shuffle) or as
  an explicit permutation of the deck;
* :func:`reachable_positions` - a deal played on by legal moves that hypothesis chooses;
* :func:`constructed_positions` - arbitrary but valid positions (loose cards, builds with
  owners, stock, captured piles), written as data and loaded by
  :func:`~zwicker_ref.formats.position_io.position_from_data`, so valid by construction;
* :func:`candidate_moves` - moves of any kind, legal or not, for a position.
"""

from __future__ import annotations

import copy
import itertools
import math
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st
from hypothesis.vendor import pretty

from tests.oracle import highest_value
from zwicker_ref.engine.core.dealing import shuffled_deck, start_hand
from zwicker_ref.engine.core.moves import Build, Capture, Move, Trail
from zwicker_ref.engine.core.position import Pile, Position
from zwicker_ref.engine.generation import legal_moves
from zwicker_ref.engine.play import apply_legal
from zwicker_ref.formats.notation import format_move
from zwicker_ref.formats.position_io import position_from_data, position_to_data
from zwicker_ref.rules.cards import Card
from zwicker_ref.rules.deal_plan import plan_deal
from zwicker_ref.rules.spec_loader import load_variant, variant_ids
from zwicker_ref.rules.variant import Rules, Variant

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def _print_position(position: Position, printer: Any, cycle: bool) -> None:
    # A failing example shows a position as the data that rebuilds it, not as the
    # dataclass with its whole Rules (tens of kilobytes, which hypothesis refuses to print).
    printer.text(f"position_from_data({position_to_data(position)!r})")


pretty.for_type_by_name("zwicker_ref.engine.core.position", "Position", _print_position)


@dataclass(frozen=True)
class Setting:
    """A variant, an option combination it allows, and a player count it allows."""

    variant_id: str
    options: tuple[str, ...]
    players: int

    @property
    def variant(self) -> Variant:
        return load_variant(self.variant_id)

    @property
    def rules(self) -> Rules:
        return self.variant.rules_with(self.options)

    @property
    def deck(self) -> tuple[Card, ...]:
        return self.rules.deck(self.players)

    @property
    def cards_to_players(self) -> int:
        """Cards the whole deal gives to the players: the number of moves in a hand."""
        return sum(sum(stage.hands) for stage in plan_deal(self.rules, self.players).stages)


def every_setting() -> list[Setting]:
    """Every variant x valid option combination x allowed player count."""
    found = []
    for variant_id in variant_ids():
        variant = load_variant(variant_id)
        for options in variant.option_rules:
            rules = variant.option_rules[options]
            for players in sorted(rules.player_counts):
                found.append(Setting(variant_id, tuple(sorted(options)), players))
    return found


@st.composite
def settings_of(
    draw: st.DrawFn,
    variants: tuple[str, ...] | None = None,
    max_players: int | None = None,
) -> Setting:
    """A variant (each equally likely), one of its option combinations and player counts."""
    variant_id = draw(st.sampled_from(variants or variant_ids()))
    variant = load_variant(variant_id)
    combos = sorted(tuple(sorted(options)) for options in variant.option_rules)
    options = draw(st.sampled_from(combos))
    counts = sorted(variant.rules_with(options).player_counts)
    if max_players is not None:
        counts = [count for count in counts if count <= max_players] or counts[:1]
    return Setting(variant_id, options, draw(st.sampled_from(counts)))


@dataclass(frozen=True)
class Deal:
    """A setting, a dealer seat and a deck order (top first), with the seed if shuffled."""

    setting: Setting
    dealer: int
    deck: tuple[Card, ...]
    seed: int | None

    def __repr__(self) -> str:
        deck = f"seed={self.seed}" if self.seed is not None else " ".join(map(str, self.deck))
        return f"Deal({self.setting}, dealer={self.dealer}, {deck})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    def start(self) -> Position:
        """The position after the first stage is dealt."""
        setting = self.setting
        return start_hand(setting.variant, setting.players, self.dealer, self.deck, setting.options)


@st.composite
def deals(draw: st.DrawFn, settings: st.SearchStrategy[Setting] | None = None) -> Deal:
    """A deal: from a seed through the reproducible shuffle, or an explicit permutation."""
    setting = draw(settings_of() if settings is None else settings)
    dealer = draw(st.integers(min_value=0, max_value=setting.players - 1))
    if draw(st.booleans()):
        seed = draw(SEEDS)
        return Deal(setting, dealer, shuffled_deck(setting.rules, setting.players, seed), seed)
    return Deal(setting, dealer, tuple(draw(st.permutations(setting.deck))), None)


@dataclass(frozen=True)
class Reached:
    """A position reached from a deal by ``moves``, with every position on the way."""

    deal: Deal
    moves: tuple[Move, ...]
    path: tuple[Position, ...]

    @property
    def position(self) -> Position:
        return self.path[-1]

    def __repr__(self) -> str:
        # Short, so hypothesis can print a failing example (the path is long).
        moves = ", ".join(format_move(move) for move in self.moves)
        return f"Reached({self.deal!r}, moves=[{moves}])"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


def choose_move(draw: st.DrawFn, position: Position) -> Move:
    """One of the position's legal moves, chosen by hypothesis.

    Captures come first, then builds, then trails, so the simplest choice (which
    hypothesis tries first and shrinks to) keeps the table small: always trailing would
    pile up a table whose captures no generator can list.
    """
    moves = sorted(legal_moves(position), key=lambda move: _KIND_ORDER[type(move)])
    return moves[draw(st.integers(min_value=0, max_value=len(moves) - 1))]


_KIND_ORDER = {Capture: 0, Build: 1, Trail: 2}


@st.composite
def reachable_positions(
    draw: st.DrawFn,
    settings: st.SearchStrategy[Setting] | None = None,
    to_the_end: bool = False,
) -> Reached:
    """A deal and some legal moves from it (all of them, to the end of the hand, if asked)."""
    deal = draw(deals(settings))
    position = deal.start()
    total = deal.setting.cards_to_players
    count = total if to_the_end else draw(st.integers(min_value=0, max_value=total))
    moves: list[Move] = []
    path = [position]
    # Stops early if the mover has no legal move (a broken law that tests report).
    while len(moves) < count and not position.is_over and legal_moves(position):
        move = choose_move(draw, position)
        position = apply_legal(position, move)
        moves.append(move)
        path.append(position)
    return Reached(deal, tuple(moves), tuple(path))


@st.composite
def constructed_data(
    draw: st.DrawFn,
    settings: st.SearchStrategy[Setting] | None = None,
    max_table: int = 8,
    max_hand: int = 8,
) -> dict[str, Any]:
    """The data of an arbitrary but valid position: every card at most once, seats in range,
    owners exactly where builds have them, build values within the variant's range."""
    setting = draw(settings_of(max_players=6) if settings is None else settings)
    rules, players = setting.rules, setting.players
    partnership = rules.is_partnership(players)
    sides = 2 if partnership else players
    deck = list(draw(st.permutations(setting.deck)))

    def take(count: int) -> list[str]:
        taken = [str(card) for card in deck[:count]]
        del deck[:count]
        return taken

    seats = st.integers(min_value=0, max_value=players - 1)
    to_move = draw(seats)
    hands = []
    for seat in range(players):
        low = 1 if seat == to_move else 0
        # Big hands at six players can use up a small deck: keep a card for the mover.
        high = min(max_hand, len(deck) - (seat < to_move))
        hands.append(take(draw(st.integers(min_value=low, max_value=max(low, high)))))
    top = rules.build_max_value or highest_value(rules, players)
    table: list[Any] = []
    for _ in range(draw(st.integers(min_value=0, max_value=max_table))):
        if not deck:
            break
        if draw(st.integers(min_value=0, max_value=3)) == 0:
            item: dict[str, Any] = {
                "build": take(draw(st.integers(min_value=1, max_value=min(3, len(deck))))),
                "value": draw(st.integers(min_value=1, max_value=top)),
            }
            if rules.build_ownership:
                item["owner"] = draw(seats)
            table.append(item)
        else:
            table.append(take(1)[0])
    return {
        "format": 1,
        "variant": setting.variant_id,
        "options": list(setting.options),
        "players": players,
        "dealer": draw(seats),
        "to_move": to_move,
        "stage": draw(st.integers(min_value=0, max_value=len(plan_deal(rules, players).stages))),
        "hands": hands,
        "table": table,
        "stock": take(draw(st.integers(min_value=0, max_value=6))),
        "captured": [take(draw(st.integers(min_value=0, max_value=6))) for _ in range(sides)],
        "zwicks": [draw(st.integers(min_value=0, max_value=3)) for _ in range(sides)],
        "last_capture": draw(st.none() | seats),
    }


@st.composite
def constructed_positions(
    draw: st.DrawFn,
    settings: st.SearchStrategy[Setting] | None = None,
    max_table: int = 8,
    max_hand: int = 8,
) -> Position:
    """An arbitrary but valid position, loaded from data (see :func:`constructed_data`)."""
    return position_from_data(draw(constructed_data(settings, max_table, max_hand)))


@st.composite
def finished_positions(
    draw: st.DrawFn, settings: st.SearchStrategy[Setting] | None = None
) -> Position:
    """A played-out hand: the whole deck in the sides' captured piles (or, when nobody
    captured, partly left on the table), any zwick counts."""
    setting = draw(settings_of() if settings is None else settings)
    rules, players = setting.rules, setting.players
    sides = 2 if rules.is_partnership(players) else players
    deck = [str(card) for card in draw(st.permutations(setting.deck))]
    last_capture = draw(st.none() | st.integers(min_value=0, max_value=players - 1))
    left = 0 if last_capture is not None else draw(st.integers(0, len(deck)))
    table, rest = deck[:left], deck[left:]
    # Close piles are where most-cards ties happen: cut near the even split as often as not.
    even = [len(rest) * side // sides for side in range(1, sides)]
    cuts = sorted(
        draw(st.sampled_from([at, at + 1, at - 1]) | st.integers(0, len(rest))) for at in even
    )
    bounds = [0, *(min(max(cut, 0), len(rest)) for cut in cuts), len(rest)]
    return position_from_data(
        {
            "format": 1,
            "variant": setting.variant_id,
            "options": list(setting.options),
            "players": players,
            "dealer": draw(st.integers(min_value=0, max_value=players - 1)),
            "to_move": draw(st.integers(min_value=0, max_value=players - 1)),
            "stage": len(plan_deal(rules, players).stages),
            "hands": [[] for _ in range(players)],
            "table": table,
            "captured": [rest[a:b] for a, b in itertools.pairwise(bounds)],
            "zwicks": [draw(st.integers(min_value=0, max_value=4)) for _ in range(sides)],
            "last_capture": last_capture,
        }
    )


def positions(
    settings: st.SearchStrategy[Setting] | None = None, max_table: int = 8
) -> st.SearchStrategy[Position]:
    """Reachable positions and constructed ones, about equally often."""
    return st.one_of(
        reachable_positions(settings).map(lambda reached: reached.position),
        constructed_positions(settings, max_table=max_table),
    )


@st.composite
def candidate_moves(draw: st.DrawFn, position: Position) -> Move:
    """A move of any kind for ``position``: often legal, often not, always well-formed."""
    hand = position.hands[position.to_move]
    deck = position.rules.deck(position.players)
    names = [item.cards[0] if isinstance(item, Pile) else item for item in position.table]
    card = draw(
        st.sampled_from(hand) if hand and draw(st.integers(0, 4)) else st.sampled_from(deck)
    )
    seat = draw(st.none() | st.none() | st.integers(min_value=0, max_value=position.players))
    kind = draw(st.sampled_from(["trail", "capture", "build"]))
    if kind == "trail":
        return Trail(card, seat=seat)
    if kind == "capture":
        pool = names if names and draw(st.integers(0, 4)) else [*names, *deck[:6]]
        items = draw(st.lists(st.sampled_from(pool), unique=True, max_size=6)) if pool else []
        value = draw(st.none() | st.integers(min_value=1, max_value=35))
        groups: tuple[tuple[Card, ...], ...] | None = None
        if items and draw(st.booleans()):
            cuts = sorted(draw(st.sets(st.integers(1, len(items) - 1))) if len(items) > 1 else [])
            bounds = [0, *cuts, len(items)]
            groups = tuple(tuple(items[a:b]) for a, b in itertools.pairwise(bounds))
        return Capture(card, frozenset(items), value=value, groups=groups, seat=seat)
    target_pool: list[Card | None] = [None, *names] if names else [None]
    target = draw(st.sampled_from(target_pool) | st.sampled_from(deck))
    value = draw(st.integers(min_value=-1, max_value=35))
    owner = draw(st.none() | st.integers(min_value=0, max_value=position.players))
    return Build(card, target, value, owner, seat=seat)


def legal_and_candidate(position: Position) -> st.SearchStrategy[Move]:
    """A legal move of the position, or a candidate move (see :func:`candidate_moves`)."""
    moves = list(legal_moves(position))
    legal: st.SearchStrategy[Move] = st.sampled_from(moves) if moves else st.nothing()
    return legal | candidate_moves(position)


# Structured mutations of documents -----------------------------------------------------

SCALARS: st.SearchStrategy[Any] = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=60)
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
)
"""Any scalar a YAML or JSON document can hold."""

DATA: st.SearchStrategy[Any] = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)
"""Any plain data a YAML or JSON document can hold."""

Path_ = tuple[str | int, ...]


def containers(data: Any, path: Path_ = ()) -> list[Path_]:
    """The paths of every mapping and list in ``data``, the whole document first."""
    found: list[Path_] = []
    if isinstance(data, dict):
        found.append(path)
        for key, value in data.items():
            found += containers(value, (*path, key))
    elif isinstance(data, list):
        found.append(path)
        for index, value in enumerate(data):
            found += containers(value, (*path, index))
    return found


def value_at(data: Any, path: Path_) -> Any:
    """The value at ``path`` (keys and indexes) in nested ``data``."""
    for part in path:
        data = data[part]
    return data


def _other_type(draw: st.DrawFn, value: Any) -> Any:
    """A value of a different type than ``value``."""
    return draw(DATA.filter(lambda new: type(new) is not type(value)))


def mutate_once(draw: st.DrawFn, data: Any) -> Any:
    """``data`` with one structured mutation: delete a key or an item, change a value's
    type, duplicate an item, swap two values, or add a key (``data`` is changed in place)."""
    places = containers(data)
    if not places:
        return _other_type(draw, data)
    # A depth first, then a container at that depth: every level of the structure gets
    # the same share of mutations, however many containers the deeper levels hold (a
    # spec's clause list is one place among hundreds, but one level in five).
    depth = draw(st.sampled_from(sorted({len(place) for place in places})))
    node = value_at(data, draw(st.sampled_from([place for place in places if len(place) == depth])))
    keys: list[Any] = list(node) if isinstance(node, dict) else list(range(len(node)))
    operation = draw(st.sampled_from(["delete", "retype", "duplicate", "swap", "add"]))
    if not keys or operation == "add":
        if isinstance(node, dict):
            node[draw(st.text(max_size=8) | st.sampled_from(keys or ["x"]))] = draw(DATA)
        else:
            node.insert(draw(st.integers(0, len(node))), draw(DATA))
    elif operation == "delete":
        del node[draw(st.sampled_from(keys))]
    elif operation == "retype":
        key = draw(st.sampled_from(keys))
        node[key] = _other_type(draw, node[key])
    elif operation == "duplicate":
        key = draw(st.sampled_from(keys))
        if isinstance(node, list):
            node.insert(key, copy.deepcopy(node[key]))
        else:
            node[draw(st.text(max_size=8))] = copy.deepcopy(node[key])
    else:
        first, second = draw(st.sampled_from(keys)), draw(st.sampled_from(keys))
        node[first], node[second] = node[second], node[first]
    return data


@st.composite
def mutated(draw: st.DrawFn, data: Any, most: int = 3) -> Any:
    """A copy of ``data`` with one to ``most`` structured mutations."""
    result = copy.deepcopy(data)
    # Mostly one mutation: a document with a single fault gets furthest into the checks.
    for _ in range(draw(st.sampled_from([1, 1, 1, *range(2, most + 1)]))):
        result = mutate_once(draw, result)
    return result


# Systematic structural faults -----------------------------------------------------------

_STAND_INS: tuple[Any, ...] = (None, 0, "x", [], {})
"""Values of every type a YAML or JSON document holds, to put where another type belongs."""


def structural_faults(data: Any, max_depth: int = 3) -> list[tuple[str, Any]]:
    """Every one-fault copy of ``data`` of a few fixed kinds, named by what was done.

    Random mutation reaches a given level of a large document only by chance; this
    reaches every level every time. Each mapping and list down to ``max_depth`` (of a
    list, its first item only) is replaced by a value of each other type; each list loses
    its first item and gets it twice. Each whole number of those containers is written as
    a float (``2.0``: an integer to JSON Schema) and as infinity (``1e400`` in JSON).
    """
    faults: list[tuple[str, Any]] = []
    for path in _structure(data, (), max_depth):
        node = value_at(data, path)
        where = "/".join(map(str, path)) or "(document)"
        children = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in children:
            if type(value) is int:
                for number in (float(value), math.inf):
                    faults.append(
                        (f"{where}/{key} = {number!r}", _replaced(data, (*path, key), number))
                    )
        for stand_in in _STAND_INS:
            if type(stand_in) is not type(node):
                faults.append((f"{where} = {stand_in!r}", _replaced(data, path, stand_in)))
        if isinstance(node, list) and node:
            faults.append((f"{where} without its first item", _replaced(data, path, node[1:])))
            faults.append(
                (f"{where} with its first item twice", _replaced(data, path, [node[0], *node]))
            )
    return faults


def _structure(data: Any, path: Path_, max_depth: int) -> list[Path_]:
    """The paths of the mappings and lists in ``data`` (of each list, the first item's)."""
    if not isinstance(data, dict | list) or len(path) > max_depth:
        return []
    found = [path]
    children = list(data.items()) if isinstance(data, dict) else list(enumerate(data[:1]))
    for key, value in children:
        found += _structure(value, (*path, key), max_depth)
    return found


def _replaced(data: Any, path: Path_, value: Any) -> Any:
    """A copy of ``data`` with the value at ``path`` replaced."""
    if not path:
        return copy.deepcopy(value)
    result = copy.deepcopy(data)
    value_at(result, path[:-1])[path[-1]] = copy.deepcopy(value)
    return result
