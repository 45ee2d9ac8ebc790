#!/usr/bin/env python3
"""The smallest working engine for `zwicker conform`: Dithmarschen deals and scores only.

It reads one JSON request per line on standard input and writes one JSON answer per line
on standard output (protocol version 1, docs/implementers.md). It supports `deal` and
`score` for the `dithmarschen` variant and answers every other request with
`"unsupported": true`, so those cases are skipped rather than failed. It uses nothing but
the Python standard library: an adapter in another language has the same shape.

    zwicker conform --engine "python3 examples/engines/minimal_engine.py"
"""

import json
import sys

# Dithmarschen: 4 each and 3 to the table, then 4 each, then 5 each; one card at a time.
STAGES = [[("each", 4), ("table", 3)], [("each", 4)], [("each", 5)]]
# Score lines as the variant spec labels them: label, cards, points for each.
LINES = [
    ("Large joker (25)", ["JK25"], 7),
    ("Middle joker (20)", ["JK20"], 6),
    ("Small joker (15)", ["JK15"], 5),
    ("Ten of diamonds", ["10D"], 3),
    ("Ten of spades", ["10S"], 1),
    ("Two of spades", ["2S"], 1),
    ("Each ace", ["AC", "AD", "AH", "AS"], 1),
]
MOST_CARDS = 3


def deal(setup, deck):
    """Every stage's hands (by seat) and the table, dealing one card at a time."""
    players, forehand = setup["players"], (setup["dealer"] + 1) % setup["players"]
    stock, hands, table, stages = list(deck), [[] for _ in range(players)], [], []
    for steps in STAGES:
        hands = [[] for _ in range(players)]
        for target, count in steps:
            for _ in range(count):
                if target == "table":
                    table.append(stock.pop(0))
                else:
                    for offset in range(players):
                        hands[(forehand + offset) % players].append(stock.pop(0))
        stages.append({"hands": hands, "table": list(table)})
    return {"stages": stages}


def score(captured, zwicks):
    """Points by side: score lines, 3 for strictly the most cards, 1 per zwick."""
    counts = [len(pile) for pile in captured]
    leader = max(counts)
    most = [MOST_CARDS if n == leader and counts.count(leader) == 1 else 0 for n in counts]
    sides = []
    for pile, bonus, zwick in zip(captured, most, zwicks, strict=True):
        lines = {
            label: points * sum(card in cards for card in pile) for label, cards, points in LINES
        }
        total = sum(lines.values())
        sides.append(
            {
                "card_points": total,
                "most_cards": bonus,
                "zwick_points": zwick,
                "points": total + bonus + zwick,
                "lines": lines,
            }
        )
    return {"sides": sides}


def answer(request):
    """The answer to one request (without its id)."""
    op = request.get("op")
    if op == "hello":
        return {
            "ok": True,
            "protocol": 1,
            "engine": "minimal-example",
            "variants": ["dithmarschen"],
            "ops": ["deal", "score"],
        }
    setup = request.get("setup", {})
    if op == "deal" and setup.get("variant") == "dithmarschen" and not setup.get("options"):
        return {"ok": True, **deal(setup, request["deck"])}
    if op == "score" and setup.get("variant") == "dithmarschen":
        return {"ok": True, **score(request["captured"], request["zwicks"])}
    return {"unsupported": True, "message": f"{op} is not supported by this example"}


for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "quit":
        break
    print(json.dumps({"id": request.get("id"), **answer(request)}), flush=True)
