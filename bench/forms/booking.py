"""bench/schemas/booking.yaml, written for the benchmark: dates after `today` and after another field, a
field that counts only under a `when` condition, an array of objects, `url`, a name pattern over letters of
any script, and unknown members rejected at every level."""
import datetime

from .common import (DATE_SHAPE, DRAFT, EMAIL, FIRST, LETTERS_NAME, TODAY, URL, bad_email, date_fails, date_text,
                     day_after_today, email_address, leave_out, obj, optional, parse_date, person_name, required,
                     when_equals, words)
from .event import BAD_URLS, GOOD_URLS

NAME = "booking"
YAML = "bench/schemas/booking.yaml"
ESCAPES = True

GUEST = obj({
    "name": required({"type": "string", "maxLength": 40, "pattern": LETTERS_NAME}),
    "age": required({"type": "integer", "minimum": 0, "maximum": 120}),
}, ["name", "age"], reject_unknown=True)

SCHEMA = dict(obj({
    "guest_name": required({"type": "string", "minLength": 2, "maxLength": 60, "pattern": LETTERS_NAME}),
    "email": required({"type": "string", "pattern": EMAIL}),
    "check_in": required(DATE_SHAPE),
    "check_out": required(DATE_SHAPE),
    "rooms": required({"type": "integer", "minimum": 1, "maximum": 5}),
    "purpose": required({"type": "string", "enum": ["leisure", "business"]}),
    # Counts only when purpose is business (`when:` on the field): then required, 2 to 80 characters.
    "company": {},
    "website": optional({"type": "string", "pattern": URL}),
    "guests": required({"type": "array", "minItems": 1, "maxItems": 6, "items": optional(GUEST)}),
    "notes": optional({"type": "string", "maxLength": 200}),
}, ["guest_name", "email", "check_in", "check_out", "rooms", "purpose", "guests"], reject_unknown=True,
    **when_equals("purpose", "business", {
        "required": ["company"],
        "properties": {"company": required({"type": "string", "minLength": 2, "maxLength": 80})}})),
    **{"$schema": DRAFT})

COMPANIES = ["Acme", "Globex GmbH", "Société Générale", "Initech \"Consulting\"", "Umbrella\\Corp", "株式会社サンプル"]


def guest(r):
    return {"name": r.choice(FIRST) if r.random() < 0.5 else person_name(r), "age": r.randint(0, 95)}


def generate(r):
    check_in = day_after_today(r, 1, 300)
    purpose = r.choice(["leisure", "leisure", "business"])
    record = {"guest_name": person_name(r), "email": email_address(r), "check_in": date_text(check_in),
              "check_out": date_text(check_in + datetime.timedelta(days=r.randint(1, 14))),
              "rooms": r.randint(1, 3), "purpose": purpose,
              "guests": [guest(r) for _ in range(r.randint(1, 4))]}
    if purpose == "business":
        record["company"] = r.choice(COMPANIES)
    elif r.random() < 0.1:
        record["company"] = r.choice(["", "X", 42, None])  # not counted: purpose is not business
    if r.random() < 0.3:
        record["website"] = r.choice(GOOD_URLS)
    if r.random() < 0.4:
        record["notes"] = words(r, 1, 20)
    if r.random() >= 0.3:
        return record, "ok"
    kind = r.choice(["missing", "name", "email", "check_in", "check_out", "rooms", "purpose", "company", "website",
                     "guests", "guest", "notes", "unknown"])
    if kind == "missing":
        leave_out(r, record, r.choice(["guest_name", "email", "check_in", "check_out", "rooms", "purpose", "guests"]))
    elif kind == "name":
        record["guest_name"] = r.choice(["J", "Ada Lovelace 2nd", "Ada\tLovelace", "R2-D2", "Ada_Lovelace",
                                         "Ελένη Σταύρου Παπαδοπούλου " * 3, 7, "Zoë \u00e9\u00e8 O\u2019Brien"])
    elif kind == "email":
        record["email"] = bad_email(r, record["email"])
    elif kind == "check_in":
        record["check_in"] = r.choice([date_text(TODAY), date_text(TODAY - datetime.timedelta(days=r.randint(1, 60))),
                                       "2026-02-29", "2026-06-31", "2026-6-1", "tomorrow", 20260601])
    elif kind == "check_out":
        record["check_out"] = r.choice([record["check_in"],
                                        date_text(check_in - datetime.timedelta(days=r.randint(1, 10))),
                                        "2026-09-31", "31.12.2026"])
    elif kind == "rooms":
        record["rooms"] = r.choice([0, 6, 1.5, "2", False])
    elif kind == "purpose":
        record["purpose"] = r.choice(["Business", "pleasure", "", 1])
    elif kind == "company":
        record["purpose"] = "business"
        record["company"] = r.choice([None, "", "  ", "X", "Ü", "Globex " * 12, 42, ["Acme"]])
        if r.random() < 0.3:
            del record["company"]
    elif kind == "website":
        record["website"] = r.choice(BAD_URLS)
    elif kind == "guests":
        record["guests"] = r.choice([[], [guest(r) for _ in range(7)], {"name": "Ada", "age": 36}, "Ada"])
    elif kind == "guest":
        item = r.choice(record["guests"])
        change = r.choice(["name", "age", "missing", "unknown", "type"])
        if change == "name":
            item["name"] = r.choice(["", "Ada2", "Ada\nLovelace", "Anne-Marie " * 4, "Ada!", 5])
        elif change == "age":
            item["age"] = r.choice([-1, 121, 3.5, "30", None])
        elif change == "missing":
            del item[r.choice(["name", "age"])]
        elif change == "unknown":
            item[r.choice(["room", "Age", "prénom"])] = 1
        else:
            record["guests"][record["guests"].index(item)] = r.choice([["Ada", 36], "Ada", 36, True])
    elif kind == "notes":
        record["notes"] = words(r, 1, 5) + " " + "\u00e9" * r.randint(200, 240)
    else:
        record[r.choice(["newsletter", "Email", "nights", "guest name"])] = r.choice([True, "yes", 3])
    return record, kind


def second_pass(record):
    """Both dates name real days, check_in after today, check_out after check_in."""
    if not isinstance(record, dict):
        return False
    check_in = record.get("check_in")
    return date_fails(check_in, TODAY) or date_fails(record.get("check_out"), parse_date(check_in))


# No pydantic model: formcheck's empty values (null and white space count as missing), its conditions and
# its dates would all be Python validators on the model, which would measure Python code, not pydantic.
pydantic_check = None
