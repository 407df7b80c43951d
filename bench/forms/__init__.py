"""The benchmark's forms, one module each: `NAME`, `YAML` (the formcheck schema, from the repository root),
`SCHEMA` (the equivalent JSON Schema, draft 2020-12, that the peers use), `ESCAPES` (whether some records are
written with every non-ASCII character as a \\u escape), `generate(r)` (one record and the kind of fault
injected, or 'ok', from a `random.Random`), `second_pass(record)` (True when the record breaks a rule that
JSON Schema cannot state, checked in Python by every peer) and `pydantic_check()` (a pydantic model as a
check, or None where no model would be equivalent)."""
from . import booking, checkin, checkout, client, event, login, signup, signup_shipped

FORMS = {form.NAME: form for form in [signup, signup_shipped, checkout, checkin, client, event, login, booking]}
