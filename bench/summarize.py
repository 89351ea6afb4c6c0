#!/usr/bin/env python3
"""Turns bench/out/*.json into the table of BENCHMARKS.md: every target with its ratio."""
import json
import math
import sys
from pathlib import Path

out = Path(sys.argv[1])
bench = json.loads((out / "bench.json").read_text())
times = {}  # name -> (real_time in ns, counters)
for b in bench["benchmarks"]:
    if b.get("aggregate_name", "median") != "median":
        continue
    name = b["run_name"] if "run_name" in b else b["name"]
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
    times[name] = (b["real_time"] * scale, b)

def per_visit(name):
    t, b = times[name]
    return t / b["visits"]

rows = []
def target(number, what, measured, goal, ok, detail):
    rows.append((number, what, measured, goal, "PASS" if ok else "FAIL", detail))

r = per_visit("BM_ClassicPluginBlocked") / per_visit("BM_ClassicHandSimd")
target(1, "classic perceptron plugin (dot blocked) / hand-written SIMD loop, 50,000 x 100", f"{r:.3f}",
       "<= 1.15", r <= 1.15, f"{per_visit('BM_ClassicPluginBlocked'):.1f} vs {per_visit('BM_ClassicHandSimd'):.1f} ns/visit "
       f"(sequential dot: plugin {per_visit('BM_ClassicPluginSequential'):.1f}, hand {per_visit('BM_ClassicHandSequential'):.1f})")
sk = json.loads((out / "sklearn.json").read_text())
s = sk["speedup_blocked"]
target(2, "scikit-learn Perceptron time / plab time per epoch (same CSV, order, epochs)", f"{s:.2f}",
       ">= 2.5", s >= 2.5 and sk["same_train_error_blocked"],
       f"sklearn {sk['sklearn_seconds_per_epoch']*1e3:.1f} ms/epoch, plab blocked {sk['plab_blocked_seconds_per_epoch']*1e3:.1f}, "
       f"sequential {sk['plab_sequential_seconds_per_epoch']*1e3:.1f}; train error {sk['sklearn_train_error']:.5f} vs "
       f"{sk['plab_blocked_train_error']:.5f} ({'same' if sk['same_train_error_blocked'] else 'DIFFERENT'})")
for name, label in [("Eta", "eta_perceptron"), ("Batch", "batch_perceptron"),
                    ("Multiclass", "multiclass_perceptron (10 classes)"), ("LinearUnit", "linear_unit_sgd")]:
    r = per_visit(f"BM_{name}Plugin") / per_visit(f"BM_{name}Hand")
    target(3, f"{label} plugin / its hand-written loop", f"{r:.3f}", "<= 1.3", r <= 1.3,
           f"{per_visit(f'BM_{name}Plugin'):.1f} vs {per_visit(f'BM_{name}Hand'):.1f} ns/visit")
e, loop = times["BM_OverheadEngineRun"][0], times["BM_OverheadPluginLoop"][0]
target(4, "engine run / plugin loop alone, per epoch, 5,000 x 20", f"{e/loop:.3f}", "<= 1.05", e / loop <= 1.05,
       f"{e/200/1e3:.1f} vs {loop/200/1e3:.1f} us/epoch")
one, two = times["BM_ParallelRepeats/1/real_time"][0], times["BM_ParallelRepeats/2/real_time"][0]
target(5, "64 runs to convergence: 1 thread / 2 threads", f"{one/two:.2f}", ">= 1.8", one / two >= 1.8,
       f"{one/1e6:.0f} ms vs {two/1e6:.0f} ms")
load, b = times["BM_LoadCsv"]
target(6, "load a 50,000 x 100 CSV", f"{load/1e9:.3f} s", "<= 1 s", load <= 1e9, f"{b['MB']:.0f} MB")
xs, ys = [], []
for name, (t, b) in times.items():
    if name.startswith("BM_Growth/"):
        xs.append(math.log(b["Nd"])); ys.append(math.log(t))
mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
mem = json.loads((out / "memory.json").read_text())
growth_ok = abs(slope - 1.0) <= 0.1 and mem["rss_many_mb"] - mem["rss_few_mb"] <= 0.1 * mem["data_mb"]  # flat in runs
target(7, "time per epoch ~ (N d)^k over N in 6,250..50,000 and d in 25..100: k", f"{slope:.3f}",
       "1.0 +- 0.1; memory flat", growth_ok,
       f"peak RSS {mem['rss_few_mb']:.0f} MB for {mem['few']} run{'s' if mem['few'] != 1 else ''}, {mem['rss_many_mb']:.0f} MB for {mem['many']} runs; "
       f"data set {mem['data_mb']:.0f} MB")
limit_mb = 1.1 * mem["data_mb"] + 20
target("17.5", "peak RSS of plab run, 1 run on the 50,000 x 100 CSV", f"{mem['rss_few_mb']:.1f} MB",
       f"<= 1.1 x data + 20 MB = {limit_mb:.1f} MB", mem["rss_few_mb"] <= limit_mb,
       f"data set {mem['data_mb']:.1f} MB (rows x 101 doubles, signs, labels; CSV {mem['csv_bytes']/1e6:.0f} MB): "
       f"{mem['rss_few_mb']/mem['data_mb']:.2f} x, {mem['rss_few_mb']-mem['data_mb']:.1f} MB beyond it; "
       f"a 10-row run of the same config peaks at {mem['rss_tiny_bytes']/1e6:.1f} MB")

print("| # | target | measured | goal | result | detail |")
print("|---|---|---|---|---|---|")
for row in rows:
    print("| " + " | ".join(str(c) for c in row) + " |")
sys.exit(0 if all(r[4] == "PASS" for r in rows) else 1)
