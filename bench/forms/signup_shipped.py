"""schemas/signup.yaml, the signup form that ships with formcheck: a name pattern over letters of any script,
`email`, password character classes of any script, `sameAs`, `requiredIf`, `accepted`, an optional nested
object, and an array of strings with `maxItems` and `uniqueItems`."""
from .common import (DRAFT, EMAIL, EMPTY, LETTERS_NAME, bad_email, email_address, is_empty, leave_out, obj, optional,
                     person_name, required, when_equals, whitespace)

NAME = "signup_shipped"
YAML = "schemas/signup.yaml"
ESCAPES = True

COUNTRIES = ["US", "CA", "FR", "DE", "JP"]
STATES = ["CA", "NY", "TX", "WA", "Massachusetts"]
TAGS = ["music", "chess", "hiking", "cooking", "jazz", "café", "ski", "go", "long-distance running", "日本語"]

SCHEMA = dict(obj({
    "full_name": required({"type": "string", "minLength": 2, "maxLength": 50, "pattern": LETTERS_NAME}),
    "email": required({"type": "string", "pattern": EMAIL}),
    "password": required({"type": "string", "minLength": 8,
                          "allOf": [{"pattern": "\\p{Lu}"}, {"pattern": "\\p{Ll}"}, {"pattern": "\\p{Nd}"}]}),
    "confirm_password": required({"type": "string"}),
    "age": optional({"type": "integer", "minimum": 18}),
    "country": optional({"type": "string", "enum": COUNTRIES}),
    "state": optional({"type": "string"}),
    "terms": {"const": True},
    "address": optional(obj({"zip": required({"type": "string", "pattern": "^[0-9]{5}$"})}, ["zip"])),
    "tags": optional({"type": "array", "maxItems": 5, "uniqueItems": True,
                      "items": optional({"type": "string", "maxLength": 20})}),
}, ["full_name", "email", "password", "confirm_password", "terms"],
    **when_equals("country", "US", {"required": ["state"], "properties": {"state": {"not": EMPTY}}})),
    **{"$schema": DRAFT})

PASSWORDS = ["Analytical1", "Correct1Horse", "Zürich2026x", "ÉCOLEnormale7", "pAssw0rdpass", "Ünïcödé9pass", "Ab1\"quote\\d"]


def generate(r):
    password = r.choice(PASSWORDS)
    record = {"full_name": person_name(r), "email": email_address(r), "password": password,
              "confirm_password": password, "terms": True}
    if r.random() < 0.7:
        record["age"] = r.randint(18, 90)
    if r.random() < 0.8:
        record["country"] = r.choice(COUNTRIES)
        if record["country"] == "US" or r.random() < 0.1:
            record["state"] = r.choice(STATES)
    if r.random() < 0.5:
        record["address"] = {"zip": f"{r.randint(0, 99999):05d}"}
    if r.random() < 0.5:
        record["tags"] = r.sample(TAGS[:8], r.randint(0, 4)) + ([None] if r.random() < 0.05 else [])
    if r.random() >= 0.3:
        return record, "ok"
    kind = r.choice(["missing", "name", "email", "password", "confirm", "age", "country", "state", "terms", "zip",
                     "tags"])
    if kind == "missing":
        leave_out(r, record, r.choice(["full_name", "email", "password", "confirm_password", "terms"]))
    elif kind == "name":
        record["full_name"] = r.choice(["A", "Ada Lovelace 2nd", "Ada_Lovelace", "Ada\nLovelace", "Ada.Lovelace",
                                        "Ελένη Σταύρου " * 4, "李", 1815, "Ada \u201cthe Countess\u201d"])
    elif kind == "email":
        record["email"] = bad_email(r, record["email"])
    elif kind == "password":
        record["password"] = record["confirm_password"] = r.choice(
            ["Short1", "alllowercase1", "ALLUPPERCASE1", "NoDigitsHere", "ÉCOLE12345", "école12345", "12345678"])
    elif kind == "confirm":
        record["confirm_password"] = r.choice([record["password"] + "x", record["password"].lower(), 12345678])
    elif kind == "age":
        record["age"] = r.choice([17, 0, 17.9, "21", True])
    elif kind == "country":
        record["country"] = r.choice(["GB", "us", "Japan", 1])
    elif kind == "state":
        record["country"] = "US"
        if r.random() < 0.5:
            record.pop("state", None)
        else:
            record["state"] = r.choice([None, whitespace(r)])
    elif kind == "terms":
        record["terms"] = r.choice([False, "true", None, "yes"])
    elif kind == "zip":
        record["address"] = r.choice([{"zip": "7500"}, {"zip": 75001}, {}, {"zip": "75001-1234"}, "75001"])
    else:
        record["tags"] = r.choice([["jazz", "jazz"], TAGS[:6], ["a" * 21], [1, 2], "music", ["café", "cafe", "café"]])
    return record, kind


def second_pass(record):
    """confirm_password equals password (`sameAs`: JSON equality, a missing password differs)."""
    if not isinstance(record, dict):
        return False
    confirm = record.get("confirm_password")
    return isinstance(confirm, str) and not is_empty(confirm) and record.get("password") != confirm


# No pydantic model: formcheck's empty values (null and white space count as missing), its conditions and
# its dates would all be Python validators on the model, which would measure Python code, not pydantic.
pydantic_check = None
