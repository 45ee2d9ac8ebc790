"""A deliberately broken engine for the conformance-kit tests.

It answers like the reference, except for `legal` requests (and `count`, answered with the
number of moves of its `legal` answer), where it misbehaves as the first argument says:
crash, hang, garbage, wrong (drops a legal move), disorder (answers
with the wrong id) or float-id (the right id written as a float, 3.0); and for `score`
requests in mode float-score (a point total written as 2.7) or text-score (written as
"3"). In mode bool-id it answers request 1 (the hello) with the id true.

Modes for the requests a perft walk sends together (the second argument N counts the
`apply` requests, from 1): apply-crash (exits at the N-th), apply-hang (never answers
it), apply-garbage (answers it with text that is not JSON), apply-illegal (calls its
move illegal, `card-not-in-hand`), twice (lists the first legal move twice), spelled (writes
each capture's items in reverse order: the same moves, not in canonical notation).

In mode count-text it answers `count` with the number written as text ("3").
Only the modes perft-wrong (one count of its `perft` answer one too many), perft-text (a
count written as text), play-illegal (its `play` refuses the N-th move, as apply-illegal
refuses the N-th `apply`) and play-short (its `play` answers one position too few, with
no move refused) list `perft` and `play` in their `hello`: the others have the runner
walk a perft tree and play a game a move at a time, and break those requests.
"""

import json
import sys
import time

from zwicker_ref.protocol import answer


def _spelled(text: str) -> str:
    """The same move spelled another way: a capture's items in reverse order."""
    played, separator, items = text.partition(" x ")
    return f"{played} x {' '.join(reversed(items.split(' ')))}" if separator else text


def broke_down(fault: str) -> bool:
    """Crash, hang or write garbage, as ``fault`` says; True if garbage replaced the answer."""
    if fault == "crash":
        sys.exit(3)
    if fault == "hang":
        time.sleep(60)
    if fault == "garbage":
        print("this is not JSON", flush=True)
        return True
    return False


MODE = sys.argv[1]
NTH = int(sys.argv[2]) if len(sys.argv) > 2 else 0
applied = 0

for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "quit":
        break
    # A count is the number of moves its listing gives: it is listed, with the faults.
    counting = request.get("op") == "count"
    if counting:
        request["op"] = "legal"
    reply = answer(request)
    if request.get("op") == "apply":
        applied += 1
        if applied == NTH:
            if MODE.startswith("apply-") and broke_down(MODE.removeprefix("apply-")):
                continue
            if MODE == "apply-illegal":
                reply = {
                    "id": request["id"],
                    "ok": False,
                    "error": "card-not-in-hand",
                    "message": "no",
                }
    if request.get("op") == "score" and reply.get("ok"):
        if MODE == "float-score":
            reply["sides"][0]["points"] += 0.7
        if MODE == "text-score":
            reply["sides"][0]["points"] = str(reply["sides"][0]["points"])
    if request.get("op") == "legal":
        if broke_down(MODE):
            continue
        if MODE == "wrong":
            reply["moves"] = reply["moves"][:-1]
        if MODE == "disorder":
            reply["id"] = request["id"] + 100
        if MODE == "float-id":
            reply["id"] = float(request["id"])
        if MODE == "twice" and reply.get("moves"):
            reply["moves"].insert(0, reply["moves"][0])
        if MODE == "spelled":
            reply["moves"] = [_spelled(text) for text in reply.get("moves", [])]
    if request.get("op") == "play" and reply.get("ok"):
        if MODE == "play-illegal" and len(reply["positions"]) >= NTH:
            del reply["positions"][NTH - 1 :], reply["counts"][NTH - 1 :]
            reply["refused"] = {"error": "card-not-in-hand", "message": "no"}
        if MODE == "play-short":
            del reply["positions"][-1], reply["counts"][-1]
    if request.get("op") == "hello":
        # It counts with its own listing. Perft walks and games a move at a time are
        # what the other modes break: only these modes answer perft and play.
        reply["ops"].append("count")
        if MODE.startswith(("perft-", "play-")):
            reply["ops"] += ["play", "perft"]
    if request.get("op") == "perft" and reply.get("ok"):
        if MODE == "perft-wrong":
            reply["divide"][0]["counts"][-1] += 1
        if MODE == "perft-text":
            reply["divide"][0]["counts"][0] = "1"
    if MODE == "bool-id" and request.get("id") == 1:
        reply["id"] = True
    if counting and "moves" in reply:
        reply["count"] = len(reply.pop("moves"))
        if MODE == "count-text":
            reply["count"] = str(reply["count"])
    print(json.dumps(reply), flush=True)
