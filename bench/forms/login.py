"""schemas/login.yaml: `email` (the WHATWG definition) and a required sensitive password."""
from .common import DRAFT, EMAIL, bad_email, email_address, obj, required, whitespace, words

NAME = "login"
YAML = "schemas/login.yaml"
ESCAPES = True

SCHEMA = dict(obj({
    "email": required({"type": "string", "pattern": EMAIL}),
    "password": required({"type": "string"}),
}, ["email", "password"]), **{"$schema": DRAFT})


def generate(r):
    record = {"email": email_address(r),
              "password": r.choice(["Secret123", "correct horse battery staple", "pässwörd\u00e9", "tab\there",
                                    "line\nbreak", "quote\"d", "\\back", words(r, 1, 3)])}
    if r.random() < 0.1:
        record["remember_me"] = r.choice([True, False])
    if r.random() >= 0.3:
        return record, "ok"
    kind = r.choice(["missing", "empty", "email", "type"])
    if kind == "missing":
        del record[r.choice(["email", "password"])]
    elif kind == "empty":
        record[r.choice(["email", "password"])] = r.choice([None, whitespace(r)])
    elif kind == "email":
        record["email"] = bad_email(r, record["email"])
    else:
        record[r.choice(["email", "password"])] = r.choice([1234, False, ["x"], {}])
    return record, kind


def second_pass(record):
    return False


def pydantic_check():
    from pydantic import BaseModel, ConfigDict, Field, ValidationError
    from .common import model_check

    class Login(BaseModel):
        model_config = ConfigDict(strict=True)
        email: str = Field(pattern=EMAIL)
        password: str = Field(pattern=r"\S")

    return model_check(Login, ValidationError)
