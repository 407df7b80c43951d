#!/usr/bin/env python3
"""formcheck's pattern benchmark: hostile values, and the throughput of a Unicode pattern.

usage: bench/patterns.py [--part hostile|unicode|all] [--lengths 1000,100000,10000000] [--runs 3]
                         [--records 1000000] [--rounds 9] [--no-build]

1. builds formcheck in release mode, with the Swift runtime linked in statically (as bench/run.py does);
2. hostile values: for each pattern that makes a backtracking engine explode, and each value shape that
   does it, writes a one-field schema and a JSON Lines file per length to bench/out/patterns/ (one
   record, or for values under 10,000,000 characters as many copies as make up 10,000,000: a process
   cannot time one short value, or a few, above its start-up's noise), times `formcheck check SCHEMA FILE --format
   summary --jobs 1` as a process (median of --runs, at least 5 for files of several records),
   subtracts the time on a one-record file of a 1-character value of the same shape (start-up, median
   of 11), divides by the records, checks formcheck's answer against the one expected, and prints
   pattern, shape, length, records, ms per value, ms per 100,000 characters, the answer and the
   growth from 100,000 to 10,000,000 characters (linear is about 100x). Target: at most 10 ms per
   100,000 characters on every row;
3. Unicode throughput: on the signup data of bench/generate.py (--records, default 1,000,000), times
   `formcheck check SCHEMA FILE --format summary --jobs 2` with (1) bench/signup.yaml, (2) the same
   schema with the name pattern `^[\\p{L}' -]+$`, and (3) schema (2) on a copy of the data in which
   about 30% of names are non-ASCII names of the same validity; the three take turns for --rounds
   rounds, so that a change in the machine's load meets them alike. Checks that the three find the
   same numbers of invalid records, and prints the median records per wall second and per CPU second
   (user and system time of the process, which another process's load disturbs less) with the ratios
   (2)/(1) and (3)/(1). Target: within 10%. The derived schemas and data are written to bench/out/.
Lengths count Unicode scalars. The data are deterministic: same options, same bytes.
"""
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
FORMCHECK = os.path.join(ROOT, ".build", "release", "formcheck")
# A value shorter than this many scalars is written in as many records as make up this many, and its
# time is the file's divided by the records: one short value costs less than the start-up's noise.
RECORD_SCALARS = 10_000_000


def repeated(unit, length, tail=""):
    """`unit` repeated to `length` scalars in all, the last ones being `tail`."""
    body = length - len(tail)
    return (unit * (body // len(unit) + 1))[:body] + tail


# (pattern, value shape, value of a given length, whether the pattern matches it)
HOSTILE = [
    ("(x+x+)+y", "x...x", lambda n: "x" * n, False),
    (r"^(\w+\s?)*$", "words then !", lambda n: repeated("word ", n, "!"), False),
    (r"^([a-zA-Z0-9]+\.?)+@example\.com$", "a...a!", lambda n: repeated("a", n, "!"), False),
    (r"^([a-zA-Z0-9]+\.?)+@example\.com$", "a.a.a...@example.com", lambda n: repeated("a.", n, "@example.com"), True),
    (r"^(\p{L}+[ '-]?)+$", "a...a!", lambda n: repeated("a", n, "!"), False),
    (r"^(\p{L}+[ '-]?)+$", "é...é!", lambda n: repeated("é", n, "!"), False),
    (r"^(\p{L}+[ '-]?)+$", "é...é", lambda n: "é" * n, True),
    (r"^(\p{L}+[ '-]?)+$", "CJK and emoji", lambda n: repeated("漢字かな한글😀", n), False),
    (r"^(\p{L}+[ '-]?)+$", "CJK words then 😀", lambda n: repeated("漢字 かな-한글 ", n, "😀"), False),
    ("^(a|aa)+$", "a...a!", lambda n: repeated("a", n, "!"), False),
    ("^(a|aa)+$", "a...a", lambda n: "a" * n, True),
    ("^(a+)+$|^a*c$", "a...ac", lambda n: repeated("a", n, "c"), True),
    ("^(a+)+$|^a*c$", "a...a!", lambda n: repeated("a", n, "!"), False),
]


def run(command):
    """Runs a command; returns (seconds, stdout). Exit codes 0 and 1 (invalid records) are expected."""
    start = time.perf_counter()
    process = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if process.returncode not in (0, 1):
        sys.exit(f"failed ({process.returncode}): {' '.join(command)}\n{process.stderr.decode()}")
    return seconds, process.stdout.decode()


def run_with_cpu(command):
    """Runs a command as `run` does; returns (wall seconds, CPU seconds of the process, stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall, out = run(command)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def timed(command, runs):
    """The median wall time of `runs` runs, in seconds, and the output of the last one."""
    results = [run(command) for _ in range(runs)]
    return statistics.median(r[0] for r in results), results[-1][1]


def counts(summary):
    """(records, invalid records) from formcheck's summary output."""
    records = re.search(r"(\d+) records?", summary)
    invalid = re.search(r"(\d+) invalid", summary)
    if not records or not invalid:
        sys.exit(f"cannot read formcheck's summary: {summary!r}")
    return int(records.group(1)), int(invalid.group(1))


def write_if_changed(path, text):
    """Writes `text` to `path` unless the file already holds it (large files are kept between runs)."""
    data = text.encode()
    if os.path.exists(path) and os.path.getsize(path) == len(data):
        with open(path, "rb") as f:
            if f.read() == data:
                return
    with open(path, "wb") as f:
        f.write(data)


def hostile(lengths, runs):
    directory = os.path.join(OUT, "patterns")
    os.makedirs(directory, exist_ok=True)
    print(f"{'pattern':36} {'value':22} {'length':>10} {'records':>7} {'ms':>9} {'ms/100k':>8} {'answer':8} {'100k->10M':>9}")
    missed = []
    for number, (pattern, shape, value, matches) in enumerate(HOSTILE):
        schema = os.path.join(directory, f"schema_{number}.yaml")
        write_if_changed(schema, "formcheck: 1\nfields:\n  v: { type: string, rules: [ { pattern: "
                         + json.dumps(pattern, ensure_ascii=False) + " } ] }\n")

        def seconds(length, records, repeat):
            path = os.path.join(directory, f"value_{number}_{length}.jsonl")
            write_if_changed(path, (json.dumps({"v": value(length)}, ensure_ascii=False) + "\n") * records)
            elapsed, out = timed([FORMCHECK, "check", schema, path, "--format", "summary", "--jobs", "1"], repeat)
            found = counts(out)
            assert found[0] == records and found[1] in (0, records), out
            return elapsed, found[1] == 0

        start_up, _ = seconds(1, 1, max(runs, 11))
        by_length = {}
        for length in lengths:
            records = max(1, RECORD_SCALARS // length)
            elapsed, valid = seconds(length, records, runs if records == 1 else max(runs, 5))
            if valid != matches:
                sys.exit(f"wrong answer: {pattern} on {shape} of {length}: formcheck says "
                         f"{'valid' if valid else 'invalid'}, expected {'valid' if matches else 'invalid'}")
            milliseconds = max(elapsed - start_up, 0) * 1000 / records
            by_length[length] = milliseconds
            per = milliseconds * 100_000 / length
            if per > 10:
                missed.append((pattern, shape, length))
            growth = ""
            if length == 10_000_000 and 100_000 in by_length:
                growth = f"{by_length[length] / max(by_length[100_000], 0.01):.0f}x"
            print(f"{pattern:36} {shape:22} {length:>10,} {records:>7,} {milliseconds:>9.2f} {per:>8.2f} "
                  f"{'valid' if valid else 'invalid':8} {growth:>9}", flush=True)
        print(f"{'':36} {shape:22} {'start-up':>10} {1:>7} {start_up * 1000:>9.2f}", flush=True)
    print("every row within 10 ms per 100,000 characters" if not missed
          else f"rows over 10 ms per 100,000 characters: {missed}")


# Non-ASCII names, each valid under ^[\p{L}' -]+$ and of 2 to 50 scalars.
NAMES = ["José Müller", "Zoë Brontë", "Łukasz Żółć", "Ngọc Anh", "Björk Guðmundsdóttir"]
ASCII_NAME = re.compile(r"^[A-Za-z' -]+$")


def non_ascii_name(name, index):
    """A non-ASCII name with the same answer as `name` under the name rules (2 to 50 scalars, letters,
    spaces, apostrophes and hyphens), or `name` itself when it is not a string."""
    if not isinstance(name, str):
        return name
    replacement = NAMES[index % len(NAMES)]
    if len(name) < 2:
        return "Å"
    if len(name) > 50:
        return (replacement + " ") * (51 // (len(replacement) + 1) + 1)
    if not ASCII_NAME.match(name):
        return replacement + "42"
    return replacement


def unicode_data(source, target):
    """Copies the JSON Lines file `source` to `target` with about 30% of the names rewritten by
    `non_ascii_name`, every other byte as it was."""
    if os.path.exists(target) and os.path.getmtime(target) >= os.path.getmtime(source):
        return
    with open(source, encoding="utf-8") as lines, open(target + ".tmp", "w", encoding="utf-8") as out:
        for index, line in enumerate(lines):
            if index % 10 in (1, 4, 7):
                name = json.loads(line).get("name")
                if name is not None:
                    old = '"name":' + json.dumps(name, separators=(",", ":"))
                    new = '"name":' + json.dumps(non_ascii_name(name, index), ensure_ascii=False)
                    assert line.count(old) == 1, line
                    line = line.replace(old, new)
            out.write(line)
    os.replace(target + ".tmp", target)


def throughput(records, rounds):
    data = os.path.join(OUT, "data")
    ascii_data = os.path.join(data, f"signup_{records}.jsonl")
    if not os.path.exists(ascii_data):
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(records), data], check=True)
    unicode_path = os.path.join(data, f"signup_{records}_unicode_names.jsonl")
    unicode_data(ascii_data, unicode_path)
    with open(os.path.join(HERE, "signup.yaml"), encoding="utf-8") as f:
        signup = f.read()
    ascii_pattern = "^[A-Za-z' -]+$"
    assert signup.count(ascii_pattern) == 1
    unicode_schema = os.path.join(OUT, "signup_unicode_names.yaml")
    write_if_changed(unicode_schema, signup.replace(ascii_pattern, "^[\\\\p{L}' -]+$"))
    cases = [
        ("(1) ^[A-Za-z' -]+$, ASCII names", os.path.join(HERE, "signup.yaml"), ascii_data),
        ("(2) ^[\\p{L}' -]+$, ASCII names", unicode_schema, ascii_data),
        ("(3) ^[\\p{L}' -]+$, 30% non-ASCII names", unicode_schema, unicode_path),
    ]
    # The cases take turns, round after round, so that a change in the machine's load meets all three
    # alike; each is rated by the median of its rounds, per wall second and per CPU second.
    walls = [[] for _ in cases]
    cpus = [[] for _ in cases]
    found = None
    for _ in range(rounds):
        for index, (label, schema, path) in enumerate(cases):
            wall, cpu, out = run_with_cpu([FORMCHECK, "check", schema, path, "--format", "summary", "--jobs", "2"])
            if found is None:
                found = counts(out)
            elif counts(out) != found:
                sys.exit(f"{label}: formcheck found {counts(out)} (records, invalid), (1) found {found}")
            walls[index].append(wall)
            cpus[index].append(cpu)
    per_wall = [records / statistics.median(times) for times in walls]
    per_cpu = [records / statistics.median(times) for times in cpus]
    print(f"{'schema and data':40} {'records/s':>11} {'vs (1)':>7} {'per CPU s':>11} {'vs (1)':>7}")
    for index, (label, _, _) in enumerate(cases):
        print(f"{label:40} {per_wall[index]:>11,.0f} {per_wall[index] / per_wall[0]:>6.2f}x "
              f"{per_cpu[index]:>11,.0f} {per_cpu[index] / per_cpu[0]:>6.2f}x")
    print(f"(2)/(1) = {per_wall[1] / per_wall[0]:.2f} wall, {per_cpu[1] / per_cpu[0]:.2f} CPU; "
          f"(3)/(1) = {per_wall[2] / per_wall[0]:.2f} wall, {per_cpu[2] / per_cpu[0]:.2f} CPU; "
          f"{found[1]:,} invalid records of {found[0]:,} in each; median of {rounds} rounds")


def main(argv):
    part = "all"
    lengths = [1_000, 100_000, 10_000_000]
    runs = 3
    records = 1_000_000
    rounds = 9
    build = True
    while argv:
        option = argv.pop(0)
        if option == "--part" and argv:
            part = argv.pop(0)
        elif option == "--lengths" and argv:
            lengths = [int(s) for s in argv.pop(0).split(",")]
        elif option == "--runs" and argv:
            runs = int(argv.pop(0))
        elif option == "--records" and argv:
            records = int(argv.pop(0))
        elif option == "--rounds" and argv:
            rounds = int(argv.pop(0))
        elif option == "--no-build":
            build = False
        else:
            sys.exit(__doc__)
    if part not in ("hostile", "unicode", "all"):
        sys.exit(__doc__)
    if build:
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--package-path", ROOT], check=True,
                       stdout=subprocess.DEVNULL)
    if part in ("hostile", "all"):
        hostile(lengths, runs)
    if part in ("unicode", "all"):
        if part == "all":
            print()
        throughput(records, rounds)


if __name__ == "__main__":
    main(sys.argv[1:])
