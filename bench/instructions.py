#!/usr/bin/env python3
"""formcheck's instructions per record, counted by valgrind's callgrind rather than timed.

usage: bench/instructions.py [--binary PATH] [--baseline PATH] [--schemas signup,booking,...]
                             [--formats summary,text,...] [--records 10000]

For each form and output format, runs the build (default: .build/release/formcheck, as bench/run.py builds
it) with one job on the first --records and on twice as many records of the form's JSON Lines data set
(bench/out/data, made by bench/generate.py if missing), every error written, and prints the difference of
the two counts divided by --records: the instructions one more record takes, start-up left out. Counts
repeat to within a few instructions a record whatever else the machine runs, where times on a shared host
drift by tens of percent from one minute to the next: they compare two builds on a noisy host (--baseline
gives the other one, and the change is printed), and tell whether a slower run on another host did more
work or the same work more slowly. They do not weigh what an instruction costs (cache misses, branches
mispredicted), which only timed runs show.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from run import FORMATS, FORMCHECK, FORMS, OUT, ROOT, TODAY_OPTION, form_names, generate


def records_file(form, count, folder):
    """The first `count` records of the form's largest JSON Lines data set, in a file of their own."""
    data = os.path.join(OUT, "data")
    pattern = re.compile(re.escape(form.NAME) + r"_(\d+)\.jsonl")
    sizes = sorted(int(found.group(1)) for found in map(pattern.fullmatch, os.listdir(data) if os.path.isdir(data) else []) if found)
    if not sizes or sizes[-1] < count:
        sizes = [max(count, 100_000)]
        generate(form.NAME, sizes[-1], data)
    path = os.path.join(folder, f"{form.NAME}_{count}.jsonl")
    with open(os.path.join(data, f"{form.NAME}_{sizes[-1]}.jsonl"), "rb") as source, open(path, "wb") as target:
        for _ in range(count):
            target.write(source.readline())
    return path


def instructions(binary, schema, path, output_format):
    """The instructions callgrind counts for one run of `binary`, with one job and its output discarded."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, schema, path, "--jobs", "1",
                             "--all-errors", "--format", output_format, *TODAY_OPTION],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    if found is None or result.returncode not in (0, 1):
        sys.exit(f"callgrind did not count {binary} on {path}:\n{result.stderr}")
    return int(found.group(1))


def per_record(binary, schema, small, large, count, output_format):
    return (instructions(binary, schema, large, output_format) - instructions(binary, schema, small, output_format)) / count


def main(argv):
    binary, baseline = FORMCHECK, None
    names, formats, count = list(FORMS), FORMATS, 10_000
    while argv:
        option = argv.pop(0)
        if option == "--binary":
            binary = argv.pop(0)
        elif option == "--baseline":
            baseline = argv.pop(0)
        elif option == "--schemas":
            names = form_names(argv.pop(0))
        elif option == "--formats":
            formats = argv.pop(0).split(",")
            if unknown := [name for name in formats if name not in FORMATS]:
                sys.exit(f"unknown format {', '.join(unknown)}; the formats are {', '.join(FORMATS)}")
        elif option == "--records":
            count = int(argv.pop(0))
        else:
            sys.exit(__doc__)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    for build in filter(None, [binary, baseline]):
        if not os.access(build, os.X_OK):
            sys.exit(f"no formcheck build at {build} (swift build -c release --static-swift-stdlib, or --binary PATH)")
    print(f"instructions per record (callgrind, one job, {count} and {2 * count} records)")
    print(f"{'form':<16}{'format':<9}{'build':>9}" + (f"{'baseline':>10}{'change':>9}" if baseline else ""))
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            form = FORMS[name]
            schema = os.path.join(ROOT, form.YAML)
            small, large = records_file(form, count, folder), records_file(form, 2 * count, folder)
            for output_format in formats:
                measured = per_record(binary, schema, small, large, count, output_format)
                line = f"{name:<16}{output_format:<9}{measured:>9.0f}"
                if baseline:
                    before = per_record(baseline, schema, small, large, count, output_format)
                    line += f"{before:>10.0f}{(measured / before - 1) * 100:>+8.1f}%"
                print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
