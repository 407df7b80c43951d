#!/usr/bin/env python3
"""formcheck's benchmark: one command, from a fresh clone.

usage: bench/run.py [--schemas signup,checkout,...] [--sizes 100000,1000000] [--runs 3]
                    [--tools formcheck,jsonschema_rs,...] [--large-gb 4] [--array-gb 1] [--no-build]
                    [--no-errors | --errors-only] [--far-pairs 5 --far-wait 1800]

1. builds formcheck in release mode, with the Swift runtime linked in statically (as the README installs it);
2. generates seeded data sets per form (JSON Lines and a JSON array per size) with bench/generate.py;
   --schemas picks the forms of bench/forms (default: all of them: the bench's signup, every schema that
   ships in schemas/, and bench/schemas/booking.yaml);
3. installs the peers pinned in bench/requirements.txt into bench/out/venv (from PyPI);
4. checks that every tool finds exactly the same invalid records on every file (or stops);
5. times every tool as a whole process on every file, median of --runs;
6. prints one table block per form (rows: tools; columns: files, records/s and the ratio to jsonschema-rs),
   formcheck's and jsonschema-rs's records per CPU second; for the signup form also
   its start-up time, and its throughput and peak memory on a JSON Lines file of --large-gb gigabytes (the
   largest generated file repeated; 0 skips it); then, for every form, formcheck's 1- and 2-job throughput
   on the form's largest JSON Lines file in every output format, every error written to a file (at least 5
   runs each after one not counted, taking turns; the ratio is the median of the pairs' ratios), the pairs
   taken in rounds over the forms, each form's file read through first (back into the page cache, which
   this kind of machine empties of what was not touched for a minute), each form's pairs of a round
   between two measures of how far apart the host runs the machine's two cores (a cache line's round
   trip between them, bench/tools/core_round_trip.swift, built with swiftc) and after a measure of what
   the host gives two threads of a program that scales by construction (bench/tools/host_scaling.swift:
   the ceiling the machine put on one job to two meanwhile), and the ratio given for the pairs taken
   near and far apart too; with --far-pairs N, more rounds follow while the cores are far apart (waiting for such
   stretches up to --far-wait seconds in all) until every form has N far pairs in each format.
7. then (unless --no-errors; --errors-only does nothing else) prints every error of the signup form's JSON
   Lines files to a file: formcheck in each output format and with one job, beside jsonschema-rs and Python
   jsonschema printing each error's record, path and message as a user's script would (bench/peers.py
   --print), every tool's invalid records checked against formcheck's; then formcheck on the same
   records as one JSON array written on one line, against its time on the JSON Lines file (in each
   output format and the summary); then
   formcheck's peak memory and time on a JSON array of --array-gb gigabytes (the largest JSON Lines
   file's records repeated; 0 skips it), written on one line and one element per line, with every
   error printed as text and as the summary alone, and on a YAML file of as many gigabytes holding
   one document per record.
formcheck runs with --today set to the date that bench/forms/common.py fixes, which the Python checks use.
Python jsonschema is slow (minutes for a million records): it runs on sizes up to 100,000 only.
"""
import json
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
# Peers whose patterns run on Python's `re`, which has no \p{...}: they read the schema with it spelled out.
PYTHON_RE = {"jsonschema", "fastjsonschema"}

sys.path.insert(0, HERE)
from forms import FORMS  # noqa: E402
from forms.common import TODAY  # noqa: E402

TODAY_OPTION = ["--today", TODAY.isoformat()]
# formcheck's output formats, in the order the tables give them.
FORMATS = ["summary", "text", "json", "github", "sarif", "junit"]


def run(command, quiet=True):
    """Runs a command; returns (seconds, peak RSS in MB, stdout, CPU seconds)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL if quiet else None)
    stdout = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"failed: {' '.join(command)}")
    return seconds, usage.ru_maxrss / 1024, stdout.decode(), usage.ru_utime + usage.ru_stime


def run_to_file(command, output):
    """Runs a command with its standard output written to the file `output`, as a CI job keeps a log;
    returns (seconds, standard error, peak RSS in MB, CPU seconds, user CPU seconds). The last command's output is removed before the
    clock starts: handing its pages back to the system (tens of milliseconds for a large log) is not
    this command's work."""
    if os.path.exists(output):
        os.unlink(output)
    with open(output, "wb") as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE)
        stderr = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"failed: {' '.join(command)}")
    return time.perf_counter() - start, stderr.decode(), usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, usage.ru_utime


def read_through(path):
    """Reads the file at `path` to the end, so that the runs timed next find it in the page cache: this
    kind of machine pages out what has not been touched for about a minute (DAMON's `pageout` scheme on
    physical memory), page cache included, and a round over the forms takes longer than that, so the
    first run of a form in a round would otherwise read much of its file from the disk."""
    with open(path, "rb") as data:
        while data.read(1 << 22):
            pass


def generate(name, size, data):
    """Writes the form's seeded data sets of `size` records (and its JSON Schemas) into `data`, with bench/generate.py."""
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(size), data, "--form", name], check=True)


def answer(out):
    found = dict(item.split("=") for item in out.split())
    return int(found["records"]), int(found["invalid"]), found["digest"]


def formcheck_invalid(schema, path):
    """The invalid record numbers formcheck reports, read from its JSON output in a separate process:
    a child inherits the peak memory of the process that forks it, so this one must stay small."""
    out = run([sys.executable, os.path.join(HERE, "peers.py"), "formcheck", FORMCHECK, schema, path, *TODAY_OPTION])[2]
    return answer(out)


def formcheck_command(schema, path, *options):
    return [FORMCHECK, schema, path, "--all-errors", "--format", "summary", *TODAY_OPTION, *options]


def bench_form(form, sizes, runs, tools, data):
    """Checks agreement and times every tool on the form's files; returns {(size, kind, tool): (records/s,
    records per CPU second)}."""
    schema = os.path.join(ROOT, form.YAML)
    rates = {}
    for size in sizes:
        # Every file the generator writes must be there (a data folder from an older bench lacks some).
        written = [f"{form.NAME}_{size}.json", f"{form.NAME}_{size}.jsonl", f"{form.NAME}.schema.json", f"{form.NAME}.re.schema.json"]
        if not all(os.path.exists(os.path.join(data, name)) for name in written):
            generate(form.NAME, size, data)
        for kind in ["jsonl", "json"]:
            path = os.path.join(data, f"{form.NAME}_{size}.{kind}")
            expected = formcheck_invalid(schema, path)
            for tool in tools:
                if tool == "jsonschema" and size > 100_000 or tool == "pydantic" and form.pydantic_check is None:
                    continue
                if tool == "formcheck":
                    command = formcheck_command(schema, path)
                else:
                    schema_json = os.path.join(data, f"{form.NAME}.re.schema.json" if tool in PYTHON_RE
                                               else f"{form.NAME}.schema.json")
                    command = [VENV_PYTHON, os.path.join(HERE, "peers.py"), tool, form.NAME, schema_json, path]
                timings = [run(command) for _ in range(runs)]
                # A peer's answer, from its first timed run, must be formcheck's.
                if tool not in ("formcheck", "orjson") and answer(timings[0][2]) != expected:
                    sys.exit(f"{tool} disagrees with formcheck on {path}: {timings[0][2].strip()} vs {expected}")
                rates[(size, kind, tool)] = (size / statistics.median(t[0] for t in timings),
                                             size / statistics.median(t[3] for t in timings))
    return rates


def print_block(form, sizes, tools, rates):
    """One block: a row per tool, per file its records/s and its ratio to jsonschema-rs; then formcheck's and
    jsonschema-rs's records per CPU second, which other work on the machine disturbs less than wall time."""
    files = [(size, kind) for size in sizes for kind in ["jsonl", "json"]]
    print(f"\n{form.NAME} ({form.YAML}): records/s, and x jsonschema-rs (load average {os.getloadavg()[0]:.1f} after it)")
    print(f"{'tool':15}" + "".join(f"{f'{size} {kind}':>24}" for size, kind in files))
    for tool in tools:
        cells = []
        for size, kind in files:
            rate = rates.get((size, kind, tool), (None,))[0]
            base = rates.get((size, kind, "jsonschema_rs"), (None,))[0]
            if rate is None:
                cells.append(f"{'-':>24}")
            else:
                ratio = f"{rate / base:7.2f}x" if base else " " * 8
                cells.append(f"{rate:>16,.0f}{ratio}")
        note = "  (no equivalent model)" if tool == "pydantic" and form.pydantic_check is None else ""
        print(f"{tool:15}" + "".join(cells) + note)
    for size, kind in files:
        if (size, kind, "formcheck") in rates and (size, kind, "jsonschema_rs") in rates:
            mine, theirs = rates[(size, kind, "formcheck")][1], rates[(size, kind, "jsonschema_rs")][1]
            print(f"per CPU second, {size} {kind}: formcheck {mine:,.0f} records, jsonschema-rs {theirs:,.0f} "
                  f"({mine / theirs:.2f}x)")


def print_jobs_and_formats(forms, sizes, runs, data, far_pairs=0, far_wait=0):
    """formcheck's 1- and 2-job throughput on each form's largest JSON Lines file in every output
    format, every error written to a file as a CI job keeps its log.

    One job and two take turns, run after run, and the ratio is the median of each pair's (a one-job run
    and the two-job run right after it): this machine's speed drifts from one minute to the next, which a
    ratio of the two medians, taken from runs minutes apart, would count as the program's. The pairs are
    taken in rounds over the forms (a pair in every format for each form, then the next round), so that
    each ratio comes from minutes of the machine, not from the few seconds of one stretch that may be
    slower than the rest. A pair's two runs follow each other, so that the memory a large report takes is
    mostly what the run before handed back: on a virtual machine whose host takes back memory left free
    for a few seconds, the first touch of such memory costs several times a copy (see bench/RESULTS.md),
    which would time the host rather than the program.

    Before a form's pairs of a round its file is read through, back into the page cache (see
    `read_through`). A form's pairs in a round are near or far by the cores' round trip measured before
    and after them (see CoreRoundTrip), and the ratio is given for each kind too. Each form's pairs in a
    round follow a measure of what the host gives two threads of a program that scales by construction
    (see HostScaling), reported over the same pairs: the ceiling that the machine put on one job to two
    meanwhile. With `far_pairs`, more rounds follow, taken only while the cores are far apart (waiting
    for such a stretch, `far_wait` seconds in all at most), until every form has that many far pairs in
    each format."""
    pairs = max(runs, 5)
    formats = FORMATS
    output = os.path.join(OUT, "formats.out")
    largest = {form.NAME: os.path.join(data, f"{form.NAME}_{max(sizes)}.jsonl") for form in forms}
    def command(form, name, jobs):
        return [FORMCHECK, os.path.join(ROOT, form.YAML), largest[form.NAME], "--all-errors", "--format", name,
                "--jobs", str(jobs), *TODAY_OPTION]
    # Per form and format, its pairs: ((seconds, CPU seconds, user CPU seconds) with one job, the same
    # with two, the round trip before the form's pairs of that round, the one after them, and the host's
    # one-to-two ratio measured before them).
    taken = {form.NAME: {name: [] for name in formats} for form in forms}
    extra = {form.NAME: {name: [] for name in formats} for form in forms}
    cores = CoreRoundTrip()
    host = HostScaling()
    def take_round(form, into):
        read_through(largest[form.NAME])
        before = cores.measure()
        ceiling = host.measure()
        timed = {}
        for name in formats:
            timed[name] = [run_to_file(command(form, name, jobs), output) for jobs in (1, 2)]
        after = cores.measure()
        for name, (one, two) in timed.items():
            into[form.NAME][name].append(((one[0], one[3], one[4]), (two[0], two[3], two[4]), before, after, ceiling))
    def far_count(form):
        return sum(CoreRoundTrip.kind(p) == "far" for p in taken[form.NAME]["summary"] + extra[form.NAME]["summary"])
    # One run of each first, not counted: the first run after a pause is often the slowest.
    for form in forms:
        for jobs in (1, 2):
            run_to_file(command(form, "summary", jobs), output)
    for _ in range(pairs):
        for form in forms:
            take_round(form, taken)
    deadline = time.monotonic() + far_wait
    while any(far_count(form) < far_pairs for form in forms) and time.monotonic() < deadline:
        if cores.measure() < CoreRoundTrip.FAR:
            time.sleep(5)
            continue
        for form in forms:
            if far_count(form) < far_pairs:
                take_round(form, extra)
    if os.path.exists(output):
        os.unlink(output)
    print(f"\nformcheck with one job and two in every output format, every error written to a file ({pairs} pairs per "
          f"form and format, taken in rounds over the forms):")
    print("before and after each form's pairs of a round, the time a cache line takes from one of this machine's cores "
          f"to the other and back (about 100 ns when the host runs them near each other, 400 when it does not; pairs "
          f"are near when both are under {CoreRoundTrip.FAR} ns, far when neither is; see CoreRoundTrip)")
    print("and, before them, what the host gave two threads of a program that scales by construction (twice the "
          "work on two threads against one; 2x when both CPUs run at full speed together; see HostScaling): the "
          "ceiling the machine put on one job to two meanwhile")
    if far_pairs:
        print(f"then up to {far_pairs} far pairs per form and format counting those above, taken in rounds while the "
              f"cores were far apart (waiting at most {far_wait:.0f} s in all for such stretches)")
    size = max(sizes)
    def ratio(of):
        return statistics.median(one[0] / two[0] for one, two, *_ in of)
    def ceiling(of):
        return statistics.median(pair[4] for pair in of)
    def by_kind(of):
        kinds = []
        for kind in ("near", "far"):
            those = [p for p in of if CoreRoundTrip.kind(p) == kind]
            if those:
                cost, user = (statistics.median(two[i] / one[i] for one, two, *_ in those) - 1 for i in (1, 2))
                kinds.append(f"{kind} {ratio(those):.2f}x of {len(those)} (CPU per record {cost:+.1%}, in user space {user:+.1%}; "
                             f"host {ceiling(those):.2f}x)")
        return ", ".join(kinds) or "none"
    for form in forms:
        name = os.path.basename(largest[form.NAME])
        for index, kind in enumerate(formats):
            of = taken[form.NAME][kind]
            rates = {jobs: size / statistics.median(p[jobs - 1][0] for p in of) for jobs in (1, 2)}
            cpu = {jobs: size / statistics.median(p[jobs - 1][1] for p in of) for jobs in (1, 2)}
            if index == 0:
                trips = ", ".join(f"{before}/{after}" for _, _, before, after, _ in of)
                print(f"formcheck on {name}: --jobs 1 {rates[1]:,.0f} records/s, --jobs 2 {rates[2]:,.0f} "
                      f"records/s, 2 jobs / 1 job {ratio(of):.2f}x, median of {pairs} pairs (per CPU second: "
                      f"{cpu[1]:,.0f} and {cpu[2]:,.0f} records; cross-core round trips {trips} ns; the host's one "
                      f"to two over the same rounds {ceiling(of):.2f}x); by pair kind: "
                      f"{by_kind(of + extra[form.NAME][kind])}")
            else:
                print(f"  {kind}: --jobs 1 {rates[1]:,.0f} records/s, --jobs 2 {rates[2]:,.0f} records/s, 2 jobs / 1 job "
                      f"{ratio(of):.2f}x (least pair {min(one[0] / two[0] for one, two, *_ in of):.2f}x); by pair kind: "
                      f"{by_kind(of + extra[form.NAME][kind])}")
        formatted = ", ".join(f"{kind} {size / statistics.median(p[1][0] for p in taken[form.NAME][kind]):,.0f}"
                              for kind in formats)
        print(f"formcheck on {name}, --jobs 2, output to a file, records/s: {formatted}")


def built_tool(name):
    """The path of bench/tools/NAME.swift built with swiftc into bench/out (again when the source is newer)."""
    source = os.path.join(HERE, "tools", f"{name}.swift")
    binary = os.path.join(OUT, name)
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        subprocess.run(["swiftc", "-O", source, "-o", binary], check=True, stdout=subprocess.DEVNULL)
    return binary


class HostScaling:
    """What the host gives two threads at the moment: bench/tools/host_scaling.swift (built here with
    swiftc) times a scanner's work on one thread, then twice as much on two that share nothing but a
    counter of the pieces left. Its ratio (twice the one-thread time over the two-thread time) is 2x when
    both CPUs run at full speed together; when the host gives them less (other guests on the same
    physical cores, say), it is the most that any program could scale by then."""

    def __init__(self):
        self.binary = built_tool("host_scaling")

    def measure(self):
        one, two = map(float, subprocess.run([self.binary], capture_output=True, text=True, check=True).stdout.split())
        return 2 * one / two


class CoreRoundTrip:
    """How far apart the host runs this virtual machine's first two CPUs at the moment: the time a cache
    line takes to go from one core to another and back (bench/tools/core_round_trip.swift, built here with
    swiftc). On this kind of machine it is about 100 ns when they share a cache, and about 400 ns for
    stretches of minutes when they do not; in those, two-job runs cost more CPU per record than one-job
    runs (a few percent for the summary, 5-32% with every error printed; see bench/RESULTS.md), while a
    program that only computes (sha256sum in two processes) scaled 2x there. On some machines of this
    kind the round trip is about 70 ns and tells nothing of the host's load (see HostScaling)."""

    def __init__(self):
        self.binary = built_tool("core_round_trip")

    # At or above this many nanoseconds, the cores are far apart.
    FAR = 250

    def measure(self):
        return int(subprocess.run([self.binary], capture_output=True, text=True, check=True).stdout)

    @staticmethod
    def kind(pair):
        """Whether the cores were near or far apart both before and after a pair ("near", "far"), or
        None when the two measures disagree."""
        before, after = pair[2], pair[3]
        if before < CoreRoundTrip.FAR and after < CoreRoundTrip.FAR:
            return "near"
        if before >= CoreRoundTrip.FAR and after >= CoreRoundTrip.FAR:
            return "far"
        return None


def print_signup_extras(sizes, runs, large_gb, data):
    """Start-up, and the run on a large file, for the bench's signup form."""
    schema = os.path.join(HERE, "signup.yaml")
    one = os.path.join(OUT, "one.json")
    with open(one, "w") as f:
        f.write('{"name":"Ada Lovelace","email":"ada@example.com","username":"ada","password":"Secret123",'
                '"confirm_password":"Secret123","age":36,"country":"GB","terms":true}\n')
    startup = statistics.median(run([FORMCHECK, schema, one])[0] for _ in range(21))
    print(f"start-up, one record and the schema: {startup * 1000:.1f} ms (median of 21 runs)")
    if large_gb > 0:
        largest = os.path.join(data, f"signup_{max(sizes)}.jsonl")
        large = os.path.join(data, "signup_large.jsonl")
        copies = max(1, round(large_gb * 1e9 / os.path.getsize(largest)))
        if not os.path.exists(large) or os.path.getsize(large) != copies * os.path.getsize(largest):
            with open(large, "wb") as out, open(largest, "rb") as source:
                block = source.read()
                for _ in range(copies):
                    out.write(block)
        seconds, memory, _, _ = run(formcheck_command(schema, large))
        print(f"{os.path.getsize(large) / 1e9:.1f} GB of JSON Lines ({copies * max(sizes):,} records): peak memory {memory:.1f} MB, "
              f"{copies * max(sizes) / seconds:,.0f} records/s")


def one_line_array(data, name, size):
    """The records of the form's JSON Lines file as one JSON array on one line, as `json.dumps` writes it."""
    path = os.path.join(data, f"{name}_{size}_one_line.json")
    if not os.path.exists(path):
        with open(os.path.join(data, f"{name}_{size}.jsonl"), "rb") as f:
            records = [json.loads(line) for line in f if line.strip()]
        with open(path, "w") as f:
            json.dump(records, f, separators=(",", ":"))
    return path


def print_errors(sizes, runs, tools, data):
    """Printing every error, as a CI log shows it: formcheck in each output format (and the default text with
    one job), beside jsonschema-rs and Python jsonschema printing each error's record, path and message; then
    formcheck on the same records as one JSON array written on one line, in each format and the summary."""
    form = FORMS["signup"]
    schema = os.path.join(ROOT, form.YAML)
    output = os.path.join(OUT, "errors.txt")
    for size in sizes:
        lines = os.path.join(data, f"{form.NAME}_{size}.jsonl")
        expected = formcheck_invalid(schema, lines)
        print(f"\nprinting every error, {form.NAME} ({form.YAML}), {size} records as JSON Lines, output to a file "
              f"(load average {os.getloadavg()[0]:.1f}): records/s, median of {runs}, and x jsonschema-rs printing")
        commands = {f"formcheck --format {kind}": [FORMCHECK, schema, lines, "--all-errors", "--format", kind, *TODAY_OPTION]
                    for kind in ["text", "json", "sarif", "junit", "github"]}
        commands["formcheck --format text --jobs 1"] = commands["formcheck --format text"] + ["--jobs", "1"]
        for tool in [tool for tool in ["jsonschema_rs", "jsonschema"] if tool in tools]:
            if tool == "jsonschema" and size > 100_000:
                continue
            schema_json = os.path.join(data, f"{form.NAME}.re.schema.json" if tool in PYTHON_RE else f"{form.NAME}.schema.json")
            commands[f"{tool} printing"] = [VENV_PYTHON, os.path.join(HERE, "peers.py"), tool, form.NAME, schema_json, lines, "--print"]
        # The commands take turns, run after run, so that each meets the machine's slow and fast spells
        # alike and their ratios compare like with like.
        timings = {name: [] for name in commands}
        for _ in range(runs):
            for name, command in commands.items():
                timings[name].append(run_to_file(command, output))
        rates = {}
        for name in commands:
            if not name.startswith("formcheck") and answer(timings[name][0][1]) != expected:
                sys.exit(f"{name} disagrees with formcheck on {lines}: {timings[name][0][1].strip()} vs {expected}")
            rates[name] = size / statistics.median(t[0] for t in timings[name])
        base = rates["jsonschema_rs printing"]
        for name, rate in rates.items():
            print(f"{name:36}{rate:>14,.0f}{rate / base:8.2f}x")
        array = one_line_array(data, form.NAME, size)
        for kind in ["text", "json", "sarif", "junit", "github", "summary"]:
            runs_of = {lines: [], array: []}
            for _ in range(runs):
                for path in [lines, array]:
                    command = [FORMCHECK, schema, path, "--all-errors", "--format", kind, *TODAY_OPTION]
                    runs_of[path].append(run_to_file(command, output)[0])
            seconds = {path: statistics.median(times) for path, times in runs_of.items()}
            print(f"one-line JSON array, --format {kind}: {seconds[array]:.2f} s, JSON Lines {seconds[lines]:.2f} s "
                  f"({seconds[array] / seconds[lines]:.2f}x)")


def print_streamed_memory(sizes, gigabytes, data):
    """Peak memory on a large JSON array, on one line and pretty, which formcheck reads a window at a time,
    and on a large YAML file of many documents, which it reads document by document."""
    form = FORMS["signup"]
    schema = os.path.join(ROOT, form.YAML)
    source = os.path.join(data, f"{form.NAME}_{max(sizes)}.jsonl")
    output = os.path.join(OUT, "errors.txt")
    for layout, separator, before, after, indent in [("on one line", b",", b"[", b"]", b""), ("one element per line", b",\n", b"[\n", b"\n]\n", b"  ")]:
        path = os.path.join(data, f"{form.NAME}_array_{gigabytes:g}gb_{'one_line' if indent == b'' else 'pretty'}.json")
        if not os.path.exists(path):
            # Written a line at a time: this script's own memory would count in the peak of the
            # processes it starts (they begin as copies of it).
            with open(path, "wb") as out:
                out.write(before)
                written = 0
                while written < gigabytes * 1e9:
                    with open(source, "rb") as records:
                        for record in records:
                            record = record.rstrip(b"\n")
                            if not record.strip():
                                continue
                            if written:
                                out.write(separator)
                            out.write(indent + record)
                            written += len(record) + len(separator) + len(indent)
                            if written >= gigabytes * 1e9:
                                break
                out.write(after)
        for kind in ["summary", "text"]:
            seconds, _, memory, _ = run_to_file([FORMCHECK, schema, path, "--all-errors", "--format", kind, *TODAY_OPTION], output)
            print(f"{os.path.getsize(path) / 1e9:.1f} GB JSON array {layout}, --format {kind}: peak memory {memory:.1f} MB, "
                  f"{seconds:.2f} s")
    # The same records as YAML documents (each record written as a flow mapping after `---`).
    path = os.path.join(data, f"{form.NAME}_documents_{gigabytes:g}gb.yaml")
    if not os.path.exists(path):
        with open(path, "wb") as out:
            written = 0
            while written < gigabytes * 1e9:
                with open(source, "rb") as records:
                    for record in records:
                        if not record.strip():
                            continue
                        out.write(b"---\n" + record.rstrip(b"\n") + b"\n")
                        written += len(record) + 4
                        if written >= gigabytes * 1e9:
                            break
    seconds, _, memory, _ = run_to_file([FORMCHECK, schema, path, "--all-errors", "--format", "summary", *TODAY_OPTION], output)
    print(f"{os.path.getsize(path) / 1e9:.1f} GB YAML file of one document per record, --format summary: peak memory {memory:.1f} MB, "
          f"{seconds:.2f} s")


def form_names(listed):
    """The forms named in `listed` (comma-separated), or exits naming those that are not forms."""
    names = listed.split(",")
    if unknown := [name for name in names if name not in FORMS]:
        sys.exit(f"unknown form {', '.join(unknown)}; the forms are {', '.join(FORMS)}")
    return names


def main(argv):
    names = list(FORMS)
    sizes = [100_000, 1_000_000]
    runs = 3
    tools = ["formcheck"] + PEERS
    build = True
    large_gb = 4.0
    array_gb = 1.0
    errors = True
    far_pairs, far_wait = 0, 0.0
    while argv:
        option = argv.pop(0)
        if option == "--schemas":
            names = form_names(argv.pop(0))
        elif option == "--sizes":
            sizes = [int(s) for s in argv.pop(0).split(",")]
        elif option == "--runs":
            runs = int(argv.pop(0))
        elif option == "--tools":
            tools = argv.pop(0).split(",")
        elif option == "--large-gb":
            large_gb = float(argv.pop(0))
        elif option == "--array-gb":
            array_gb = float(argv.pop(0))
        elif option == "--far-pairs":
            far_pairs = int(argv.pop(0))
        elif option == "--far-wait":
            far_wait = float(argv.pop(0))
        elif option == "--no-build":
            build = False
        elif option == "--no-errors":
            errors = False
        elif option == "--errors-only":
            names = []
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
    for name in names:
        form = FORMS[name]
        rates = bench_form(form, sizes, runs, tools, data)
        print_block(form, sizes, tools, rates)
        if "formcheck" in tools and name == "signup":
            print_signup_extras(sizes, runs, large_gb, data)
        sys.stdout.flush()
    if names and "formcheck" in tools:
        print_jobs_and_formats([FORMS[name] for name in names], sizes, runs, data, far_pairs, far_wait)
        sys.stdout.flush()
    if errors and "jsonschema_rs" in tools:
        for size in sizes:
            if not os.path.exists(os.path.join(data, f"signup_{size}.jsonl")):
                generate("signup", size, data)
        print_errors(sizes, runs, tools, data)
        if array_gb > 0:
            print_streamed_memory(sizes, array_gb, data)


if __name__ == "__main__":
    main(sys.argv[1:])
