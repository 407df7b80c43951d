"""schemas/event.json: `url`, two dates with `after: { field }`, `min: { field }`, and a warning that never
makes a record invalid (`max: 500`)."""
import datetime

from .common import (DATE_SHAPE, DRAFT, URL, date_fails, date_text, day_after_today, is_empty, is_number,
                     leave_out, obj, optional, parse_date, required, words)

NAME = "event"
YAML = "schemas/event.json"
ESCAPES = True

SCHEMA = dict(obj({
    "title": required({"type": "string", "maxLength": 100}),
    "website": optional({"type": "string", "pattern": URL}),
    "start_date": required(DATE_SHAPE),
    "end_date": required(DATE_SHAPE),
    "min_guests": optional({"type": "integer", "minimum": 1}),
    "max_guests": optional({"type": "integer"}),
}, ["title", "start_date", "end_date"]), **{"$schema": DRAFT})

GOOD_URLS = ["https://example.com", "http://www.example.org/events/2026?ref=mail#top", "https://example.com:8443/x",
             "http://localhost:3000", "https://events.example.net/r%C3%A9union", "https://a-b.example.de/été",
             "https://example.com/?q=a+b&lang=fr"]
BAD_URLS = ["ftp://example.com", "example.com", "http://", "https://", "http://exa mple.com", "http://example.com:0",
            "http://example.com:70000", "http://-bad-.example.com", "https://example..com", "http://example.com/a b",
            "http://exa_mple.com", "https://example.com:", "mailto:someone@example.com", "https//example.com"]


def generate(r):
    start = day_after_today(r, -30, 300)
    record = {"title": words(r, 2, 8).title(), "start_date": date_text(start),
              "end_date": date_text(start + datetime.timedelta(days=r.randint(1, 10)))}
    if r.random() < 0.6:
        record["website"] = r.choice(GOOD_URLS + ["", None])
    if r.random() < 0.7:
        low = r.randint(1, 50)
        record["min_guests"] = low
        if r.random() < 0.8:
            record["max_guests"] = low + r.randint(0, 200) if r.random() < 0.95 else r.randint(501, 900)
    if r.random() < 0.05:
        record["organiser"] = {"name": "Ada"}
    if r.random() >= 0.3:
        return record, "ok"
    kind = r.choice(["missing", "title", "website", "date", "order", "guests", "max"])
    if kind == "missing":
        leave_out(r, record, r.choice(["title", "start_date", "end_date"]))
    elif kind == "title":
        record["title"] = r.choice(["Conférence " * 10, 2026, ["Gala"]])
    elif kind == "website":
        record["website"] = r.choice(BAD_URLS + [42])
    elif kind == "date":
        record[r.choice(["start_date", "end_date"])] = r.choice(["2026-13-01", "2025-02-29", "2026-04-31", "26-01-01",
                                                                 "2026/01/20", 20260120, "2026-01-20 "])
    elif kind == "order":
        record["end_date"] = date_text(start - datetime.timedelta(days=r.randint(0, 5)))
    elif kind == "guests":
        record["min_guests"] = r.choice([0, -5, 2.5, "10", False])
    else:
        record["min_guests"] = r.randint(10, 60)
        record["max_guests"] = r.choice([record["min_guests"] - r.randint(1, 9), 7.5, "100"])
    return record, kind


def second_pass(record):
    """Both dates name real days, end_date after start_date, max_guests at least min_guests."""
    if not isinstance(record, dict):
        return False
    start = record.get("start_date")
    if date_fails(start) or date_fails(record.get("end_date"), parse_date(start)):
        return True
    low, high = record.get("min_guests"), record.get("max_guests")
    return not is_empty(high) and is_number(high) and is_number(low) and high < low


# No pydantic model: formcheck's empty values (null and white space count as missing), its conditions and
# its dates would all be Python validators on the model, which would measure Python code, not pydantic.
pydantic_check = None
