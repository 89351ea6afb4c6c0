#!/usr/bin/env python3
"""Repeats trained side by side in SIMD lanes (`plab run --lanes`).

Every figure is the wall time of the whole `plab run` process (load, runs, records, JSON),
best of REPS, measured side by side in this one program:

1. 8 repeats of the classic perceptron (default sequential dot, Gaussian starts, so the 8
   runs differ) on the 50,000 x 100 CSV compare_sklearn.py writes (labels 5 % flipped: no
   run converges, so each runs exactly max_epochs, checked in runs.jsonl), cyclic order.
   Marginal epoch per run = (wall at E2 epochs - wall at E1 epochs) / (E2 - E1) / 8: the
   load and the records cancel. Against scikit-learn's Perceptron's marginal epoch on the
   same CSV (fit() on arrays in memory at max_iter E1 and E2, from zero, file order, no
   shuffle). With --threads 1 (one core against sklearn's one core) and --threads 2, each
   with --lanes auto and --lanes 1.
2. The same with "order": "shuffle" (every run its own shuffles): lanes auto against 1.
3. Iris, versicolor against the rest (150 x 4 features + bias; not linearly separable, so
   every run uses all its max_epochs), 1,000 repeats from Gaussian starts, cyclic order,
   --threads 1: total wall time, lanes auto against 1. The engine's own cost (start, load,
   margin oracle, 1,000 records, JSON) is measured apart as the same run with max_epochs 1,
   and the learners' own time as the sum of train_seconds in timings.jsonl.

5. 32 repeats (WIDE_REPEATS) of benchmark 1's workload, cyclic, --threads 1, --lanes auto, 8
   and 32: marginal epoch per run, and scikit-learn's marginal epoch over it ("ratios").

Beside each wall time, the CPU time (user + system) of the process, best of REPS: on a
machine shared with other work a one-thread run's wall time also counts the time others held
its core, its CPU time does not. The targets are judged on wall time.

Every runs.jsonl of a workload (any lanes, any threads) must be byte-identical to the one of
--lanes 1 --threads 1 at the same epochs; the result says whether it was.

Until plab has `--lanes` (it is not in `plab run --help`), the runs are made without the
option (today's one-at-a-time path, i.e. what --lanes 1 is) and the lanes figures are null.

Usage: lanes.py PLAB_BINARY WORK_FOLDER CSV   (needs scikit-learn; prints one JSON object)
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.linear_model import Perceptron

REPS = 3                 # best of REPS for every wall time
E1, E2 = 10, 110         # epochs of the two runs whose difference is the marginal epoch
REPEATS = 8              # benchmarks 1 and 2: one run per lane of an AVX-512 vector
WIDE_REPEATS = 32        # benchmark 5: the widest group (two groups of 16 under auto on AVX2)
IRIS_REPEATS, IRIS_EPOCHS = 1000, 1000
IRIS_CSV = Path(__file__).resolve().parent.parent / "data" / "iris.csv"


def widest_lanes():
    """Doubles in the widest vector this CPU has (what --lanes auto should pick), from
    /proc/cpuinfo's flags: 8 with AVX-512, 4 with AVX2, else 2 (SSE2, every x86-64)."""
    try:
        flags = next(line for line in open("/proc/cpuinfo") if line.startswith("flags")).split()
    except (OSError, StopIteration):
        return None
    return 8 if "avx512f" in flags else 4 if "avx2" in flags else 2


def lanes_supported(plab):
    help_text = subprocess.run([plab, "run", "--help"], capture_output=True, text=True).stdout
    return "--lanes" in help_text


@dataclass
class Timed:
    """Best-of-REPS seconds of one command: wall clock, and the CPU time (user + system) the
    process used. On a shared machine the wall time of a one-thread run also counts the time
    other processes held its core; its CPU time does not (on an idle machine they agree)."""
    wall: float
    cpu: float


class Plab:
    def __init__(self, binary, folder):
        self.binary, self.folder = binary, folder
        self.has_lanes = lanes_supported(binary)

    def variants(self):
        """The --lanes values to measure; None = no option (today's one-at-a-time path)."""
        return ["auto", "1"] if self.has_lanes else [None]

    def run(self, config, lanes, threads, sets=()):
        """Best-of-REPS wall seconds of the whole process, runs.jsonl's SHA-256, the records
        and the timings of the last repetition."""
        out = self.folder / "out"
        command = [self.binary, "run", str(config), "--out", str(out), "--quiet", "--no-report",
                   "--threads", str(threads)]
        for s in sets:
            command += ["--set", s]
        if lanes is not None:
            command += ["--lanes", lanes]
        best, best_cpu, digests = float("inf"), float("inf"), set()
        for _ in range(REPS):
            shutil.rmtree(out, ignore_errors=True)  # plab never overwrites a results folder
            start = time.perf_counter()
            child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(child.pid, 0)
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, usage.ru_utime + usage.ru_stime)
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"lanes.py: {' '.join(command)} exited with {os.waitstatus_to_exitcode(status)}")
            runs = (out / "runs.jsonl").read_bytes()
            digests.add(hashlib.sha256(runs).hexdigest())
        if len(digests) != 1:
            sys.exit(f"lanes.py: {' '.join(command)} wrote different runs.jsonl on repetition")
        records = [json.loads(line) for line in runs.decode().splitlines()]
        timings = [json.loads(line) for line in (out / "timings.jsonl").read_text().splitlines()]
        shutil.rmtree(out)
        return Timed(best, best_cpu), digests.pop(), records, timings


def write_config(path, dataset, repeats, order, margin="none"):
    path.write_text(json.dumps({
        "name": path.stem, "seed": 1, "repeats": repeats, "dataset": dataset,
        "learners": [{"name": "classic", "plugin": "perceptron"}],
        "init": {"kind": "gaussian", "scale": 1.0}, "theory": {"margin": margin},
        "protocol": {"kind": "convergence", "max_epochs": E1, "order": order}}))
    return path


def check_epochs(records, epochs, what):
    wrong = [r for r in records if r["epochs"] != epochs or r["converged"]]
    if wrong:
        sys.exit(f"lanes.py: {what}: {len(wrong)} runs did not use exactly {epochs} epochs "
                 f"(first: repeat {wrong[0]['repeat']}, epochs {wrong[0]['epochs']})")


def label(lanes):
    return "none" if lanes is None else lanes


def marginal_epochs(plab, config, threads_list, repeats=REPEATS, variants=None):
    """Benchmarks 1, 2 and 5: marginal epoch per run for every lanes value and thread count."""
    result, digests = {}, {}
    for threads in threads_list:
        per_threads = {}
        for lanes in variants or plab.variants():
            walls = {}
            for epochs in (E1, E2):
                wall, digest, records, _ = plab.run(config, lanes, threads,
                                                    [f"/protocol/max_epochs={epochs}"])
                check_epochs(records, epochs, f"{config.name} lanes {label(lanes)}")
                if len(records) != repeats:
                    sys.exit(f"lanes.py: {config.name}: {len(records)} records, not {repeats}")
                walls[epochs] = wall
                digests[(label(lanes), threads, epochs)] = digest
            per_threads[label(lanes)] = {
                f"wall_{E1}_s": walls[E1].wall, f"wall_{E2}_s": walls[E2].wall,
                "epoch_per_run_s": (walls[E2].wall - walls[E1].wall) / (E2 - E1) / repeats,
                f"cpu_{E1}_s": walls[E1].cpu, f"cpu_{E2}_s": walls[E2].cpu,
                "cpu_epoch_per_run_s": (walls[E2].cpu - walls[E1].cpu) / (E2 - E1) / repeats}
        result[str(threads)] = per_threads
    result["identical_runs_jsonl"] = identical(digests)
    result["compared_files"] = len(digests)
    return result


def identical(digests):
    """Every runs.jsonl equals the one of --lanes 1 (or no option) with 1 thread at the same
    epochs (without a --lanes 1 run, the first one measured); None when there was nothing to
    compare against (a single variant, one thread)."""
    reference = {key[2]: d for key, d in digests.items() if key[0] in ("1", "none") and key[1] == 1}
    for key, d in digests.items():
        reference.setdefault(key[2], d)
    others = [(key, d) for key, d in digests.items() if not (key[0] in ("1", "none") and key[1] == 1)]
    if not others:
        return None
    return all(d == reference[key[2]] for key, d in others)


def ratios(result):
    """scikit-learn's marginal epoch over plab's per run, 1 thread, by wall and by CPU time,
    side by side from this one run of the script."""
    sk = result["sklearn"]
    out = {}
    for name in ("cyclic", "wide"):
        for lanes, timed in result.get(name, {}).get("1", {}).items():
            out[f"{name} lanes {lanes}"] = {
                "wall": sk["epoch_s"] / timed["epoch_per_run_s"],
                "cpu": sk["cpu_epoch_s"] / timed["cpu_epoch_per_run_s"]}
    return out


def sklearn_marginal_epoch(csv, features):
    x = np.ascontiguousarray(np.loadtxt(csv, delimiter=",", skiprows=1, usecols=range(features)))
    y = np.loadtxt(csv, delimiter=",", skiprows=1, usecols=[features])
    walls, cpus = {}, {}
    for epochs in (E1, E2):
        best, best_cpu = float("inf"), float("inf")
        for _ in range(REPS):
            clf = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=epochs, alpha=0.0,
                             penalty=None, fit_intercept=True)
            start, start_cpu = time.perf_counter(), time.process_time()
            clf.fit(x, y)
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - start_cpu)
        walls[epochs], cpus[epochs] = best, best_cpu
    return {f"fit_{E1}_s": walls[E1], f"fit_{E2}_s": walls[E2],
            "epoch_s": (walls[E2] - walls[E1]) / (E2 - E1),
            "cpu_epoch_s": (cpus[E2] - cpus[E1]) / (E2 - E1)}


def iris(plab, folder):
    """Benchmark 3: total wall time of 1,000 Iris runs, and the engine's share of it."""
    dataset = {"kind": "csv", "path": str(IRIS_CSV), "label": "species", "positive": ["versicolor"]}
    config = write_config(folder / "lanes_iris.json", dataset, IRIS_REPEATS, "cyclic", "svm")
    result, digests = {}, {}
    for lanes in plab.variants():
        full, digest, records, timings = plab.run(config, lanes, 1,
                                                  [f"/protocol/max_epochs={IRIS_EPOCHS}"])
        check_epochs(records, IRIS_EPOCHS, f"iris lanes {label(lanes)}")
        one, digest_one, records_one, _ = plab.run(config, lanes, 1, ["/protocol/max_epochs=1"])
        check_epochs(records_one, 1, f"iris lanes {label(lanes)}, 1 epoch")
        digests[(label(lanes), 1, IRIS_EPOCHS)], digests[(label(lanes), 1, 1)] = digest, digest_one
        train = [t["train_seconds"] for t in timings if t["train_seconds"] is not None]
        result[label(lanes)] = {
            "wall_s": full.wall, "wall_1_epoch_s": one.wall, "training_s": full.wall - one.wall,
            "cpu_s": full.cpu, "cpu_1_epoch_s": one.cpu,
            "train_seconds_sum": sum(train), "seconds_sum": sum(t["seconds"] for t in timings
                                                              if t["seconds"] is not None)}
    result["identical_runs_jsonl"] = identical(digests)
    result.update(rows=150, features=4, repeats=IRIS_REPEATS, epochs=IRIS_EPOCHS,
                  task="versicolor vs rest (not separable)")
    return result


def float32(plab, folder, dataset):
    """Benchmark 4: float32 storage in lanes against float64 in lanes, the same config (8
    repeats, cyclic, 1 thread), each's marginal epoch per run by wall and by CPU time."""
    result = {}
    if not plab.has_lanes:
        return None
    for precision in ("float64", "float32"):
        config = write_config(folder / f"lanes_{precision}.json", dict(dataset, precision=precision),
                              REPEATS, "cyclic")
        timed = {}
        for epochs in (E1, E2):
            timed[epochs], _, records, _ = plab.run(config, "auto", 1,
                                                    [f"/protocol/max_epochs={epochs}"])
            check_epochs(records, epochs, f"{precision} lanes auto")
            marked = [r.get("precision") for r in records]
            if marked != ([None] * len(records) if precision == "float64" else ["float32"] * len(records)):
                sys.exit(f"lanes.py: {precision}: records not marked as expected: {marked[:3]}")
        result[precision] = {
            "epoch_per_run_s": (timed[E2].wall - timed[E1].wall) / (E2 - E1) / REPEATS,
            "cpu_epoch_per_run_s": (timed[E2].cpu - timed[E1].cpu) / (E2 - E1) / REPEATS}
    return result


def main():
    binary, folder, csv = sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    with open(csv) as f:
        header = f.readline().strip().split(",")
        rows = sum(1 for _ in f)
    features = len(header) - 1
    plab = Plab(binary, folder)
    dataset = {"kind": "csv", "path": str(csv), "label": header[-1]}
    result = {"has_lanes": plab.has_lanes, "repeats": REPEATS, "wide_repeats": WIDE_REPEATS,
              "epochs": [E1, E2], "reps": REPS,
              "rows": rows, "features": features, "cpu_lanes": widest_lanes()}
    result["sklearn"] = sklearn_marginal_epoch(csv, features)
    for order in ("cyclic", "shuffle"):
        config = write_config(folder / f"lanes_{order}.json", dataset, REPEATS, order)
        result[order] = marginal_epochs(plab, config, [1, 2])
    if plab.has_lanes:
        config = write_config(folder / "lanes_wide.json", dataset, WIDE_REPEATS, "cyclic")
        result["wide"] = marginal_epochs(plab, config, [1], WIDE_REPEATS, ["auto", "8", "32"])
    result["ratios"] = ratios(result)
    result["iris"] = iris(plab, folder)
    result["float32"] = float32(plab, folder, dataset)
    result["load_average"] = os.getloadavg()  # a busy machine makes wall times long
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
