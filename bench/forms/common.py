"""What the forms of the benchmark share: formcheck's value semantics stated in JSON Schema, the date the
`today` rules use, strict dates, and bits of generated text.

formcheck's semantics (README, "Semantics"): a missing member, null, an empty string and a string of only
white space are empty; an empty field skips every rule but presence rules; a present, non-empty value of
the wrong type fails. `optional` and `required` state that in JSON Schema around a field's own checks.
"""
import datetime
import re

# The date that formcheck's `today` means in the benchmark (`formcheck --today`), and the Python checks too.
TODAY = datetime.date(2026, 1, 15)

DRAFT = "https://json-schema.org/draft/2020-12/schema"

# Empty in formcheck's sense. The generators write white space only as spaces, tabs and line feeds,
# where Python's, Rust's and Swift's ideas of white space agree.
EMPTY = {"anyOf": [{"type": "null"}, {"type": "string", "pattern": "^\\s*$"}]}


def optional(checks):
    """A field without a presence rule: empty, or a value that passes `checks`."""
    return {"anyOf": [EMPTY, checks]}


def required(checks):
    """A field whose chain starts with `required`: present (listed in the object's `required`) and not empty."""
    if "not" in checks:
        return {"allOf": [{"not": EMPTY}, checks]}
    return dict(checks, **{"not": EMPTY})


def obj(properties, required_names=(), reject_unknown=False, **more):
    schema = {"type": "object", "properties": properties}
    if required_names:
        schema["required"] = list(required_names)
    if reject_unknown:
        schema["additionalProperties"] = False
    schema.update(more)
    return schema


def when_equals(field, value, then):
    """JSON Schema's `if`/`then` for formcheck's condition `{ field: FIELD, equals: VALUE }` (JSON equality)."""
    return {"if": {"properties": {field: {"const": value}}, "required": [field]}, "then": then}


# formcheck's `date` type: a string YYYY-MM-DD that names a real day (years 1 to 9999). JSON Schema states the
# shape (ten characters, so a trailing line feed cannot slip past `$`); the second pass checks the day exists.
DATE_SHAPE = {"type": "string", "minLength": 10, "maxLength": 10, "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z", re.ASCII)

# `email`: the WHATWG HTML definition, which formcheck implements (`$` escaped in the class, where
# fastjsonschema would otherwise turn it into `\Z`).
EMAIL = ("^[a-zA-Z0-9.!#\\$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
         "(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$")

# `url` on the addresses the generators write: http or https, an ASCII host name, an optional port 1-65535,
# then a path, query or fragment without white space. formcheck also takes hosts in any script, IPv6
# hosts, user info and upper-case schemes, which the generated data does not hold.
URL = ("^https?://[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
       "(?::(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?"
       "(?:[/?#][^\\s]*)?$")

# The name pattern of schemas/signup.yaml and the booking form, in formcheck's and JSON Schema's syntax.
LETTERS_NAME = "^[\\p{L} '-]+$"


def is_empty(value):
    return value is None or (isinstance(value, str) and value.strip(" \t\n\r\f\v") == "")


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse_date(value):
    """The day a value names, as formcheck reads a date (exactly YYYY-MM-DD, a real day), else None."""
    if not isinstance(value, str) or not DATE_TEXT.match(value):
        return None
    try:
        return datetime.date(int(value[:4]), int(value[5:7]), int(value[8:]))
    except ValueError:
        return None


def bad_date(value):
    """True for a filled-in value of a date field that names no real day (its shape JSON Schema checks too)."""
    return not is_empty(value) and parse_date(value) is None


def date_fails(value, after=None):
    """True when a date field's filled-in value names no real day, or a day not after `after` (`after: today`
    or `after: { field }`; None when the other field holds no date, and then the rule passes)."""
    if bad_date(value):
        return True
    day = parse_date(value)
    return day is not None and after is not None and not day > after


def date_text(day):
    return day.isoformat()


def day_after_today(r, low=1, high=400):
    return TODAY + datetime.timedelta(days=r.randint(low, high))


# Names and words, some beyond ASCII; the generators pick from these.
FIRST = ["Maria", "John", "Aiko", "Liam", "Noah", "Olivia", "Sofia", "Mateo", "Chloe", "Amara", "Zoë", "José",
         "Yusuf", "Ingrid", "Pierre", "Wei", "Priya", "Jean-Luc", "Anne-Marie", "Dmitri", "Kwame", "Łukasz",
         "Søren", "Çelik", "Ngozi", "Renée", "Björn", "Иван", "Ελένη", "Àlex"]
LAST = ["Smith", "O'Brien", "Garcia", "Müller", "Rossi", "Nakamura", "Van der Berg", "Nguyen", "Ødegaard",
        "D'Angelo", "Okafor", "Silva", "MacDonald", "Dubois", "Tanaka", "Patel", "Smith-Jones", "Núñez",
        "Petrov", "Σταύρου", "Kowalski", "Brontë"]
ASCII_FIRST = [name for name in FIRST if name.isascii()]
ASCII_LAST = [name for name in LAST if name.isascii()]
DOMAINS = ["example.com", "mail.example.org", "inbox.test", "corp.example.net", "post.example.de"]
CITIES = ["Springfield", "Riverton", "Lakeside", "Fairview", "Georgetown", "Madison", "Zürich", "Kraków"]
STREETS = ["Main Street", "Oak Avenue", "Pine Road", "Maple Lane", "Station Road", "Rue de la Paix"]
WORDS = ["quiet", "room", "late", "arrival", "please", "thank", "you", "view", "sea", "garden", "café",
         "naïve", "über", "crème", "brûlée", "façade", "smörgåsbord"]


def person_name(r):
    return f"{r.choice(FIRST)} {r.choice(LAST)}"


def email_address(r):
    user = r.choice(ASCII_FIRST).lower().replace("-", ".") + r.choice(["", ".", "_", "+"]) + str(r.randint(1, 9999))
    return f"{user}@{r.choice(DOMAINS)}"


def bad_email(r, good):
    return r.choice([good.replace("@", ""), "@example.com", good.split("@")[0] + "@-bad.example.com",
                     good.split("@")[0] + "@example.com.", "a space@example.com", good + "\u00e9",
                     good.split("@")[0] + "@exa_mple.com"])


def words(r, low, high):
    """Free text of low to high words, now and then with a line break or a tab inside (never at the end)."""
    text = " ".join(r.choice(WORDS) for _ in range(r.randint(low, high)))
    if r.random() < 0.2:
        cut = text.find(" ")
        if cut > 0:
            text = text[:cut] + r.choice(["\n", "\t", "\n\n", " \"quoted\" "]) + text[cut + 1:]
    return text


def leave_out(r, record, field):
    """A required field left out: missing, null, or only white space."""
    if r.random() < 0.5:
        del record[field]
    else:
        record[field] = r.choice([None, whitespace(r)])


def whitespace(r):
    return r.choice(["", " ", "   ", "\t", " \n ", "\n"])


def model_check(model, error_type):
    """A pydantic model as a check: raw JSON bytes go to pydantic's own parser, parsed records to the model."""
    def check(item):
        try:
            if isinstance(item, bytes):
                model.model_validate_json(item)
            else:
                model.model_validate(item)
            return 0
        except error_type as error:
            return error.error_count()
    return check


def for_python_re(schema):
    """The schema with the Unicode properties its patterns use (\\p{L}, \\p{Lu}, \\p{Ll}, \\p{Nd}) spelled out as
    ranges, for validators that run patterns on Python's `re`, which has no \\p{...}."""
    if isinstance(schema, dict):
        return {key: (spell_out_properties(value) if key == "pattern" else for_python_re(value))
                for key, value in schema.items()}
    if isinstance(schema, list):
        return [for_python_re(value) for value in schema]
    return schema


def spell_out_properties(pattern):
    out, inside, index = [], False, 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("\\p{", index):
            end = pattern.index("}", index)
            ranges = category_ranges(pattern[index + 3:end])
            out.append(ranges if inside else f"[{ranges}]")
            index = end + 1
            continue
        if char == "\\":
            out.append(pattern[index:index + 2])
            index += 2
            continue
        if char == "[" and not inside:
            inside = True
        elif char == "]" and inside:
            inside = False
        out.append(char)
        index += 1
    return "".join(out)


_RANGES = {}


def category_ranges(name):
    """The code points of a general category (`L`: every letter category) as the inside of a class."""
    if name not in _RANGES:
        import sys
        import unicodedata
        parts, start, previous = [], None, None
        for code in range(sys.maxunicode + 1):
            if unicodedata.category(chr(code)).startswith(name):
                if start is None:
                    start = code
                previous = code
            elif start is not None:
                parts.append((start, previous))
                start = None
        if start is not None:
            parts.append((start, previous))
        escape = lambda code: f"\\U{code:08x}"
        _RANGES[name] = "".join(escape(a) if a == b else f"{escape(a)}-{escape(b)}" for a, b in parts)
    return _RANGES[name]
