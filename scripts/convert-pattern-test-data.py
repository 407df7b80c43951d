#!/usr/bin/env python3
"""Converts public regular-expression test data into yes/no cases for formcheck's pattern engine.

Usage:
    scripts/convert-pattern-test-data.py OUTPUT.json FILE...

The committed data was written from clones of the three repositories at the commits in SOURCES by:
    scripts/convert-pattern-test-data.py Tests/FormCheckTests/PatternEngine/Data/public-pattern-cases.json \\
        regex/testdata/*.toml regex/testdata/fowler/*.toml re2/re2/testing/search_test.cc \\
        JSON-Schema-Test-Suite/tests/draft2020-12/{pattern,patternProperties,propertyNames,additionalProperties,properties}.json \\
        JSON-Schema-Test-Suite/tests/draft2020-12/optional/{ecmascript-regex,non-bmp-regex}.json

Each FILE is one of:
- a TOML file of rust-lang/regex's testdata/ (testdata/*.toml, testdata/fowler/*.toml);
- RE2's re2/testing/search_test.cc (a table of regexp and text; the expected answer is RE2's own,
  computed with the `re2` Python module, package google-re2, as RE2's tester computes it by running
  its engines);
- a JSON-Schema-Test-Suite file (pattern.json, patternProperties.json, optional/ecmascript-regex.json...):
  the answers of `pattern` on each string are derived from each test's `valid`.

The output holds one case per (pattern, value) whose answer to "does the pattern match somewhere in the
value" means the same in the source's dialect and in formcheck's (ICU's), translated where the
translation is exact, with the expected answer: "match", "noMatch" or "refused" (a pattern the source
marks invalid that ICU refuses too, or that uses a construct the engine refuses on purpose). Every
other case is skipped; the skip reasons are counted and printed. Where the dialects differ:

- `$` outside multiline mode is the end of the text in Rust, RE2 and ECMA-262; in ICU also before a
  final line terminator. Exact: `$` is kept when the value does not end with a line terminator, else
  written `\\z`.
- `(?m)`: Rust and RE2 break lines at `\\n` only and match `^` after a final `\\n`; ICU breaks at
  every line terminator and not after a final one. Kept when the value has no line terminator but
  `\\n` and does not end with one.
- `.` excludes `\\n` only in Rust and RE2, every line terminator in ICU: kept when the value has no
  line terminator but `\\n`.
- `\\d \\s \\w \\b` and POSIX classes are ASCII in RE2 (and in Rust's `unicode = false`, and POSIX
  classes always in Rust), Unicode in ICU: kept when the value is ASCII (RE2's `\\s` also leaves out
  VT: kept when the value has none). Rust's `\\b` in Unicode mode does not look through combining
  marks and format characters as ICU's does: kept when the value has none.
- `\\v` is the character VT in Rust and RE2, the set of vertical spaces in ICU: written `\\x0B`;
  Rust's `\\u{...}` is written `\\x{...}`.
- `\\pL` (one letter, no braces) is written `\\p{L}`, `\\p{^X}` is written `\\P{X}`, named groups
  `(?P<n>...)` and `(?<n>...)` are written as plain groups (the answer does not depend on names).
- Rust's `anchored = true` is written `\\A(?:...)`; RE2's tester also runs each case anchored at the
  start and at both ends, written `\\A(?:...)` and `\\A(?:...)\\z`.
- Rust's flag `u` is left out where the pattern and the value are ASCII, where it changes nothing.
  Its flag `R` (CRLF mode, leading the pattern) is left out where `\\r` and `\\n` are the only line
  terminators in the value, which ICU reads alike (`.` excludes both, `$` is never between them).
- Flags ICU reads otherwise or the engine does not take (`x`, `U`), byte-oriented cases
  (Rust `unicode = false` or `utf8 = false` on non-ASCII values, RE2's `\\C`), special word boundaries
  (`\\b{start}`, `\\<`), `~~`, regex sets, bounded searches and line-terminator options are skipped.
- ECMA-262: `\\d \\w \\s` and `\\b` are ASCII (`\\s` also takes U+FEFF), properties need the `u` flag
  and some names differ; cases whose answer depends on these are skipped by the same rules.

The data is derived from rust-lang/regex (MIT or Apache-2.0), RE2 (BSD-3-Clause) and the
JSON-Schema-Test-Suite (MIT); their code is not copied.
"""

import collections
import itertools
import json
import os
import re
import sys
import tomllib
import unicodedata

LINE_TERMINATORS = "\n\x0b\x0c\r\x85\u2028\u2029"
SOURCES = {
    "rust-lang/regex": ("2b527599eb9eea0dcc288c704584f242f26a5c61", "MIT OR Apache-2.0"),
    "google/re2": ("972a15cedd008d846f1a39b2e88ce48d7f166cbd", "BSD-3-Clause"),
    "json-schema-org/JSON-Schema-Test-Suite": ("44401e0c046704b476ec9d2e2fccdaee618f259d", "MIT"),
}

skips = collections.Counter()
refusals = collections.Counter()
cases = []
seen = set()


class Skip(Exception):
    pass


def scan(pattern):
    """Yields (token, in_class) for the pattern: an escape with its argument, or one character."""
    i, depth, class_start = 0, 0, -1
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            j = i + 2
            if j <= len(pattern) and pattern[i + 1] in "pPxu" and j < len(pattern) and pattern[j] == "{":
                j = pattern.index("}", j) + 1 if "}" in pattern[j:] else len(pattern)
            elif j <= len(pattern) and pattern[i + 1] in "pP":
                j += 1
            tok = pattern[i:j]
        elif depth > 0 and c == "[" and pattern[i + 1:i + 2] == ":" and ":]" in pattern[i:]:
            tok = pattern[i:pattern.index(":]", i) + 2]
        else:
            tok = c
            if c == "[" and not (depth > 0 and i == class_start):
                depth += 1
                class_start = i + 1 + (pattern[i + 1:i + 2] == "^")
                yield tok, depth > 1
                i += 1
                continue
            if c == "]" and depth > 0 and i != class_start:
                depth -= 1
                yield tok, True
                i += 1
                continue
        yield tok, depth > 0
        i += len(tok)


def translate(pattern, haystack, ascii_classes, source_kind):
    """The pattern in formcheck's dialect with the same answer on `haystack`, or raises Skip."""
    tokens = list(scan(pattern))
    text_tokens = [t for t, in_class in tokens if not in_class]
    flags = set()
    for m in re.finditer(r"\(\?([a-zA-Z-]+)[:)]", pattern):
        flags |= set(m.group(1)) - {"-"}
    for flag in "xU":
        if flag in flags:
            raise Skip(f"flag {flag} (not in ICU's dialect, or read otherwise)")
    rust_terminators = "\n"
    if "R" in flags:
        # CRLF mode: \r is a line terminator too (and never split from a \n that follows).
        if not re.match(r"\(\?[a-zA-Z]*R[a-zA-Z]*\)", pattern):
            raise Skip("flag R on part of the pattern")
        rust_terminators = "\n\r"
    if "u" in flags and not all(ord(ch) < 128 for ch in pattern + haystack):
        raise Skip("flag u (Unicode on or off) on a non-ASCII pattern or value")
    other_terminators = any(ch in LINE_TERMINATORS and ch not in rust_terminators for ch in haystack)
    if "m" in flags and (other_terminators or (haystack and haystack[-1] in LINE_TERMINATORS)):
        raise Skip("(?m) on a value with line terminators the source does not break lines at, or ending with one")
    if "." in text_tokens and other_terminators:
        raise Skip(". on a value with line terminators other than \\n")
    is_ascii = all(ord(ch) < 128 for ch in haystack)
    perl = {r"\d", r"\D", r"\w", r"\W", r"\s", r"\S", r"\b", r"\B"}
    uses_perl = any(t in perl for t, _ in tokens)
    uses_posix = any(t.startswith("[:") for t, _ in tokens)
    if ascii_classes and (uses_perl or uses_posix) and not is_ascii:
        raise Skip("ASCII \\d \\s \\w \\b or POSIX class on a non-ASCII value")
    if uses_posix and not is_ascii:
        raise Skip("ASCII POSIX class on a non-ASCII value")
    if source_kind == "re2" and any(t in (r"\s", r"\S") for t, _ in tokens) and "\x0b" in haystack:
        raise Skip("RE2 \\s (without VT) on a value with VT")
    if source_kind == "ecma":
        if any(t in perl for t, _ in tokens) and any(ord(ch) >= 128 or ch == "\ufeff" for ch in haystack):
            raise Skip("ECMA-262 ASCII \\d \\w \\b (\\s with U+FEFF) on a non-ASCII value")
        if any(t.startswith(("\\p", "\\P")) for t, _ in tokens):
            raise Skip("ECMA-262 property (needs the u flag; names differ)")
        if any(t.startswith("\\c") for t, _ in tokens):
            raise Skip("ECMA-262 control escape \\c (ICU reads a lowercase letter otherwise)")
    if not ascii_classes and any(t in (r"\b", r"\B") for t, _ in tokens):
        if any(unicodedata.category(ch) in ("Mn", "Mc", "Me", "Cf") for ch in haystack):
            raise Skip("Unicode \\b on a value with combining marks or format characters (ICU looks through them)")
    for bad, reason in ((r"\C", "RE2 \\C (any byte)"), (r"\<", "special word boundary"), (r"\>", "special word boundary"),
                        (r"\b{", "special word boundary")):
        if any(t.startswith(bad) for t, _ in tokens) or bad in pattern:
            raise Skip(reason)
    if "~~" in pattern:
        raise Skip("class symmetric difference ~~")
    out = []
    for tok, in_class in tokens:
        if tok == "$" and not in_class and haystack and haystack[-1] in LINE_TERMINATORS and "m" not in flags:
            tok = r"\z"
        elif tok == r"\v":
            tok = r"\x0B"
        elif tok.startswith(r"\u{"):
            tok = r"\x" + tok[2:]
        elif re.fullmatch(r"\\[pP][A-Za-z]", tok):
            tok = tok[:2] + "{" + tok[2] + "}"
        elif re.fullmatch(r"\\[pP]\{\^.*\}", tok):
            tok = ("\\P" if tok[1] == "p" else "\\p") + "{" + tok[4:]
        out.append(tok)
    translated = "".join(out)
    translated = re.sub(r"\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>", "(", translated)
    return re.sub(r"\(\?([a-zA-Z-]*)([:)])", without_flags_u_and_r, translated)


def without_flags_u_and_r(match):
    """A flag group without the flags u and R (which ICU does not take; the cases that keep them
    mean the same without them), or nothing when no flag is left."""
    flags = match.group(1).replace("u", "").replace("R", "")
    if flags.endswith("-"):
        flags = flags[:-1]
    if not flags and match.group(2) == ")":
        return ""
    return f"(?{flags}{match.group(2)}"


ANCHORS = {"^", "$", r"\A", r"\z", r"\Z", r"\b", r"\B", r"\G"}
UNSUPPORTED_PROPERTIES = re.compile(
    r"\\[pP]\{[^}]*(gcb|grapheme|wb\b|wb=|word_?break|sb=|sentence_?break|pictographic|emoji|regional_?indicator)",
    re.I)


def refused_on_purpose(pattern):
    """Why the engine refuses `pattern` on purpose (and ICU refuses it or reads it otherwise), or None."""
    tokens = list(scan(pattern))
    for (tok, in_class), (after, _) in zip(tokens, tokens[1:] + [("", False)]):
        if in_class:
            continue
        if tok in ANCHORS and (after in ("*", "+", "?") or after == "{"):
            return "a repeated anchor"
        if re.fullmatch(r"\\[1-9]", tok):
            return "a backreference (RE2 reads \\1 to \\7 followed by digits as octal)"
    depth = 0
    for tok, in_class in tokens:
        if in_class:
            continue
        if tok == "{":
            depth += 1
        elif tok == "}":
            if depth == 0:
                return "a '}' that closes no count (ICU refuses it too)"
            depth -= 1
    return None


def add(source, pattern, haystack, expected, case_insensitive=False, ascii_classes=False, kind="rust", original=None):
    """Adds the case, or counts why it is skipped."""
    reason = refused_on_purpose(pattern)
    if reason:
        refusals[f"{kind}: {reason}"] += 1
        expected = "refused"
    try:
        if UNSUPPORTED_PROPERTIES.search(pattern):
            raise Skip("a property the engine does not provide (break and emoji properties)")
        if re.search(r"\\x\{0*[0-9A-Fa-f]{7,}\}", pattern):
            raise Skip("\\x{...} with more than 6 digits (ICU refuses it)")
        if re.search(r"\)(\*|\+|\?|\{[0-9,]*\})\?", pattern):
            raise Skip("a lazy quantifier on a group (ICU answers otherwise than greedy when its body matches the empty text)")
        if expected == "refused":
            translated = pattern
        else:
            translated = translate(pattern, haystack, ascii_classes, kind)
    except Skip as skip:
        skips[f"{kind}: {skip}"] += 1
        return
    key = (translated, haystack, case_insensitive)
    if key in seen:
        skips[f"{kind}: the same pattern and value as an earlier case"] += 1
        return
    seen.add(key)
    case = {"source": source, "pattern": translated}
    if (original or pattern) != translated:
        case["sourcePattern"] = original or pattern
    if case_insensitive:
        case["caseInsensitive"] = True
    case["value"] = haystack
    case["expected"] = expected
    cases.append(case)


# MARK: - rust-lang/regex

def unescape_rust(text):
    """regex-test's unescaping of a haystack: bytes, or raises Skip when not UTF-8."""
    out = bytearray()
    i = 0
    simple = {"n": b"\n", "r": b"\r", "t": b"\t", "\\": b"\\", "0": b"\0", "'": b"'", '"': b'"'}
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            c = text[i + 1]
            if c in simple:
                out += simple[c]
                i += 2
                continue
            if c == "x" and re.fullmatch(r"[0-9A-Fa-f]{2}", text[i + 2:i + 4]):
                out.append(int(text[i + 2:i + 4], 16))
                i += 4
                continue
            raise Skip("haystack escape the converter does not read")
        out += text[i].encode()
        i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise Skip("haystack not UTF-8")


def convert_rust(path):
    relative = "testdata/" + path.rsplit("/testdata/", 1)[1] if "/testdata/" in path else os.path.basename(path)
    with open(path, "rb") as file:
        data = tomllib.load(file)
    for test in data.get("test", []):
        source = f"rust-lang/regex {relative} {test['name']}"

        def skip(reason):
            skips[f"rust: {reason}"] += 1

        regex = test["regex"]
        if isinstance(regex, list):
            if len(regex) != 1:
                skip("regex set")
                continue
            regex = regex[0]
        if "bounds" in test:
            skip("search within bounds")
            continue
        if "line-terminator" in test:
            skip("line-terminator option")
            continue
        haystack = test["haystack"]
        try:
            if test.get("unescape", False):
                haystack = unescape_rust(haystack)
        except Skip as reason:
            skip(str(reason))
            continue
        if not test.get("compiles", True):
            # Rust refuses these: a case only where the construct is refused by ICU too.
            add(source, regex, haystack, "refused", kind="rust")
            continue
        unicode = test.get("unicode", True)
        utf8 = test.get("utf8", True)
        is_ascii = all(ord(ch) < 128 for ch in haystack + regex)
        if (not unicode or not utf8) and not is_ascii:
            skip("unicode = false or utf8 = false on a non-ASCII pattern or value (bytes)")
            continue
        pattern = rf"\A(?:{regex})" if test.get("anchored", False) else regex
        expected = "match" if test["matches"] else "noMatch"
        # regex-lite has ASCII-only \\d \\s \\w \\b and case folding.
        lite = relative.endswith("regex-lite.toml")
        if lite and not is_ascii:
            skip("regex-lite (ASCII-only classes and case folding) on non-ASCII text")
            continue
        add(source, pattern, haystack, expected, case_insensitive=test.get("case-insensitive", False),
            ascii_classes=not unicode, kind="rust", original=regex)


# MARK: - RE2

def c_string(literal):
    """The bytes of a C string literal's contents."""
    raw, out, i = literal.encode(), bytearray(), 0
    simple = {ord("n"): 10, ord("t"): 9, ord("r"): 13, ord("f"): 12, ord("v"): 11, ord("a"): 7,
              ord("\\"): 92, ord('"'): 34, ord("'"): 39, ord("?"): 63}
    while i < len(raw):
        if raw[i] != 92:
            out.append(raw[i])
            i += 1
            continue
        c = raw[i + 1]
        if c in simple:
            out.append(simple[c])
            i += 2
        elif c == ord("x"):
            j = i + 2
            while j < len(raw) and chr(raw[j]) in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(raw[i + 2:j], 16) & 0xFF)
            i = j
        else:
            j = i + 1
            while j < len(raw) and j < i + 4 and chr(raw[j]) in "01234567":
                j += 1
            out.append(int(raw[i + 1:j], 8) & 0xFF)
            i = j
    return bytes(out)


def convert_re2(path):
    import re2

    options = re2.Options()
    options.log_errors = False
    text = open(path, encoding="utf-8").read()
    table = text[text.index("simple_tests[] = {"):]
    table = table[:table.index("\n};")]
    entries = re.findall(r'^\s*\{\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\s*\},', table, re.M)
    for number, (regexp_literal, text_literal) in enumerate(entries):
        source = f"google/re2 re2/testing/search_test.cc simple_tests[{number}]"
        try:
            regexp, encoded = c_string(regexp_literal).decode("utf-8"), c_string(text_literal)
        except UnicodeDecodeError:
            skips["re2: pattern not UTF-8"] += 1
            continue
        try:
            compiled = re2.compile(regexp, options)
        except re2.error:
            skips["re2: pattern RE2 refuses"] += 1
            continue
        # RE2's tester runs each text and the text less one byte at either end, unanchored, anchored
        # at the start, and anchored at both ends.
        pieces = {encoded, encoded[1:], encoded[:-1], encoded[1:-1]}
        for piece in sorted(pieces):
            try:
                haystack = piece.decode("utf-8")
            except UnicodeDecodeError:
                skips["re2: text piece not UTF-8"] += 1
                continue
            for kind, wrapped, answer in (
                ("", regexp, compiled.search(haystack) is not None),
                (" anchored", rf"\A(?:{regexp})", compiled.match(haystack) is not None),
                (" full", rf"\A(?:{regexp})\z", compiled.fullmatch(haystack) is not None),
            ):
                add(source + kind, wrapped, haystack, "match" if answer else "noMatch", ascii_classes=True,
                    kind="re2", original=regexp)


# MARK: - JSON-Schema-Test-Suite

class Unknown(Exception):
    pass


def pattern_pairs(schema, instance, pairs):
    """Collects the (pattern, string) pairs whose answers decide `schema` on `instance`."""
    if not isinstance(schema, dict):
        return
    if "pattern" in schema and isinstance(instance, str):
        pairs.add((schema["pattern"], instance))
    if isinstance(instance, dict):
        for key, value in instance.items():
            for pattern, sub in schema.get("patternProperties", {}).items():
                pairs.add((pattern, key))
                pattern_pairs(sub, value, pairs)
            if key in schema.get("properties", {}):
                pattern_pairs(schema["properties"][key], value, pairs)
            pattern_pairs(schema.get("additionalProperties", True), value, pairs)
            pattern_pairs(schema.get("propertyNames", True), key, pairs)


def valid(schema, instance, answers):
    """Whether `instance` is valid against `schema`, given the answers of the patterns."""
    if schema is True:
        return True
    if schema is False:
        return False
    known = {"$schema", "type", "pattern", "patternProperties", "properties", "additionalProperties",
             "propertyNames", "maximum", "description"}
    if set(schema) - known:
        raise Unknown()
    types = {"string": str, "object": dict, "array": list, "integer": int, "number": (int, float),
             "boolean": bool, "null": type(None)}
    if "type" in schema:
        wanted = schema["type"]
        if not isinstance(wanted, str) or wanted not in types:
            raise Unknown()
        if not isinstance(instance, types[wanted]) or (wanted in ("integer", "number") and isinstance(instance, bool)):
            return False
    if "maximum" in schema and isinstance(instance, (int, float)) and not isinstance(instance, bool):
        if instance > schema["maximum"]:
            return False
    if "pattern" in schema and isinstance(instance, str) and not answers[(schema["pattern"], instance)]:
        return False
    if isinstance(instance, dict):
        for key, value in instance.items():
            if "propertyNames" in schema and not valid(schema["propertyNames"], key, answers):
                return False
            matched = False
            if key in schema.get("properties", {}):
                matched = True
                if not valid(schema["properties"][key], value, answers):
                    return False
            for pattern, sub in schema.get("patternProperties", {}).items():
                if answers[(pattern, key)]:
                    matched = True
                    if not valid(sub, value, answers):
                        return False
            if not matched and not valid(schema.get("additionalProperties", True), value, answers):
                return False
    return True


def convert_json_schema(path):
    relative = "tests/" + path.split("/tests/", 1)[1] if "/tests/" in path else os.path.basename(path)
    with open(path, encoding="utf-8") as file:
        groups = json.load(file)
    for group in groups:
        schema = group["schema"]
        for test in group["tests"]:
            source = f"json-schema-org/JSON-Schema-Test-Suite {relative} {group['description']} / {test['description']}"
            pairs = set()
            pattern_pairs(schema, test["data"], pairs)
            pairs = sorted(pairs)
            if not pairs:
                continue
            if len(pairs) > 12:
                skips["json-schema: too many patterns and strings in one test"] += 1
                continue
            consistent = []
            try:
                for bits in itertools.product((False, True), repeat=len(pairs)):
                    answers = dict(zip(pairs, bits))
                    if valid(schema, test["data"], answers) == test["valid"]:
                        consistent.append(answers)
            except Unknown:
                skips["json-schema: a keyword the converter does not evaluate"] += 1
                continue
            for pair in pairs:
                values = {answers[pair] for answers in consistent}
                if len(values) != 1:
                    skips["json-schema: the test does not decide this pattern's answer"] += 1
                    continue
                add(source, pair[0], pair[1], "match" if values.pop() else "noMatch", kind="ecma")


# MARK: - Main

def main(arguments):
    if len(arguments) < 2:
        sys.exit("usage: convert-pattern-test-data.py OUTPUT.json FILE...")
    output, inputs = arguments[0], arguments[1:]
    for path in inputs:
        if path.endswith(".toml"):
            convert_rust(path)
        elif path.endswith(".cc"):
            convert_re2(path)
        elif path.endswith(".json"):
            convert_json_schema(path)
        else:
            sys.exit(f"{path}: not a file this converter reads")
    document = {
        "about": "Yes/no pattern cases derived from public regular-expression test data, in formcheck's "
                 "dialect (ICU's): does the pattern match somewhere in the value. Written by "
                 "scripts/convert-pattern-test-data.py, which tells how each source's dialect is translated "
                 "or which cases are left out. This is test data derived from the sources, not their code.",
        "sources": [{"repository": name, "commit": commit, "license": license}
                    for name, (commit, license) in SOURCES.items()],
        "cases": cases,
    }
    with open(output, "w", encoding="utf-8") as file:
        # One case a line, so that a change of the data reads as a diff of cases.
        header = json.dumps({key: value for key, value in document.items() if key != "cases"}, ensure_ascii=False, indent=1)
        file.write(header[:-2] + ',\n "cases": [\n')
        file.write(",\n".join(json.dumps(case, ensure_ascii=False) for case in cases))
        file.write("\n ]\n}\n")
    per_source = collections.Counter(case["source"].split(" ", 1)[0] for case in cases)
    for name, count in sorted(per_source.items()):
        print(f"{name}: {count} cases")
    print(f"expected refusals: {sum(refusals.values())}")
    for reason, count in sorted(refusals.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count:5}  {reason}")
    print(f"skipped: {sum(skips.values())}")
    for reason, count in sorted(skips.items(), key=lambda item: (-item[1], item[0])):
        print(f"  {count:5}  {reason}")


if __name__ == "__main__":
    main(sys.argv[1:])
