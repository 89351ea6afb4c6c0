#!/usr/bin/env python3
"""Every shipped config (configs/) and every experiment folder's runs (experiments/*/
expect.json, with their --set cuts) audited by both `plab verify` and `tools/plab-audit`:
both must give the same exit code, and a clean run's folder must be clean to both.

Usage: shipped.py SOURCE_DIR PLAB OUT_DIR [NAME_FILTER]"""

import json
import os
import re
import subprocess
import sys
import time

# Cuts for the test suite: the configs too large to run whole here (the sample of points
# they keep is the first repeats of every point, or the first points of a large sweep).
CUTS = {
    "sweep_100k.json": ["/repeats=1", "/protocol/max_epochs=2"],
    "multiclass_digits.json": ["/repeats=1", "/protocol/max_epochs=3"],
    "quickstart.json": ["/repeats=20"],
}
EXPERIMENT_REPEATS = 3  # each experiment run keeps its points, with this many repeats
# Experiments that replicate over data seeds are audited on their first data set: the audit
# regenerates and re-certifies every data set in Python, and one shows what ten would.
EXPERIMENT_CUTS = {
    "additive_vs_multiplicative.json": ["/sweep/~1dataset~1seed=[1]"],
    "margin_sweep.json": ["/sweep/~1dataset~1seed=[1]"],
    "orders.json": ["/sweep/~1dataset~1seed=[1]"],
}
# Every record's data, certificates, bounds and consistency are audited; its replay only up
# to this many multiply-adds (a few tenths of a second of Python), to keep the suite short.
REPLAY_LIMIT = "200000"


def strip_comments(text):
    return re.sub(r"^\s*//.*$", "", text, flags=re.M)


def runs(source):
    for name in sorted(os.listdir(f"{source}/configs")):
        if name.endswith(".json") and not name.endswith(".schema.json"):
            yield f"configs/{name}", f"{source}/configs/{name}", CUTS.get(name, []), 0
    for folder in sorted(os.listdir(f"{source}/experiments")):
        expect = f"{source}/experiments/{folder}/expect.json"
        if not os.path.isfile(expect):
            continue
        for run in json.loads(strip_comments(open(expect).read()))["runs"]:
            sets = (list(run.get("set", [])) + [f"/repeats={EXPERIMENT_REPEATS}"] +
                    EXPERIMENT_CUTS.get(run["config"], []))
            yield (f"experiments/{folder}/{run['config']}",
                   f"{source}/experiments/{folder}/{run['config']}", sets, run.get("exit", 0))


def main():
    source, plab, out_dir = sys.argv[1:4]
    only = sys.argv[4] if len(sys.argv) > 4 else ""
    audit = f"{source}/tools/plab-audit"
    failures = 0
    for name, config, sets, run_exit in runs(source):
        if only not in name:
            continue
        out = os.path.join(out_dir, name.replace("/", "_"))
        args = [plab, "run", config, "--out", out, "--quiet", "--no-report"]
        for s in sets:
            args += ["--set", s]
        subprocess.run(["rm", "-rf", out])
        started = time.monotonic()
        r = subprocess.run(args, capture_output=True, text=True)
        ran = time.monotonic() - started
        if r.returncode != run_exit:
            print(f"{name}: plab run exited {r.returncode}, expected {run_exit}\n{r.stderr}")
            failures += 1
            continue
        v = subprocess.run([plab, "verify", out], capture_output=True, text=True)
        started = time.monotonic()
        a = subprocess.run([audit, out, "--replay-limit", REPLAY_LIMIT], capture_output=True,
                           text=True)
        audited = time.monotonic() - started
        verdict = "agree" if v.returncode == a.returncode else "DISAGREE"
        print(f"{name}: run {ran:.1f} s, verify {v.returncode}, plab-audit {a.returncode} "
              f"({audited:.1f} s): {verdict}")
        if v.returncode != a.returncode:
            failures += 1
            print(v.stdout[-1500:], v.stderr[-800:], a.stdout[-2500:], a.stderr[-800:])
    print(f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
