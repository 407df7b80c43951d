#!/usr/bin/env python3
"""Writes the benchmark's data sets, deterministically (same seed and N, same bytes).

usage: bench/generate.py N OUT_DIR [--seed S]

OUT_DIR/signup_N.jsonl   one signup record a line; about 30% invalid in varied ways
OUT_DIR/signup_N.json    the same records as one JSON array
OUT_DIR/truth_N.txt      per record, 'ok' or the kind of fault injected
OUT_DIR/schema.json      the JSON Schema the peers use, equivalent to bench/signup.yaml
"""
import json
import os
import random
import string
import sys

COUNTRIES = ["US", "CA", "MX", "BR", "AR", "GB", "IE", "FR", "DE", "NL",
             "ES", "IT", "PL", "SE", "NO", "IN", "JP", "KR", "AU", "ZA"]
FIRST = ["Maria", "John", "Aiko", "Liam", "Noah", "Olivia", "Sofia", "Mateo", "Chloe", "Amara",
         "Yusuf", "Ingrid", "Pierre", "Wei", "Priya", "Jean-Luc", "Anne-Marie", "Dmitri", "Kwame"]
LAST = ["Smith", "O'Brien", "Garcia", "Muller", "Rossi", "Nakamura", "Van der Berg", "Nguyen",
        "D'Angelo", "Okafor", "Silva", "MacDonald", "Dubois", "Tanaka", "Patel", "Smith-Jones"]
DOMAINS = ["example.com", "mail.example.org", "inbox.test", "corp.example.net", "post.example.de"]
STREETS = ["Main Street", "Oak Avenue", "Pine Road", "Maple Lane", "Station Road"]
CITIES = ["Springfield", "Riverton", "Lakeside", "Fairview", "Georgetown", "Madison"]
REQUIRED = ["name", "email", "username", "password", "confirm_password", "age", "country", "terms"]

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": REQUIRED,
    "properties": {
        "name": {"type": "string", "minLength": 2, "maxLength": 50, "pattern": "^[A-Za-z' -]+$"},
        "email": {"type": "string", "maxLength": 254,
                  "pattern": "^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$"},
        "username": {"type": "string", "minLength": 3, "maxLength": 20, "pattern": "^[a-z0-9_]+$"},
        "password": {"type": "string", "minLength": 8,
                     "allOf": [{"pattern": "[A-Z]"}, {"pattern": "[a-z]"}, {"pattern": "[0-9]"}]},
        "confirm_password": {"type": "string"},
        "age": {"type": "integer", "minimum": 18, "maximum": 120},
        "country": {"enum": COUNTRIES},
        "terms": {"const": True},
        "address": {
            "type": "object",
            "required": ["street", "city", "zip"],
            "properties": {
                "street": {"type": "string", "minLength": 1, "maxLength": 100},
                "city": {"type": "string", "minLength": 1, "maxLength": 60},
                "zip": {"type": "string", "pattern": "^[0-9]{5}$"},
            },
        },
    },
}


def password(r):
    chars = [r.choice(string.ascii_uppercase), r.choice(string.ascii_lowercase), r.choice(string.digits)]
    chars += [r.choice(string.ascii_letters + string.digits + "!@#$%^&*-_") for _ in range(r.randint(5, 13))]
    r.shuffle(chars)
    return "".join(chars)


def valid(r):
    first, last = r.choice(FIRST), r.choice(LAST)
    user = (first + "_" + last).lower().replace(" ", "").replace("'", "").replace("-", "")[:14] + str(r.randint(0, 99999))
    pw = password(r)
    record = {
        "name": f"{first} {last}",
        "email": f"{user[:20]}{r.randint(1, 999)}@{r.choice(DOMAINS)}",
        "username": user[:20],
        "password": pw,
        "confirm_password": pw,
        "age": r.randint(18, 90),
        "country": r.choice(COUNTRIES),
        "terms": True,
    }
    if r.random() < 0.6:
        record["address"] = {"street": f"{r.randint(1, 9999)} {r.choice(STREETS)}", "city": r.choice(CITIES),
                             "zip": f"{r.randint(0, 99999):05d}"}
    return record


def fault(r, record):
    """One fault of a random kind; returns its name."""
    kind = r.choice(["missing", "name", "email", "username", "password", "confirm", "age", "country", "terms", "zip"])
    if kind == "missing":
        del record[r.choice(REQUIRED)]
    elif kind == "name":
        record["name"] = r.choice(["A", "Bartholomew Maximilian " * 3, record["name"] + "42", 1234])
    elif kind == "email":
        record["email"] = r.choice([record["email"].replace("@", ""), "@example.com", record["email"].split("@")[0] + "@localhost"])
    elif kind == "username":
        record["username"] = r.choice(["ab", record["username"].capitalize() + "X", record["username"][:8] + "-!"])
    elif kind == "password":
        bad = r.choice(["Ab1x", "lowercase123", "UPPERCASE123", "NoDigitsHere"])
        record["password"] = record["confirm_password"] = bad
    elif kind == "confirm":
        record["confirm_password"] = record["password"] + "x"
    elif kind == "age":
        record["age"] = r.choice([15, 150, "30", 30.5])
    elif kind == "country":
        record["country"] = r.choice(["XX", "usa", "Germany"])
    elif kind == "terms":
        record["terms"] = r.choice([False, "yes"])
    else:
        record["address"] = {"street": "1 Main Street", "city": "Madison", "zip": r.choice(["1234", "ABCDE", 12345])}
    return kind


def main(argv):
    count, out = int(argv[0]), argv[1]
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 20261121
    os.makedirs(out, exist_ok=True)
    r = random.Random(seed)
    encode = json.JSONEncoder(separators=(",", ":")).encode
    with open(os.path.join(out, f"signup_{count}.jsonl"), "w") as lines, \
         open(os.path.join(out, f"signup_{count}.json"), "w") as array, \
         open(os.path.join(out, f"truth_{count}.txt"), "w") as truth:
        array.write("[\n")
        for index in range(count):
            record = valid(r)
            kind = fault(r, record) if r.random() < 0.3 else "ok"
            text = encode(record)
            lines.write(text + "\n")
            array.write(text + (",\n" if index < count - 1 else "\n"))
            truth.write(kind + "\n")
        array.write("]\n")
    with open(os.path.join(out, "schema.json"), "w") as f:
        json.dump(SCHEMA, f, indent=2)


if __name__ == "__main__":
    main(sys.argv[1:])
