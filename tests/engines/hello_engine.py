"""The reference over the protocol with a hello of the first argument's kind; requests logged.

- ``empty``: answers ``{}`` to hello (not a protocol answer at all);
- ``old``: says protocol 0;
- ``apply-only``: lists only the ``legal`` and ``apply`` operations;
- ``no-options``: declares no option for any variant.

Every request's op is appended to the file named by the second argument (one a line).
"""

import json
import sys

from zwicker_ref.protocol import answer

MODE, LOG = sys.argv[1], sys.argv[2]

with open(LOG, "a", encoding="utf-8") as log:
    for line in sys.stdin:
        request = json.loads(line)
        log.write(f"{request.get('op')}\n")
        log.flush()
        if request.get("op") == "quit":
            break
        reply = answer(request)
        if request.get("op") == "hello":
            if MODE == "empty":
                reply = {}
            if MODE == "old":
                reply["protocol"] = 0
            if MODE == "apply-only":
                reply["ops"] = ["legal", "apply"]
            if MODE == "no-options":
                reply["options"] = {}
        print(json.dumps(reply), flush=True)
