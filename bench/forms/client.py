"""schemas/client.yaml: three required fields, `contains`, `min`. Unknown members are ignored."""
from .common import DRAFT, email_address, obj, person_name, required, whitespace

NAME = "client"
YAML = "schemas/client.yaml"
ESCAPES = True

SCHEMA = dict(obj({
    "name": required({"type": "string"}),
    "email": required({"type": "string", "pattern": "@"}),
    "age": required({"type": "integer", "minimum": 18}),
}, ["name", "email", "age"]), **{"$schema": DRAFT})


def generate(r):
    record = {"name": person_name(r), "email": email_address(r), "age": r.randint(18, 95)}
    if r.random() < 0.1:
        record[r.choice(["note", "source", "Name"])] = r.choice(["walk-in", 7, None, {"a": [1, 2]}])
    if r.random() < 0.05:
        record["age"] = r.choice([18, 18.0, 40.0, 120000])
    if r.random() >= 0.3:
        return record, "ok"
    kind = r.choice(["missing", "empty", "name", "email", "age"])
    if kind == "missing":
        del record[r.choice(["name", "email", "age"])]
    elif kind == "empty":
        record[r.choice(["name", "email", "age"])] = r.choice([None, whitespace(r)])
    elif kind == "name":
        record["name"] = r.choice([42, True, ["Ada"], {"first": "Ada"}])
    elif kind == "email":
        record["email"] = r.choice([record["email"].replace("@", ""), record["email"].replace("@", "\uff20"), 5])
    else:
        record["age"] = r.choice([17, 0, -3, 17.5, 30.5, "30", True, [30]])
    return record, kind


def second_pass(record):
    return False


def pydantic_check():
    from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictFloat, ValidationError, field_validator
    from typing import Union

    class Client(BaseModel):
        model_config = ConfigDict(strict=True)
        name: str = Field(pattern=r"\S")
        email: str = Field(pattern=r"@")
        age: Union[StrictInt, StrictFloat]

        @field_validator("age")
        @classmethod
        def whole_and_adult(cls, value):
            if isinstance(value, float) and not value.is_integer():
                raise ValueError("age must be a whole number")
            if value < 18:
                raise ValueError("age must be at least 18")
            return value

    from .common import model_check
    return model_check(Client, ValidationError)
