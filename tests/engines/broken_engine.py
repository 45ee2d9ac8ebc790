"""A deliberately broken engine for the conformance-kit tests.

It answers like the reference, except for `legal` requests, where it misbehaves as the
first argument says: crash, hang, garbage, wrong (drops a legal move), disorder (answers
with the wrong id) or float-id (the right id written as a float, 3.0); and for `score`
requests in mode float-score (a point total written as 2.7) or text-score (written as
"3"). In mode bool-id it answers request 1 (the hello) with the id true.
"""

import json
import sys
import time

from zwicker_ref.protocol import answer

MODE = sys.argv[1]

for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "quit":
        break
    reply = answer(request)
    if request.get("op") == "score" and reply.get("ok"):
        if MODE == "float-score":
            reply["sides"][0]["points"] += 0.7
        if MODE == "text-score":
            reply["sides"][0]["points"] = str(reply["sides"][0]["points"])
    if request.get("op") == "legal":
        if MODE == "crash":
            sys.exit(3)
        if MODE == "hang":
            time.sleep(60)
        if MODE == "garbage":
            print("this is not JSON", flush=True)
            continue
        if MODE == "wrong":
            reply["moves"] = reply["moves"][:-1]
        if MODE == "disorder":
            reply["id"] = request["id"] + 100
        if MODE == "float-id":
            reply["id"] = float(request["id"])
    if MODE == "bool-id" and request.get("id") == 1:
        reply["id"] = True
    print(json.dumps(reply), flush=True)
