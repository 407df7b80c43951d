#!/usr/bin/env python3
"""formcheck's benchmark: one command, from a fresh clone.

usage: bench/run.py [--sizes 100000,1000000] [--runs 3] [--tools formcheck,jsonschema_rs,...] [--large-gb 4] [--no-build]

1. builds formcheck in release mode, with the Swift runtime linked in statically (as the README installs it);
2. generates seeded signup data sets (JSON Lines and a JSON array per size) with bench/generate.py;
3. installs the peers pinned in bench/requirements.txt into bench/out/venv (from PyPI);
4. checks that every tool finds exactly the same invalid records (or stops);
5. times every tool as a whole process on every file, median of --runs, with peak memory;
6. prints one table, plus formcheck's start-up time, its 1- and 2-core throughput, and its peak memory on
   a JSON Lines file of --large-gb gigabytes (the largest generated file repeated; 0 skips it).
Python jsonschema is slow (minutes for a million records): it runs on sizes up to 100,000 only.
"""
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")
FORMCHECK = os.path.join(ROOT, ".build", "release", "formcheck")
VENV_PYTHON = os.path.join(OUT, "venv", "bin", "python")
PEERS = ["orjson", "jsonschema_rs", "pydantic", "fastjsonschema", "jsonschema"]


def run(command, quiet=True):
    """Runs a command; returns (seconds, peak RSS in MB, stdout)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL if quiet else None)
    stdout = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"failed: {' '.join(command)}")
    return seconds, usage.ru_maxrss / 1024, stdout.decode()


def formcheck_invalid(path):
    """The invalid record numbers formcheck reports, read from its JSON output in a separate process:
    a child inherits the peak memory of the process that forks it, so this one must stay small."""
    _, _, out = run([sys.executable, os.path.join(HERE, "peers.py"), "formcheck", FORMCHECK, os.path.join(HERE, "signup.yaml"), path])
    found = dict(item.split("=") for item in out.split())
    return int(found["records"]), int(found["invalid"]), found["digest"]


def main(argv):
    sizes = [100_000, 1_000_000]
    runs = 3
    tools = ["formcheck"] + PEERS
    build = True
    large_gb = 4.0
    while argv:
        option = argv.pop(0)
        if option == "--sizes":
            sizes = [int(s) for s in argv.pop(0).split(",")]
        elif option == "--runs":
            runs = int(argv.pop(0))
        elif option == "--tools":
            tools = argv.pop(0).split(",")
        elif option == "--large-gb":
            large_gb = float(argv.pop(0))
        elif option == "--no-build":
            build = False
        else:
            sys.exit(__doc__)
    if build:
        # Built as the README says to install it: with Swift's runtime linked in, for start-up.
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--package-path", ROOT], check=True,
                       stdout=subprocess.DEVNULL)
    if not os.path.exists(VENV_PYTHON):
        subprocess.run([sys.executable, "-m", "venv", os.path.join(OUT, "venv")], check=True)
    subprocess.run([VENV_PYTHON, "-m", "pip", "install", "--quiet", "-r", os.path.join(HERE, "requirements.txt")], check=True)
    data = os.path.join(OUT, "data")
    schema_json = os.path.join(data, "schema.json")
    rows = []
    for size in sizes:
        if not os.path.exists(os.path.join(data, f"signup_{size}.json")):
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(size), data], check=True)
        for kind in ["jsonl", "json"]:
            path = os.path.join(data, f"signup_{size}.{kind}")
            megabytes = os.path.getsize(path) / 1e6
            expected = formcheck_invalid(path)
            for tool in tools:
                if tool == "jsonschema" and size > 100_000:
                    continue
                if tool == "formcheck":
                    command = [FORMCHECK, os.path.join(HERE, "signup.yaml"), path, "--all-errors", "--format", "summary"]
                else:
                    command = [VENV_PYTHON, os.path.join(HERE, "peers.py"), tool, schema_json, path]
                    if tool != "orjson":
                        _, _, out = run(command)
                        found = dict(item.split("=") for item in out.split())
                        if (int(found["records"]), int(found["invalid"]), found["digest"]) != expected:
                            sys.exit(f"{tool} disagrees with formcheck on {path}: {out.strip()} vs {expected}")
                timings = [run(command) for _ in range(runs)]
                seconds = statistics.median(t[0] for t in timings)
                memory = max(t[1] for t in timings)
                rows.append((size, kind, tool, size / seconds, megabytes / seconds, memory))
    print(f"{'records':>9} {'file':5} {'tool':15} {'records/s':>11} {'MB/s':>7} {'peak MB':>8} {'vs formcheck':>13}")
    for size, kind, tool, rate, throughput, memory in rows:
        base = next(r[3] for r in rows if r[0] == size and r[1] == kind and r[2] == "formcheck") if "formcheck" in tools else rate
        print(f"{size:>9} {kind:5} {tool:15} {rate:>11,.0f} {throughput:>7.1f} {memory:>8.1f} {rate / base:>12.2f}x")
    if "formcheck" in tools:
        one = os.path.join(OUT, "one.json")
        with open(one, "w") as f:
            f.write('{"name":"Ada Lovelace","email":"ada@example.com","username":"ada","password":"Secret123",'
                    '"confirm_password":"Secret123","age":36,"country":"GB","terms":true}\n')
        startup = statistics.median(run([FORMCHECK, os.path.join(HERE, "signup.yaml"), one])[0] for _ in range(21))
        print(f"start-up, one record and the schema: {startup * 1000:.1f} ms (median of 21 runs)")
        largest = os.path.join(data, f"signup_{max(sizes)}.jsonl")
        for jobs in [1, 2]:
            seconds = statistics.median(run([FORMCHECK, os.path.join(HERE, "signup.yaml"), largest, "--all-errors", "--format",
                                             "summary", "--jobs", str(jobs)])[0] for _ in range(runs))
            print(f"--jobs {jobs}: {max(sizes) / seconds:,.0f} records/s on {os.path.basename(largest)}")
        if large_gb > 0:
            large = os.path.join(data, "signup_large.jsonl")
            copies = max(1, round(large_gb * 1e9 / os.path.getsize(largest)))
            if not os.path.exists(large) or os.path.getsize(large) != copies * os.path.getsize(largest):
                with open(large, "wb") as out, open(largest, "rb") as source:
                    block = source.read()
                    for _ in range(copies):
                        out.write(block)
            seconds, memory, _ = run([FORMCHECK, os.path.join(HERE, "signup.yaml"), large, "--all-errors", "--format", "summary"])
            print(f"{os.path.getsize(large) / 1e9:.1f} GB of JSON Lines ({copies * max(sizes):,} records): peak memory {memory:.1f} MB, "
                  f"{copies * max(sizes) / seconds:,.0f} records/s")


if __name__ == "__main__":
    main(sys.argv[1:])
