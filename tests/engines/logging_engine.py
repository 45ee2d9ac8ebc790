"""The reference over the protocol, writing every request and answer to a log (JSON lines).

Used by the tests to check that every message of a real run follows the protocol schema.
"""

import json
import sys

from zwicker_ref.protocol import answer

LOG = sys.argv[1]

with open(LOG, "a", encoding="utf-8") as log:
    for line in sys.stdin:
        request = json.loads(line)
        reply = answer(request)
        log.write(json.dumps({"request": request, "answer": reply}) + "\n")
        if request.get("op") == "quit":
            break
        print(json.dumps(reply), flush=True)
