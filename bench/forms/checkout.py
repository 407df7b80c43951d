"""schemas/checkout.yaml: unknown members rejected (nested object too), a rule-level `when` on a sibling,
`oneOf`, an optional `pattern`, `between`, and a `date` after `today`."""
import datetime

from .common import (CITIES, DATE_SHAPE, DRAFT, STREETS, TODAY, date_fails, date_text, day_after_today, obj,
                     optional, person_name, required, when_equals, whitespace)

NAME = "checkout"
YAML = "schemas/checkout.yaml"
ESCAPES = True

COUNTRIES = ["US", "CA", "FR", "DE", "JP"]
SHIPPING = ["name", "street", "city", "country", "zip"]
US_ZIP = "^[0-9]{5}(-[0-9]{4})?$"

SCHEMA = dict(obj({
    "shipping": required(obj({
        "name": required({"type": "string", "maxLength": 80}),
        "street": required({"type": "string"}),
        "city": required({"type": "string"}),
        "country": required({"type": "string", "enum": COUNTRIES}),
        "zip": required({"type": "string"}),
    }, SHIPPING, reject_unknown=True, **when_equals("country", "US", {"properties": {"zip": {"pattern": US_ZIP}}}))),
    "coupon": optional({"type": "string", "pattern": "^[A-Z0-9]{6,12}$"}),
    "quantity": required({"type": "integer", "minimum": 1, "maximum": 10}),
    "delivery_date": required(DATE_SHAPE),
}, ["shipping", "quantity", "delivery_date"], reject_unknown=True), **{"$schema": DRAFT})

ZIPS = {"US": lambda r: f"{r.randint(0, 99999):05d}" + (f"-{r.randint(0, 9999):04d}" if r.random() < 0.3 else ""),
        "CA": lambda r: r.choice(["M5V 2T6", "H2X 1Y4", "V6B 4Y8"]),
        "FR": lambda r: f"{r.randint(1000, 95999):05d}",
        "DE": lambda r: f"{r.randint(1000, 99999):05d}",
        "JP": lambda r: f"{r.randint(100, 999)}-{r.randint(0, 9999):04d}"}


def generate(r):
    country = r.choice(COUNTRIES)
    record = {
        "shipping": {"name": person_name(r), "street": f"{r.randint(1, 999)} {r.choice(STREETS)}",
                     "city": r.choice(CITIES), "country": country, "zip": ZIPS[country](r)},
        "quantity": r.randint(1, 10),
        "delivery_date": date_text(day_after_today(r, 1, 120)),
    }
    if r.random() < 0.4:
        record["coupon"] = r.choice(["SAVE2026", "WELCOME10", "ABC123", "BLACKFRIDAY1", "", " ", None])
    if r.random() >= 0.3:
        return record, "ok"
    shipping = record["shipping"]
    kind = r.choice(["missing", "shipping", "country", "zip", "coupon", "quantity", "date", "unknown", "name"])
    if kind == "missing":
        del record[r.choice(["shipping", "quantity", "delivery_date"])]
    elif kind == "shipping":
        if r.random() < 0.3:
            record["shipping"] = r.choice([None, "", {}, [], "12 Main Street"])
        else:
            field = r.choice(SHIPPING)
            if r.random() < 0.5:
                del shipping[field]
            else:
                shipping[field] = whitespace(r)
    elif kind == "country":
        shipping["country"] = r.choice(["GB", "us", "USA", "Japan", 1, "U\u0053 "])
    elif kind == "zip":
        shipping["country"] = "US"
        shipping["zip"] = r.choice(["1234", "123456", "12345-67", "ABCDE", "12 345", "١٢٣٤٥", 12345])
    elif kind == "coupon":
        record["coupon"] = r.choice(["save2026", "SAVE 10", "ABC12", "ÄBCDEF1", "ABCDEFGHIJKLM", 123456])
    elif kind == "quantity":
        record["quantity"] = r.choice([0, 11, -1, 2.5, "2", None, True])
    elif kind == "date":
        record["delivery_date"] = r.choice([
            date_text(TODAY), date_text(TODAY - datetime.timedelta(days=r.randint(1, 900))), "2026-02-30",
            "2026-2-3", "15/01/2026", "2026-01-15T10:00", 20260120, "2026\u201301\u201320"])
    elif kind == "unknown":
        if r.random() < 0.5:
            record[r.choice(["gift_wrap", "Quantity", "notes"])] = r.choice([True, "yes", None])
        else:
            shipping[r.choice(["phone", "Zip", "état"])] = "+1 555 0100"
    else:
        shipping["name"] = r.choice(["Ada Lovelace " * 7, "Ødegaard-Núñez " * 6])
    return record, kind


def second_pass(record):
    """delivery_date names a real day, after today."""
    if not isinstance(record, dict):
        return False
    return date_fails(record.get("delivery_date"), TODAY)


# No pydantic model: formcheck's empty values (null and white space count as missing), its conditions and
# its dates would all be Python validators on the model, which would measure Python code, not pydantic.
pydantic_check = None
