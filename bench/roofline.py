#!/usr/bin/env python3
"""The roofline of plab's training loops (docs/performance.md, "Roofline").

1. The ceilings: bench/roofline.cpp (the plab_roofline program) measures this core's
   sustained vector loads, stores, additions and multiplications per ns, the latency of one
   addition in a chain, and the bandwidth of reading a buffer the size of the data set, at
   the lane loop's vector width; best of 3 runs, each best of 5.
2. Each loop's time per sample visit per run: the marginal epoch of the whole `plab run`
   process, (time at E2 epochs - time at E1) / (visits at E2 - visits at E1), best of REPS,
   by the process's CPU time (user + system: on a shared machine the wall time also counts
   the time others held the core; on a quiet one the two agree),
   --threads 1, on the 50,000 x 100 CSV of compare_sklearn.py (5 % flipped labels, Gaussian
   starts; the multi-class loop on the synthetic multiclass generator of the same size).
3. Each loop's least work per visit per run, counted from its code (the model below: the
   vector instructions it cannot do without, the bytes of data it must read), and for each
   resource the time that work needs at the ceiling. The resource needing the most time
   binds the loop; achieved = that time / the measured time (1.0: at the limit).

A loop whose time at E2 epochs is not above its time at E1 (a disturbed measurement: the
full bench/run once printed -3.8 ns a visit) is measured again, up to ATTEMPTS times in all,
and is printed as not measured ("ns_per_visit": null, with the reason) rather than as a
number.

The update rate p (updates per visit) is measured from runs.jsonl; the share of a group's
vectors holding a lane that erred is estimated as 1 - (1 - p)^V, i.e. as if lanes erred
independently (they do not quite: the runs see the same sample). Only those vectors are read
for the update and stored, on every vector width (on AVX2 by a loop compiled for each set of
four vectors that move, plab/lane_pass.hpp).

Usage: roofline.py PLAB_BINARY ROOFLINE_BINARY WORK_FOLDER CSV   (prints one JSON object and
the table; no scikit-learn needed)
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPS = 3
ATTEMPTS = 3
E1, E2 = 4, 24
# "chain": the additions that wait on one another (the latency of a sequential sum), in
# additions; the others in vector instructions, memory in bytes.
RESOURCES = ("loads", "stores", "adds", "muls", "memory", "chain")


def ceilings(binary, data_mib, runs):
    """The best of each ceiling over `runs` (earlier measurements) and 2 more."""
    command = [binary, str(data_mib)]
    runs += [json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
             for _ in range(2)]
    best = dict(runs[0])
    for key in ("loads_per_ns", "stores_per_ns", "adds_per_ns", "muls_per_ns", "memory_gb_per_s"):
        best[key] = max(r[key] for r in runs)
    best["add_latency_ns"] = min(r["add_latency_ns"] for r in runs)
    return best


def run_plab(plab, folder, config, lanes, epochs):
    out = folder / "out"
    command = [plab, "run", str(config), "--out", str(out), "--quiet", "--no-report",
               "--threads", "1", "--lanes", lanes, "--set", f"/protocol/max_epochs={epochs}"]
    best = float("inf")
    for _ in range(REPS):
        shutil.rmtree(out, ignore_errors=True)
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"roofline.py: {' '.join(command)} failed")
        best = min(best, usage.ru_utime + usage.ru_stime)
    records = [json.loads(line) for line in (out / "runs.jsonl").read_text().splitlines()]
    shutil.rmtree(out)
    return best, records


def model(loop, d, v, p):
    """Least work per visit per run: vector loads, stores, additions, multiplications, bytes
    of data from memory, and the additions on the longest chain of dependent ones. d columns
    (bias included), v doubles a vector, p updates per visit per run."""
    k, kind = loop["lanes"], loop["kind"]
    if kind == "alone":  # one run: w·x in vectors of v, on an update w += a·x
        # its sum in blocks of v partial sums (plab/certified_sign_dot.hpp): a chain of d / v
        return {"loads": 2 * d / v + p * 2 * d / v, "stores": p * d / v,
                "adds": d / v + p * d / v, "muls": d / v + p * d / v, "memory": 8 * d,
                "chain": d / v}
    if kind == "multiclass":  # c scores w_c·x; an update changes two rows of W
        # each score a sequential sum (plab::dot): c chains of d, side by side at best
        c = loop["classes"]
        return {"loads": c * 2 * d / v + p * 4 * d / v, "stores": p * 2 * d / v,
                "adds": c * d / v + p * 2 * d / v, "muls": c * d / v + p * 2 * d / v,
                "memory": 8 * d, "chain": d}
    g = k / v                      # vectors of the group
    if kind == "multiclass_lanes":  # c scores a lane, the shared row; a mistake moves 2 rows
        c = loop["classes"]
        # share of (class, vector) pairs holding a lane whose mistake moves that class's row
        qc = 1 - (1 - 2 * p / c) ** min(k, v)
        per_sample = {"loads": c * g * d + d + qc * c * g * d, "stores": qc * c * g * d,
                      "adds": c * g * d + qc * c * g * d, "muls": c * g * d + qc * c * g * d,
                      "memory": 8 * d, "chain": d}
        return {key: value / k for key, value in per_sample.items()}
    q = 1 - (1 - p) ** min(k, v)   # share of its vectors holding a lane that erred
    # Each vector's score is one chain of d dependent additions, the g chains side by side.
    if kind == "shuffle":  # own rows (read whole, transposed), an erring lane updates alone
        per_sample = {"loads": g * d + k * d / v + k * p * 2 * d, "stores": k * p * d,
                      "adds": g * d + k * p * d, "muls": g * d + k * p * d, "memory": 8 * d * k}
    elif kind == "sparse":  # entries (column, value); the update in its own loop
        per_sample = {"loads": g * d + 2 * d + q * g * 2 * d, "stores": q * g * d,
                      "adds": g * d + q * g * d, "muls": g * d + d, "memory": 12 * d}
    else:  # shared dense row, the update made in the next score pass (one load of W)
        per_sample = {"loads": g * d + 2 * d, "stores": q * g * d,
                      "adds": g * d + q * g * d, "muls": g * d + d, "memory": 8 * d}
    per_sample["chain"] = d
    return {key: value / k for key, value in per_sample.items()}


def main():
    plab, roofline_binary = sys.argv[1], sys.argv[2]
    folder, csv = Path(sys.argv[3]).resolve(), Path(sys.argv[4]).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    with open(csv) as f:
        header = f.readline().strip().split(",")
        rows = sum(1 for _ in f)
    d = len(header)  # the features and the bias
    # The bandwidth of reading a buffer the data's size, from wherever such a buffer lives
    # (a 40 MB data set partly in a 32 MB L3): what the loops' streamed rows can get.
    data_mib, ceiling_runs = max(1, round(rows * d * 8 / 2**20)), []
    csv_data = {"kind": "csv", "path": str(csv), "label": header[-1]}
    multi_data = {"kind": "synthetic", "generator": "multiclass", "rows": rows, "dim": d - 1,
                  "classes": 4, "margin": 0.001, "radius": 3.0}
    loops = [
        {"name": "one run", "kind": "alone", "lanes": 1, "repeats": 1, "data": csv_data},
        {"name": "8 lanes, shared order", "kind": "shared", "lanes": 8, "repeats": 8,
         "data": csv_data},
        {"name": "16 lanes, shared order", "kind": "shared", "lanes": 16, "repeats": 16,
         "data": csv_data},
        {"name": "32 lanes, shared order", "kind": "shared", "lanes": 32, "repeats": 32,
         "data": csv_data},
        {"name": "8 lanes, per-run shuffles", "kind": "shuffle", "lanes": 8, "repeats": 8,
         "data": csv_data, "order": "shuffle"},
        {"name": "8 lanes, sparse rows", "kind": "sparse", "lanes": 8, "repeats": 8,
         "data": dict(csv_data, storage="sparse")},
        {"name": "multi-class, one run", "kind": "multiclass", "lanes": 1, "repeats": 1,
         "classes": 4, "data": multi_data, "plugin": "multiclass_perceptron"},
        {"name": "multi-class, 8 lanes", "kind": "multiclass_lanes", "lanes": 8, "repeats": 8,
         "classes": 4, "data": multi_data, "plugin": "multiclass_perceptron"},
        {"name": "multi-class, 32 lanes", "kind": "multiclass_lanes", "lanes": 32,
         "repeats": 32, "classes": 4, "data": multi_data, "plugin": "multiclass_perceptron"},
    ]
    measured_loops = []
    for loop in loops:
        # The ceilings are measured between the loops too: on a shared machine a ceiling
        # measured while others held the core is low, and the best of all is kept.
        ceilings(roofline_binary, data_mib, ceiling_runs)
        config = folder / "roofline.json"
        config.write_text(json.dumps({
            "name": "roofline", "seed": 1, "repeats": loop["repeats"], "dataset": loop["data"],
            "learners": [{"name": "l", "plugin": loop.get("plugin", "perceptron")}],
            "init": {"kind": "gaussian", "scale": 1.0}, "theory": {"margin": "none"},
            "protocol": {"kind": "convergence", "max_epochs": E1,
                         "order": loop.get("order", "cyclic")}}))
        for _ in range(ATTEMPTS):
            walls, visits, updates = {}, {}, {}  # CPU seconds
            for epochs in (E1, E2):
                walls[epochs], records = run_plab(plab, folder, config, str(loop["lanes"]), epochs)
                visits[epochs] = sum(r["epochs"] * rows for r in records)
                updates[epochs] = sum(r["updates"] for r in records)
            measured = (walls[E2] - walls[E1]) / (visits[E2] - visits[E1]) * 1e9
            if measured > 0:
                break
        p = (updates[E2] - updates[E1]) / (visits[E2] - visits[E1])
        measured_loops.append((loop, measured if measured > 0 else None, p))
    peak = ceilings(roofline_binary, data_mib, ceiling_runs)
    v = peak["vector_doubles"]
    per_ns = {"loads": peak["loads_per_ns"], "stores": peak["stores_per_ns"],
              "adds": peak["adds_per_ns"], "muls": peak["muls_per_ns"],
              "memory": peak["memory_gb_per_s"],  # GB/s = bytes per ns
              "chain": 1 / peak["add_latency_ns"]}
    table = []
    for loop, measured, p in measured_loops:
        work = model(loop, d, v, p)
        needs = {r: work[r] / per_ns[r] for r in RESOURCES}
        binding = max(needs, key=needs.get)
        row = {"loop": loop["name"], "ns_per_visit": measured, "updates_per_visit": p,
               "work": work, "ns_at_ceiling": needs, "binding": binding,
               "achieved": None if measured is None else needs[binding] / measured}
        if measured is None:
            row["not_measured"] = (f"the time at {E2} epochs was not above the time at {E1} "
                                   f"in {ATTEMPTS} attempts (a disturbed machine)")
        table.append(row)
    result = {"ceilings": peak, "columns": d, "rows": rows, "epochs": [E1, E2], "reps": REPS,
              "loops": table, "load_average": os.getloadavg()}
    print(json.dumps(result, indent=1))
    print(f"\n{peak['cpu']}, {v} doubles a vector: loads {per_ns['loads']:.2f}, stores "
          f"{per_ns['stores']:.2f}, adds {per_ns['adds']:.2f}, muls {per_ns['muls']:.2f} per ns, "
          f"memory {per_ns['memory']:.1f} GB/s\n")
    print("| loop | ns/visit/run | updates/visit | binding | at its ceiling (ns) | achieved |")
    print("|---|---|---|---|---|---|")
    for row in table:
        measured = "not measured" if row["ns_per_visit"] is None else f"{row['ns_per_visit']:.2f}"
        achieved = "-" if row["achieved"] is None else f"{row['achieved']:.2f}"
        print(f"| {row['loop']} | {measured} | {row['updates_per_visit']:.3f} | "
              f"{row['binding']} | {row['ns_at_ceiling'][row['binding']]:.2f} | {achieved} |")


if __name__ == "__main__":
    main()
