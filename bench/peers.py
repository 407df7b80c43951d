#!/usr/bin/env python3
"""Runs one peer validator over a data file and reports which records are invalid.

usage: bench/peers.py TOOL FORM SCHEMA_JSON FILE [--print]
       bench/peers.py formcheck BINARY SCHEMA_YAML FILE [OPTION...]   (formcheck's answer, for the agreement check)

TOOL: orjson (parse only), jsonschema, jsonschema_rs, fastjsonschema, pydantic.
FORM: one of bench/forms (signup, checkout, booking...): its Python second pass, and its pydantic model.
SCHEMA_JSON: the form's JSON Schema, written by bench/generate.py (NAME.re.schema.json for jsonschema and
fastjsonschema, whose patterns run on Python's `re`).
FILE: *.jsonl (one record a line) or *.json (an array of records).
Every tool collects all errors of a record (fastjsonschema can only stop at the first), then the form's
second pass checks in Python what JSON Schema cannot say (confirm_password == password, dates after
today or after another field...).
Prints: records=N invalid=K digest=SHA1 (of the invalid record numbers, from 1).
With --print (jsonschema, jsonschema_rs): every error as a user's script prints it, one line each,
`FILE: record N, PATH: MESSAGE`, the second pass's too, on standard output; the counts line then goes
to standard error.
"""
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from forms import FORMS  # noqa: E402


def records(path, loads):
    with open(path, "rb") as f:
        if path.endswith(".jsonl"):
            for line in f:
                if line.strip():
                    yield loads(line)
        else:
            yield from loads(f.read())


def formcheck(binary, schema, path, *options):
    """formcheck's own answer, from its JSON output, in the same digest form."""
    import subprocess
    output = subprocess.run([binary, schema, path, "--all-errors", "--format", "json", *options],
                            stdout=subprocess.PIPE).stdout
    document = json.loads(output)
    invalid = [result["record"] for result in document["results"] if not result["valid"]]
    digest = hashlib.sha1(",".join(map(str, invalid)).encode()).hexdigest()
    print(f"records={document['summary']['records']} invalid={len(invalid)} digest={digest}")


def error_path(error, tool):
    """The error's place in the record, as `/`-separated keys and indexes."""
    parts = error.instance_path if tool == "jsonschema_rs" else error.absolute_path
    return "/".join(map(str, parts))


def main(tool, *arguments):
    if tool == "formcheck":
        return formcheck(*arguments)
    printing = "--print" in arguments
    form_name, schema_path, path = [argument for argument in arguments if argument != "--print"]
    form = FORMS[form_name]
    with open(schema_path) as f:
        schema = json.load(f)
    invalid = []
    count = 0
    if tool == "pydantic":
        check = form.pydantic_check()
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
        elif tool in ("jsonschema", "jsonschema_rs"):
            if tool == "jsonschema":
                import jsonschema
                validator = jsonschema.Draft202012Validator(schema)
            else:
                import jsonschema_rs
                validator = jsonschema_rs.Draft202012Validator(schema)
            if printing:
                write = sys.stdout.write

                def errors_of(record):
                    count = 0
                    for error in validator.iter_errors(record):
                        count += 1
                        write(f"{path}: record {count_so_far[0]}, {error_path(error, tool)}: {error.message}\n")
                    if form.second_pass(record):
                        count += 1
                        write(f"{path}: record {count_so_far[0]}, : {form_name} second pass failed\n")
                    return count
            else:
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
        count_so_far = [0]
        for index, record in enumerate(records(path, orjson.loads), 1):
            count += 1
            count_so_far[0] = index
            if errors_of(record) or (tool != "orjson" and not printing and form.second_pass(record)):
                invalid.append(index)
    digest = hashlib.sha1(",".join(map(str, invalid)).encode()).hexdigest()
    print(f"records={count} invalid={len(invalid)} digest={digest}", file=sys.stderr if printing else sys.stdout)


if __name__ == "__main__":
    main(*sys.argv[1:])
