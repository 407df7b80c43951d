#!/usr/bin/env python3
"""Runs one peer validator over a data file and reports which records are invalid.

usage: bench/peers.py TOOL SCHEMA_JSON FILE
       bench/peers.py formcheck BINARY SCHEMA_YAML FILE   (formcheck's answer, for the agreement check)

TOOL: orjson (parse only), jsonschema, jsonschema_rs, fastjsonschema, pydantic.
FILE: *.jsonl (one record a line) or *.json (an array of records).
Every tool collects all errors of a record (fastjsonschema can only stop at the first), then
confirm_password == password is checked in Python, since JSON Schema cannot say it.
Prints: records=N invalid=K digest=SHA1 (of the invalid record numbers, from 1).
"""
import hashlib
import json
import sys


def records(path, loads):
    with open(path, "rb") as f:
        if path.endswith(".jsonl"):
            for line in f:
                if line.strip():
                    yield loads(line)
        else:
            yield from loads(f.read())


def confirm_fails(record):
    return isinstance(record, dict) and "password" in record and "confirm_password" in record \
        and record["confirm_password"] != record["password"]


def pydantic_checker():
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

    def check(item):
        try:
            if isinstance(item, bytes):
                Signup.model_validate_json(item)
            else:
                Signup.model_validate(item)
            return 0
        except ValidationError as error:
            return error.error_count()
    return check


def formcheck(binary, schema, path):
    """formcheck's own answer, from its JSON output, in the same digest form."""
    import subprocess
    output = subprocess.run([binary, schema, path, "--all-errors", "--format", "json"], stdout=subprocess.PIPE).stdout
    document = json.loads(output)
    invalid = [result["record"] for result in document["results"] if not result["valid"]]
    digest = hashlib.sha1(",".join(map(str, invalid)).encode()).hexdigest()
    print(f"records={document['summary']['records']} invalid={len(invalid)} digest={digest}")


def main(tool, schema_path, path, *rest):
    if tool == "formcheck":
        return formcheck(schema_path, path, *rest)
    with open(schema_path) as f:
        schema = json.load(f)
    invalid = []
    count = 0
    if tool == "pydantic":
        check = pydantic_checker()
        import orjson
        with open(path, "rb") as f:
            # JSON Lines go to pydantic's own JSON parser; an array is parsed once, then each record checked.
            raws = (line for line in f if line.strip()) if path.endswith(".jsonl") else orjson.loads(f.read())
            raws = list(raws)
        for index, raw in enumerate(raws, 1):
            count += 1
            if check(raw):
                invalid.append(index)
    else:
        import orjson
        if tool == "orjson":
            errors_of = lambda record: 0
        elif tool == "jsonschema":
            import jsonschema
            validator = jsonschema.Draft202012Validator(schema)
            errors_of = lambda record: sum(1 for _ in validator.iter_errors(record))
        elif tool == "jsonschema_rs":
            import jsonschema_rs
            validator = jsonschema_rs.Draft202012Validator(schema)
            errors_of = lambda record: sum(1 for _ in validator.iter_errors(record))
        elif tool == "fastjsonschema":
            import fastjsonschema
            validate = fastjsonschema.compile(schema)

            def errors_of(record):
                try:
                    validate(record)
                    return 0
                except fastjsonschema.JsonSchemaValueException:
                    return 1
        else:
            sys.exit(f"unknown tool {tool}")
        for index, record in enumerate(records(path, orjson.loads), 1):
            count += 1
            if errors_of(record) or (tool != "orjson" and confirm_fails(record)):
                invalid.append(index)
    digest = hashlib.sha1(",".join(map(str, invalid)).encode()).hexdigest()
    print(f"records={count} invalid={len(invalid)} digest={digest}")


if __name__ == "__main__":
    main(*sys.argv[1:])
