#!/usr/bin/env python3
"""Target 2 of bench/run: the classic perceptron in plab against scikit-learn's Perceptron.

Same CSV (50,000 x 100, labels flipped with probability 0.05 so that no run stops early),
same order (file order; sklearn shuffle=False), same rule (update when y (w.x + b) <= 0,
eta 1, from zero), same number of epochs (10; sklearn tol=None). Training time only on both
sides: sklearn's fit() on arrays already in memory, plab's run time from timings.jsonl.
It checks that both end with the same training error and prints one JSON object.

Usage: compare_sklearn.py PLAB_BINARY WORK_FOLDER   (needs Debian's python3-sklearn)
"""
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.linear_model import Perceptron

N, D, EPOCHS = 50000, 100, 10


def make_csv(path):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((N, D))
    teacher = rng.standard_normal(D + 1)
    y = np.where(teacher[0] + x @ teacher[1:] > 0, 1, -1)
    flip = rng.random(N) < 0.05
    y[flip] = -y[flip]
    with open(path, "w") as f:
        f.write(",".join(f"x{j}" for j in range(D)) + ",label\n")
        for row, label in zip(x, y):
            f.write(",".join(repr(float(v)) for v in row) + f",{label}\n")
    return x, y


def run_plab(plab, folder, csv, dot):
    config = folder / f"plab_{dot}.json"
    config.write_text(json.dumps({
        "name": "sklearn-compare", "seed": 1, "repeats": 1,
        "dataset": {"kind": "csv", "path": str(csv), "label": "label"},
        "learners": [{"name": "classic", "plugin": "perceptron", "params": {"dot": dot}}],
        "init": {"kind": "zero"}, "theory": {"margin": "none"},
        "protocol": {"kind": "convergence", "max_epochs": EPOCHS, "order": "cyclic"}}))
    out = folder / f"out_{dot}"
    shutil.rmtree(out, ignore_errors=True)  # plab never overwrites a results folder
    subprocess.run([plab, "run", str(config), "--out", str(out), "--quiet", "--no-report",
                    "--threads", "1"], check=True, stdout=subprocess.DEVNULL)
    record = json.loads((out / "runs.jsonl").read_text().splitlines()[0])
    seconds = json.loads((out / "timings.jsonl").read_text().splitlines()[0])["train_seconds"]
    assert record["epochs"] == EPOCHS, record
    return seconds / EPOCHS, record["train_error"]


def main():
    plab, folder = sys.argv[1], Path(sys.argv[2]).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    csv = folder / "sklearn_compare.csv"
    x, y = make_csv(csv)
    x = np.ascontiguousarray(np.loadtxt(csv, delimiter=",", skiprows=1, usecols=range(D)))
    best = float("inf")
    for _ in range(3):
        clf = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=EPOCHS, alpha=0.0,
                         penalty=None, fit_intercept=True)
        start = time.perf_counter()
        clf.fit(x, y)
        best = min(best, time.perf_counter() - start)
    sklearn_error = float(np.mean(clf.predict(x) != y))
    result = {"sklearn_seconds_per_epoch": best / EPOCHS, "sklearn_train_error": sklearn_error}
    for dot in ("sequential", "blocked"):
        runs = [run_plab(plab, folder, csv, dot) for _ in range(3)]
        result[f"plab_{dot}_seconds_per_epoch"] = min(r[0] for r in runs)
        result[f"plab_{dot}_train_error"] = runs[0][1]
        result[f"speedup_{dot}"] = result["sklearn_seconds_per_epoch"] / result[f"plab_{dot}_seconds_per_epoch"]
        result[f"same_train_error_{dot}"] = abs(runs[0][1] - sklearn_error) < 0.5 / N
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
