#!/usr/bin/env python3
"""Writes the benchmark's data sets, deterministically (same seed and N, same bytes).

usage: bench/generate.py N OUT_DIR [--seed S] [--form NAME]

NAME is one of bench/forms (default signup): signup (bench/signup.yaml), signup_shipped, checkout, checkin,
client, event, login (schemas/*), booking (bench/schemas/booking.yaml).

OUT_DIR/NAME_N.jsonl          one record a line; about 30% invalid in varied ways
OUT_DIR/NAME_N.json           the same records as one JSON array
OUT_DIR/NAME_truth_N.txt      per record, 'ok' or the kind of fault injected
OUT_DIR/NAME.schema.json      the JSON Schema the peers use, equivalent to the form's formcheck schema
                              (with the Python checks of bench/forms/NAME.py for what JSON Schema cannot say)
OUT_DIR/NAME.re.schema.json   the same, with \\p{...} spelled out for validators built on Python's `re`

Strings that anchored patterns or formats check never end with a line break: there ICU's `$` (formcheck's,
and Python's) matches before a final line break and ECMA-262's and Rust's do not.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from forms import FORMS  # noqa: E402
from forms.common import for_python_re  # noqa: E402


def main(argv):
    count, out = int(argv[0]), argv[1]
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 20261121
    form = FORMS[argv[argv.index("--form") + 1] if "--form" in argv else "signup"]
    os.makedirs(out, exist_ok=True)
    r = random.Random(seed)
    encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    encode_ascii = json.JSONEncoder(separators=(",", ":")).encode
    name = form.NAME
    with open(os.path.join(out, f"{name}_{count}.jsonl"), "w", encoding="utf-8") as lines, \
         open(os.path.join(out, f"{name}_{count}.json"), "w", encoding="utf-8") as array, \
         open(os.path.join(out, f"{name}_truth_{count}.txt"), "w") as truth:
        array.write("[\n")
        for index in range(count):
            record, kind = form.generate(r)
            # Some records spell every character beyond ASCII as a \u escape.
            text = encode_ascii(record) if not form.ESCAPES or r.random() < 0.15 else encode(record)
            lines.write(text + "\n")
            array.write(text + (",\n" if index < count - 1 else "\n"))
            truth.write(kind + "\n")
        array.write("]\n")
    with open(os.path.join(out, f"{name}.schema.json"), "w") as f:
        json.dump(form.SCHEMA, f, indent=2)
    with open(os.path.join(out, f"{name}.re.schema.json"), "w") as f:
        json.dump(for_python_re(form.SCHEMA), f, indent=2)


if __name__ == "__main__":
    main(sys.argv[1:])
