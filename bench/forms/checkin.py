"""schemas/checkin.yaml: `maxLength`, `email`, `alphanumeric` (letters of any script and decimal digits),
`notOneOf` ignoring case. Its `async` rule passes in batch checks, as it does in formcheck."""
from .common import DRAFT, EMAIL, FIRST, bad_email, email_address, obj, person_name, required, whitespace

NAME = "checkin"
YAML = "schemas/checkin.yaml"
ESCAPES = True

TAKEN = ["admin", "root", "captain", "pilot", "crew"]
# notOneOf with ignoreCase, spelled without flags so that every regular expression dialect reads it alike.
TAKEN_PATTERN = "^(?:" + "|".join("".join(f"[{c.upper()}{c}]" for c in word) for word in TAKEN) + ")$"

SCHEMA = dict(obj({
    "name": required({"type": "string", "maxLength": 80}),
    "email": required({"type": "string", "pattern": EMAIL}),
    "username": required({"type": "string", "minLength": 3, "pattern": "^[\\p{L}\\p{Nd}]+$",
                          "not": {"pattern": TAKEN_PATTERN}}),
}, ["name", "email", "username"]), **{"$schema": DRAFT})


def username(r):
    base = r.choice(FIRST).replace("-", "").replace(" ", "")
    return base.lower() + str(r.randint(0, 9999)) if r.random() < 0.8 else base


def generate(r):
    record = {"name": person_name(r), "email": email_address(r), "username": username(r)}
    if r.random() < 0.05:
        record["name"] = ("Dr " + record["name"] + " \"the navigator\"\t" + "x" * 60)[:r.randint(60, 80)]
    if r.random() < 0.1:
        record["seat"] = r.choice(["12A", 7, None])
    if r.random() >= 0.3:
        return record, "ok"
    kind = r.choice(["missing", "empty", "name", "email", "username", "taken"])
    if kind == "missing":
        del record[r.choice(["name", "email", "username"])]
    elif kind == "empty":
        record[r.choice(["name", "email", "username"])] = r.choice([None, whitespace(r)])
    elif kind == "name":
        record["name"] = r.choice(["Amelia " * 12, "Ελένη " * 14, 1897, ["Amelia"]])
    elif kind == "email":
        record["email"] = bad_email(r, record["email"])
    elif kind == "username":
        record["username"] = r.choice(["am", "Zö", "amelia_1897", "amelia-1897", "am elia", "am.elia", "émi!", 1897,
                                       "amelia\n1897"])
    else:
        record["username"] = r.choice(TAKEN + ["Admin", "ROOT", "Captain", "pILOT", "CREW"])
    return record, kind


def second_pass(record):
    return False


# No pydantic model: formcheck's empty values (null and white space count as missing), its conditions and
# its dates would all be Python validators on the model, which would measure Python code, not pydantic.
pydantic_check = None
