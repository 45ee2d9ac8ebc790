"""The reference over the protocol, writing every request and answer to a log (JSON lines).

Used by the tests to check that every message of a real run follows the protocol schema.
A second argument lists operations its ``hello`` leaves out, comma-separated.
"""

import json
import sys

from zwicker_ref.protocol import OPERATIONS, answer

LOG = sys.argv[1]
HIDDEN = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else set()
"""Operations left out of the ``hello`` (the second argument, comma-separated)."""

with open(LOG, "a", encoding="utf-8") as log:
    for line in sys.stdin:
        request = json.loads(line)
        reply = answer(request)
        if request.get("op") == "hello":  # every operation (as serve lists them) but those
            reply["ops"] = [op for op in OPERATIONS if op != "quit" and op not in HIDDEN]
        log.write(json.dumps({"request": request, "answer": reply}) + "\n")
        if request.get("op") == "quit":
            break
        print(json.dumps(reply), flush=True)
