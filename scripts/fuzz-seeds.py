#!/usr/bin/env python3
"""Assembles the seed corpus of a fuzz target from the repository's schemas, fixtures, catalogs and the
tests' data (the string literals of Tests/), into Fuzzing/.corpus/TARGET/seeds (git-ignored).

Usage: scripts/fuzz-seeds.py TARGET   (json, schema, catalog or pattern)
"""
import hashlib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def files(*patterns):
    for pattern in patterns:
        yield from sorted(p for p in ROOT.glob(pattern) if p.is_file())


def test_strings():
    """The string literals of the tests: multi-line ones, raw ones (#"..."#) and plain ones."""
    for path in files("Tests/**/*.swift"):
        source = path.read_text(encoding="utf-8")
        for match in re.finditer(r'(#*)"""\n(.*?)\n\s*"""\1', source, re.S):
            indent = re.match(r"\s*", source[source.rfind("\n", 0, match.end()) + 1:]).group(0)
            yield "\n".join(line[len(indent):] if line.startswith(indent) else line for line in match.group(2).split("\n")) + "\n"
        for match in re.finditer(r'#"(.*?)"#', source):
            yield match.group(1)
        for match in re.finditer(r'(?<![#\\])"((?:[^"\\\n]|\\.)*)"', source):
            yield match.group(1).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def seeds_json():
    for path in files("fixtures/**/*.json", "fixtures/**/*.jsonl", "bench/*.json"):
        data = path.read_bytes()
        yield data
        if path.suffix == ".jsonl":
            yield from (line for line in data.split(b"\n") if line.strip())
    for text in test_strings():
        if text.lstrip()[:1] in ("{", "["):
            yield text.encode()


def seeds_schema():
    yield from (p.read_bytes() for p in files("schemas/*.yaml", "schemas/*.json", "bench/*.yaml", "Fuzzing/Schemas/*.yaml"))
    for text in test_strings():
        if "formcheck:" in text or '"formcheck"' in text:
            yield text.encode()


def seeds_catalog():
    catalogs = list(files("schemas/messages/*.yaml", "Sources/FormCheck/Resources/messages/*.json"))
    yield from (p.read_bytes() for p in catalogs)
    # Each message alone too, as the target also reads its input as one message.
    for path in catalogs:
        for match in re.finditer(r'^\s+"?[\w.]+"?: "(.*)",?\s*$', path.read_text(encoding="utf-8"), re.M):
            yield match.group(1).replace('\\"', '"').encode()
    for text in test_strings():
        if "messages:" in text or "plural," in text or "select," in text:
            yield text.encode()


def seeds_pattern():
    patterns = set()
    sources = [p.read_text(encoding="utf-8") for p in files("schemas/*.yaml", "bench/*.yaml", "Fuzzing/Schemas/*.yaml")]
    for source in sources:
        for match in re.finditer(r'[Pp]attern: "((?:[^"\\]|\\.)*)"', source):
            patterns.add(match.group(1).replace("\\\\", "\\"))
    for text in test_strings():
        if re.search(r"[\^$\[\]{}+*?\\]", text) and "\n" not in text and len(text) < 80:
            patterns.add(text)
    values = ["ada@example.com", "Ada Lovelace", "12345", "ab_c", "Passw0rd!", "é", "x y", ""]
    for pattern in sorted(patterns):
        yield ("\n".join([pattern] + values)).encode()


def main():
    target = sys.argv[1] if len(sys.argv) == 2 else ""
    make = {"json": seeds_json, "schema": seeds_schema, "catalog": seeds_catalog, "pattern": seeds_pattern}.get(target)
    if make is None:
        sys.exit(__doc__)
    folder = ROOT / "Fuzzing" / ".corpus" / target / "seeds"
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    for seed in make():
        if seed:
            (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
            count += 1
    print(f"{count} seeds for {target} in {folder.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
