#!/usr/bin/env python3
"""Runs the snippets of docs/python.md, taken from the page itself, on a fresh quickstart
folder and its exports, and checks what they read against runs.jsonl (parsed by Python's
json module, whose doubles are exact): every record, every sweep point, and the numbers the
figure draws.

usage: check_python_doc.py SOURCE_DIR PLAB WORK_DIR
"""
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys


def fail(message):
    print("python_doc: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    source, plab, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    folder = os.path.join(work, "results", "quickstart", "latest")
    for args in (
        ["run", os.path.join(source, "configs", "quickstart.json"), "--out", folder, "--quiet",
         "--no-report"],
        ["export", folder, "--csv", os.path.join(work, "runs.csv"), "--sqlite",
         os.path.join(work, "runs.db")],
    ):
        done = subprocess.run([plab] + args, capture_output=True, text=True)
        if done.returncode != 0:
            fail("plab " + " ".join(args) + " failed: " + done.stderr)

    with open(os.path.join(source, "docs", "python.md")) as f:
        page = f.read()
    snippets = re.findall(r"```python\n(.*?)```", page, re.S)
    if len(snippets) != 4:
        fail(f"docs/python.md has {len(snippets)} python snippets, the test knows 4")
    names = {}
    os.chdir(work)
    for k, code in enumerate(snippets):
        try:
            exec(compile(code, f"docs/python.md snippet {k + 1}", "exec"), names)
        except Exception as e:  # the page's own code failed: say which snippet
            fail(f"snippet {k + 1} of docs/python.md failed: {type(e).__name__}: {e}")

    with open(os.path.join(folder, "runs.jsonl")) as f:
        records = [json.loads(line) for line in f]
    with open(os.path.join(folder, "manifest.json")) as f:
        manifest = json.load(f)
    runs, flat, from_db = names["runs"], names["flat"], names["from_db"]
    for name, frame in (("runs", runs), ("flat", flat), ("from_db", from_db)):
        if len(frame) != len(records):
            fail(f"{name} has {len(frame)} rows, runs.jsonl {len(records)}")

    def same(a, b):
        return (a is None and (b is None or (isinstance(b, float) and math.isnan(b)))) or a == b

    for i, r in enumerate(records):
        for field in ("mistakes", "epochs", "w_norm", "R", "rho", "bound", "ratio"):
            for name, frame in (("runs", runs), ("flat", flat), ("from_db", from_db)):
                value = frame[field].iloc[i]
                if not same(r[field], None if value is None else float(value)):
                    fail(f"{name}[{field!r}] of run {i} is {value!r}, runs.jsonl {r[field]!r}")
        if list(flat["w"].iloc[i]) != r["w"]:
            fail(f"flat['w'] of run {i} is {flat['w'].iloc[i]!r}, runs.jsonl {r['w']!r}")
        if list(runs["w"].iloc[i]) != r["w"]:
            fail(f"runs['w'] of run {i} differs from runs.jsonl")
        for pointer, value in r["params"].items():
            column = pointer[1:].replace("/", ".")
            if runs[pointer].iloc[i] != value or flat[column].iloc[i] != value:
                fail(f"the swept {pointer} of run {i} is not {value!r}")
        if flat["learner"].iloc[i] != r["learner"] or from_db["learner"].iloc[i] != r["learner"]:
            fail(f"the learner of run {i} differs")

    seeds = {p["index"]: p["seed"] for p in manifest["points"]}
    if names["seeds"] != seeds:
        fail(f"seeds {names['seeds']!r} are not the manifest's {seeds!r}")
    if [int(s) for s in names["points"]["seed"]] != [seeds[p] for p in sorted(seeds)]:
        fail("the seeds read from runs.db are not the manifest's")
    for i, r in enumerate(records):
        if flat["seed"].iloc[i] != str(seeds[r["point"]]):
            fail(f"flat['seed'] of run {i} is {flat['seed'].iloc[i]!r}")

    per_point = names["per_point"]
    summary = names["summary"]
    for point in sorted(seeds):
        mistakes = [r["mistakes"] for r in records if r["point"] == point]
        if not math.isclose(per_point[point], statistics.fmean(mistakes), rel_tol=1e-12):
            fail(f"per_point[{point}] is {per_point[point]}, runs.jsonl {statistics.fmean(mistakes)}")
        params = next(r["params"] for r in records if r["point"] == point)
        row = summary[(summary["init.kind"] == params["/init/kind"]) &
                      (summary["protocol.order"] == params["/protocol/order"])]
        if len(row) != 1:
            fail(f"summary has {len(row)} rows for point {point}")
        if (int(row["count"].iloc[0]) != len(mistakes)
                or not math.isclose(row["mean"].iloc[0], statistics.fmean(mistakes), rel_tol=1e-12)
                or not math.isclose(row["std"].iloc[0], statistics.stdev(mistakes),
                                    rel_tol=1e-12, abs_tol=1e-12)):
            fail(f"the figure's numbers for point {point} are not runs.jsonl's: {row}")
    with open("mistakes.png", "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            fail("mistakes.png is not a PNG")
    print(f"python_doc: 4 snippets, {len(records)} runs and {len(seeds)} points checked")


main()
