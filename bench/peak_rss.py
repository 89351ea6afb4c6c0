#!/usr/bin/env python3
"""Peak memory of `plab run` on the 50,000 x 100 CSV (against the data set's size, and the target
"memory flat in the number of runs").

Writes the CSV once (labels from a random teacher, 5 % flipped; 17 significant digits a
cell, as the other benchmarks), then runs the real binary with 1 and 64 repeats of the
classic perceptron (20 epochs, shuffled, Gaussian starts, 2 threads, no margin oracle), and
once on a 10-row file with the same columns: that run's peak is the process's own constant
(binary, plugin, libraries, buffers). Peak RSS is the kernel's ru_maxrss of the `plab`
process from wait4 (it includes any child it waited for), so no GNU time is needed.

The data set's size is what the engine must hold, not the CSV's size (the text is about 2.4
times larger and is never held whole): rows x (features + bias) doubles, plus the per-row
sign (a double) and class index (int32) of a binary task.

Usage: peak_rss.py PLAB_BINARY WORK_FOLDER [CSV]   (prints one JSON object)
CSV: a 50,000 x 100 file with a header and a last column "label" (bench/run passes the one
compare_sklearn.py wrote); without it the file is written in WORK_FOLDER.
"""
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

N, D = 50000, 100
DATA_BYTES = N * (D + 1) * 8 + N * (8 + 4)


def write_csv(path, rows):
    rng = random.Random(7)
    teacher = [rng.gauss(0, 1) for _ in range(D + 1)]
    with open(path, "w") as f:
        f.write(",".join(f"x{j}" for j in range(D)) + ",label\n")
        for _ in range(rows):
            x = [rng.gauss(0, 1) for _ in range(D)]
            y = 1 if teacher[0] + sum(t * v for t, v in zip(teacher[1:], x)) > 0 else -1
            if rng.random() < 0.05:
                y = -y
            f.write(",".join(repr(v) for v in x) + f",{y}\n")


def peak_rss_bytes(plab, folder, csv, repeats):
    config = folder / f"{csv.stem}_{repeats}.json"
    config.write_text(json.dumps({
        "name": "memory", "seed": 1, "repeats": repeats,
        "dataset": {"kind": "csv", "path": str(csv), "label": "label"},
        "learners": [{"plugin": "perceptron"}], "init": {"kind": "gaussian"},
        "theory": {"margin": "none"},
        "protocol": {"max_epochs": 20, "order": "shuffle"}}))
    out = folder / f"out_{csv.stem}_{repeats}"
    shutil.rmtree(out, ignore_errors=True)  # plab never overwrites a results folder
    child = subprocess.Popen([plab, "run", str(config), "--out", str(out), "--quiet",
                              "--no-report", "--threads", "2"], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"peak_rss.py: plab run {config} exited with {child.returncode}")
    shutil.rmtree(out)
    return usage.ru_maxrss * 1024  # KiB on Linux


def main():
    plab, folder = sys.argv[1], Path(sys.argv[2]).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    big, tiny = folder / f"memory_{N}x{D}.csv", folder / f"memory_10x{D}.csv"
    if len(sys.argv) > 3:
        big = Path(sys.argv[3]).resolve()
    elif not big.exists():
        write_csv(big, N)
    with open(big) as f:
        if sum(1 for _ in f) != N + 1:
            sys.exit(f"peak_rss.py: {big} is not a {N} x {D} CSV with a header")
    write_csv(tiny, 10)
    constant = peak_rss_bytes(plab, folder, tiny, 1)
    one = peak_rss_bytes(plab, folder, big, 1)
    many = peak_rss_bytes(plab, folder, big, 64)
    limit = 1.1 * DATA_BYTES + 20e6
    print(json.dumps({
        "rows": N, "features": D, "csv_bytes": big.stat().st_size, "data_bytes": DATA_BYTES,
        "few": 1, "many": 64, "rss_few_bytes": one, "rss_many_bytes": many,
        "rss_tiny_bytes": constant, "ratio": one / DATA_BYTES, "overhead_bytes": one - DATA_BYTES,
        "beyond_tiny_run_bytes": one - constant, "limit_bytes": limit, "meets": one <= limit,
        # The fields bench/summarize.py's growth target (target 7) reads.
        "rss_few_mb": one / 1e6, "rss_many_mb": many / 1e6, "data_mb": DATA_BYTES / 1e6,
    }, indent=1))


main()
