"""The benchmark's own signup form, bench/signup.yaml: ASCII patterns, a nested object, `sameAs`.

Its data sets are the ones the benchmark has always used (same generator, same seed, same bytes).
"""
import string

from .common import DRAFT, model_check

NAME = "signup"
YAML = "bench/signup.yaml"
ESCAPES = False

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
    "$schema": DRAFT,
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


def generate(r):
    record = valid(r)
    kind = fault(r, record) if r.random() < 0.3 else "ok"
    return record, kind


def second_pass(record):
    """confirm_password == password, which JSON Schema cannot say."""
    return isinstance(record, dict) and "password" in record and "confirm_password" in record \
        and record["confirm_password"] != record["password"]


def pydantic_check():
    from typing import Literal, Optional
    from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

    class Address(BaseModel):
        model_config = ConfigDict(strict=True)
        street: str = Field(min_length=1, max_length=100)
        city: str = Field(min_length=1, max_length=60)
        zip: str = Field(pattern=r"^[0-9]{5}$")

    class Signup(BaseModel):
        model_config = ConfigDict(strict=True)
        name: str = Field(min_length=2, max_length=50, pattern=r"^[A-Za-z' -]+$")
        email: str = Field(max_length=254, pattern=r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
        username: str = Field(min_length=3, max_length=20, pattern=r"^[a-z0-9_]+$")
        password: str = Field(min_length=8)
        confirm_password: str
        age: int = Field(ge=18, le=120)
        country: Literal["US", "CA", "MX", "BR", "AR", "GB", "IE", "FR", "DE", "NL",
                         "ES", "IT", "PL", "SE", "NO", "IN", "JP", "KR", "AU", "ZA"]
        terms: Literal[True]
        address: Optional[Address] = None

        @field_validator("password")
        @classmethod
        def classes(cls, value):
            if not (any(c.isupper() and c.isascii() for c in value) and any(c.islower() and c.isascii() for c in value)
                    and any(c in "0123456789" for c in value)):
                raise ValueError("password needs an uppercase letter, a lowercase letter and a digit")
            return value

        @model_validator(mode="after")
        def confirm(self):
            if self.confirm_password != self.password:
                raise ValueError("confirm_password must match password")
            return self

    return model_check(Signup, ValidationError)

