"""The reference with one deliberate rule bug, served over the protocol (for the fuzz tests).

The first argument names the bug:

- ``three-item-captures``: a capture may take at most two items (``legal`` leaves out
  captures of three or more);
- ``trail-with-capture``: a card may not be trailed while a capture is possible
  (``legal`` leaves out trails when it lists a capture);
- ``zwick-uncounted``: clearing the table is not counted as a zwick (``apply`` keeps the
  zwick counts of the position it was given);
- ``last-capture-kept``: the last capturer is never updated (``apply`` keeps the
  position's ``last_capture``);
- ``stage-lead``: after a new stage is dealt, the seat after the right one leads;
- ``trail-always``: every card in hand may be trailed, even by a seat that must keep its
  builds backed (``legal`` adds the trails the reference leaves out);
- ``no-most-cards``: the most-cards points are not awarded (``score``);
- ``skip-empty-hands``: the turn passes to the next seat even when its hand is empty.

A ``count`` is the number of moves its ``legal`` lists; it does not answer ``perft`` or
``play``. Everything else is the reference's answer. With a second argument ``apply-only`` its
``hello`` lists only the ``legal`` and ``apply`` operations (an engine that cannot deal).
"""

import json
import sys

from zwicker_ref.engine.core.moves import Capture, Trail
from zwicker_ref.formats.notation import parse_move
from zwicker_ref.protocol import answer

MODE = sys.argv[1]
APPLY_ONLY = sys.argv[2:] == ["apply-only"]


def faulty(request: dict, reply: dict) -> dict:
    """The reference's ``reply`` to ``request``, with the bug of MODE."""
    op = request.get("op")
    if not reply.get("ok"):
        return reply
    if op == "hello":
        # Without perft and play: the runner walks a perft tree, and plays a game, with
        # the engine's faulty answers.
        reply["ops"] = (
            ["legal", "apply"]
            if APPLY_ONLY
            else [op for op in reply["ops"] if op not in ("perft", "play")]
        )
    if op == "legal":
        moves = [parse_move(text) for text in reply["moves"]]
        if MODE == "three-item-captures":
            keep = [not (isinstance(m, Capture) and len(m.items) >= 3) for m in moves]
        elif MODE == "trail-with-capture" and any(isinstance(m, Capture) for m in moves):
            keep = [not isinstance(m, Trail) for m in moves]
        else:
            keep = [True] * len(moves)
        reply["moves"] = [text for text, kept in zip(reply["moves"], keep, strict=False) if kept]
        if MODE == "trail-always":
            position = request["position"]
            hand = position["hands"][position["to_move"]]
            reply["moves"] += [card for card in hand if card not in reply["moves"]]
    if op == "apply":
        before, after = request["position"], reply["position"]
        if MODE == "zwick-uncounted":
            after["zwicks"] = before.get("zwicks", after["zwicks"])
        if MODE == "last-capture-kept":
            after["last_capture"] = before.get("last_capture")
        if MODE == "stage-lead" and after["stage"] > before["stage"]:
            after["to_move"] = (after["to_move"] + 1) % after["players"]
        over = not after.get("stock") and not any(after["hands"])
        if MODE == "skip-empty-hands" and after["stage"] == before["stage"] and not over:
            mover = request.get("seat", before["to_move"])
            after["to_move"] = (mover + 1) % after["players"]
    if op == "score" and MODE == "no-most-cards":
        for side in reply["sides"]:
            side["points"] -= side["most_cards"]
            side["most_cards"] = 0
    return reply


def counted(request: dict) -> dict:
    """The answer to a ``count`` request: how many moves its faulty ``legal`` lists."""
    reply = faulty({**request, "op": "legal"}, answer({**request, "op": "legal"}))
    if reply.get("ok"):
        reply["count"] = len(reply.pop("moves"))
    return reply


for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "quit":
        break
    if request.get("op") == "count":
        print(json.dumps(counted(request)), flush=True)
        continue
    print(json.dumps(faulty(request, answer(request))), flush=True)
