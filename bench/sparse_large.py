#!/usr/bin/env python3
"""Research-scale sparse data through the real plab binary.

100,000 rows x 1,000,000 features, about 100 non-zeros a row (a sparse teacher's sign, 5 %
of labels flipped so that every epoch makes mistakes), written once as an svmlight file.
Measured side by side in one run:
  - plab's load: wall time of a run that loads the file into sparse storage and trains one
    epoch, minus its training time (timings.jsonl), and its peak RSS (wait4) against the
    CSR size plab holds (values 8 B + column index 4 B per stored entry, the bias entry of
    every row included, + 8 B a row offset), goal <= 1.3 x CSR + 20 MB;
  - the classic perceptron's marginal epoch (cyclic, from zero, eta 1) in plab (its
    train_seconds between 2 and 12 epochs) against scikit-learn's Perceptron on the same file
    read by load_svmlight_file (CSR; shuffle=False, tol=None, alpha=0), goal plab >= 3x
    faster;
  - the weights after 10 epochs, plab's record (record_weights) against sklearn's coef_:
    largest difference relative to the largest weight, goal <= 1e-9;
  - the limit (BM_SparseGatherLimit in plab_bench, beside plab, on this file): one pass
    fetching every stored entry's weight and value into 8 independent sums, the least any
    epoch must fetch, and the reference's epoch without updates as a hand-written loop.
Without a bias on either side (plab "augment": false, sklearn fit_intercept=False): on sparse
input sklearn's SGD damps the intercept's step by 0.01 (its SPARSE_INTERCEPT_DECAY), so with
a bias the two are not the same algorithm (a first run differed by 20 % in the weights).
Usage: sparse_large.py PLAB_BINARY WORK_FOLDER   (numpy and sklearn from bench/run's folder)
"""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.datasets import load_svmlight_file
from sklearn.linear_model import Perceptron

N, D, NNZ = 100_000, 1_000_000, 100

# Runs argv[1:] as a child of a small Python (no site packages) and prints the child's peak
# RSS in KiB from wait4; fails when the child does.
LAUNCHER = """
import os, sys
pid = os.fork()
if pid == 0:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit("plab exited with " + str(os.waitstatus_to_exitcode(status)))
print(usage.ru_maxrss)
"""


def make_file(path):
    rng = np.random.default_rng(21)
    teacher_columns = rng.choice(D, 2000, replace=False)
    teacher = np.zeros(D)
    teacher[teacher_columns] = rng.standard_normal(2000)
    with open(path, "w") as f:
        for start in range(0, N, 10_000):
            rows = min(10_000, N - start)
            cols = np.sort(rng.integers(0, D, size=(rows, NNZ)), axis=1)
            # Rows mostly hit the teacher's columns, so labels depend on the features.
            hits = rng.random((rows, NNZ)) < 0.3
            cols[hits] = rng.choice(teacher_columns, hits.sum())
            cols.sort(axis=1)
            vals = np.round(rng.standard_normal((rows, NNZ)), 4)
            lines = []
            for c, v in zip(cols, vals):
                keep = np.concatenate(([True], c[1:] != c[:-1]))
                c, v = c[keep], v[keep]
                score = float(v @ teacher[c])
                y = 1 if score > 0 else -1
                if rng.random() < 0.05:
                    y = -y
                lines.append(("+1" if y > 0 else "-1") + " " +
                             " ".join(f"{j + 1}:{x:.4g}" for j, x in zip(c, v)))
            f.write("\n".join(lines) + "\n")


def run_plab(plab, folder, data, epochs, record_weights, repeats=1):
    config = folder / f"plab_{epochs}_{repeats}.json"
    config.write_text(json.dumps({
        "name": "sparse-large", "seed": 1, "repeats": repeats,
        "dataset": {"kind": "svmlight", "path": str(data), "n_features": D, "storage": "sparse",
                    "augment": False},
        "learners": [{"name": "classic", "plugin": "perceptron"}],
        "init": {"kind": "zero"}, "theory": {"margin": "none"},
        "protocol": {"kind": "convergence", "max_epochs": epochs, "order": "cyclic",
                     "record_weights": record_weights}}))
    out = folder / f"out_{epochs}_{int(record_weights)}_{repeats}"
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    # Through a small launcher: a process forked from this one, which holds numpy, sklearn
    # and the generated rows, would carry this process's peak RSS into its own ru_maxrss
    # (Linux keeps the old memory's high-water mark across exec), 30 MB too much here.
    launched = subprocess.run(
        [sys.executable, "-S", "-c", LAUNCHER, plab, "run", str(config), "--out", str(out),
         "--quiet", "--no-report", "--threads", "1"],
        stdout=subprocess.PIPE, check=True)
    wall = time.perf_counter() - start
    maxrss_kib = int(launched.stdout.decode().split()[-1])
    record = json.loads((out / "runs.jsonl").read_text().splitlines()[0])
    seconds = json.loads((out / "timings.jsonl").read_text().splitlines()[0])["train_seconds"]
    assert record["epochs"] == epochs, record
    if repeats > 1:
        runs = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
        same = [(r["mistakes"], r["w_norm"]) for r in runs]
        assert len(runs) == repeats and len(set(same)) == 1, same
    # ru_maxrss is in KiB; every size here is in MB (10^6 bytes).
    return {"wall": wall, "train": seconds, "rss_mb": maxrss_kib * 1024 / 1e6, "record": record}


def gather_limit(plab, data):
    """BM_SparseGatherLimit on this file: the fastest of 5 repetitions of a pass that fetches
    every stored entry's weight and value into 8 independent sums (the least any epoch
    fetches), and of the reference's epoch without updates, in ms."""
    bench = Path(plab).parent / "plab_bench"
    env = dict(os.environ, PLAB_BENCH_SPARSE_FILE=str(data), PLAB_BENCH_SPARSE_FEATURES=str(D))
    out = subprocess.run(
        [str(bench), "--benchmark_filter=BM_SparseGatherLimit", "--benchmark_format=json",
         "--benchmark_repetitions=5", "--benchmark_min_time=0.5"],
        env=env, stdout=subprocess.PIPE, check=True)
    best = {}
    for b in json.loads(out.stdout)["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        arg = b["name"].split("/")[1]
        best[arg] = min(best.get(arg, float("inf")), b["epoch_ms"])
    return {"gather_ms": best["0"], "sequential_ms": best["1"]}


def main():
    plab, folder = sys.argv[1], Path(sys.argv[2]).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "sparse_100k_x_1m.svm"
    if not data.exists():
        make_file(data)
    # plab first: a child forked while this process holds sklearn's copy of the data would
    # count those pages in its peak RSS.
    one = min((run_plab(plab, folder, data, 1, False) for _ in range(2)), key=lambda r: r["wall"])
    load_s = one["wall"] - one["train"]
    short = min(run_plab(plab, folder, data, 2, False)["train"] for _ in range(2))
    long = min(run_plab(plab, folder, data, 12, False)["train"] for _ in range(2))
    plab_epoch = (long - short) / 10
    weights = run_plab(plab, folder, data, 10, True)["record"]["w"]
    limit = gather_limit(plab, data)

    x, y = load_svmlight_file(str(data), n_features=D)
    csr_mb = (x.nnz * (8 + 4) + (N + 1) * 8) / 1e6

    def sklearn_fit(epochs):
        clf = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=epochs, alpha=0.0,
                         penalty=None, fit_intercept=False)
        start = time.perf_counter()
        clf.fit(x, y)
        return time.perf_counter() - start, clf
    sk_short = min(sklearn_fit(2)[0] for _ in range(2))
    sk_long = min(sklearn_fit(12)[0] for _ in range(2))
    sk_epoch = (sk_long - sk_short) / 10

    _, clf = sklearn_fit(10)
    ours = np.array(weights)
    theirs = clf.coef_.ravel()
    scale = max(np.max(np.abs(theirs)), 1e-300)
    print(json.dumps({
        "rows": N, "features": D, "nnz": int(x.nnz), "file_mb": data.stat().st_size / 1e6,
        "csr_mb": csr_mb, "load_s": load_s, "rss_mb": one["rss_mb"],
        "rss_goal_mb": 1.3 * csr_mb + 20,
        "plab_epoch_s": plab_epoch, "sklearn_epoch_s": sk_epoch, "speedup": sk_epoch / plab_epoch,
        "gather_limit_s": limit["gather_ms"] / 1e3, "hand_sequential_s": limit["sequential_ms"] / 1e3,
        "weights_max_rel_diff": float(np.max(np.abs(ours - theirs)) / scale),
        "weights_same_length": len(ours) == len(theirs),
    }, indent=1))


if __name__ == "__main__":
    main()
