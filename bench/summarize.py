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


# ---- repeats side by side in SIMD lanes (bench/lanes.py) and the read rate ----
peak_memory_row = rows.pop()  # 17.5, measured above with target 7's figures
def not_measured(number, what, goal, why):
    rows.append((number, what, "n/a", goal, "NOT MEASURED", why))

reads = sorted((b["bytes"], t) for name, (t, b) in times.items() if name.startswith("BM_ReadPass/"))
(l1_bytes, l1_ns), (l2_bytes, l2_ns), (pass_bytes, pass_ns) = reads
shuffled_ns = times["BM_ReadPassShuffledRows/1"][0]
shuffled8_ns = times["BM_ReadPassShuffledRows/8"][0] / 8  # a pass, 8 read side by side
def rate(nbytes, ns):
    return f"{nbytes / ns:.1f} GB/s"
lanes = json.loads((out / "lanes.json").read_text())
n_rows = lanes["rows"]
shape = f"{n_rows:,} x {lanes['features']}"
def ms(seconds):
    return f"{seconds * 1e3:.2f} ms"
def per_run(figures):  # marginal epoch per run: ms and ns a sample visit
    s = figures["epoch_per_run_s"]
    return f"{ms(s)} ({s / n_rows * 1e9:.1f} ns/visit)"
def same(flag):
    return {True: "byte-identical", False: "DIFFERENT", None: "not compared"}[flag]
def cpu_detail(workload, reference_s=None, reference_name=""):
    """The same marginal epoch from the CPU time of the 1-thread runs (not counting time a
    busy machine gave to other processes)."""
    f = workload["1"]
    if lanes["has_lanes"]:
        auto, one = f["auto"]["cpu_epoch_per_run_s"], f["1"]["cpu_epoch_per_run_s"]
        text = f"by CPU time, 1 thread: lanes auto {ms(auto)}, lanes 1 {ms(one)} (auto {one / auto:.2f} x faster)"
    else:
        auto = f["none"]["cpu_epoch_per_run_s"]
        text = f"by CPU time, 1 thread: {ms(auto)}"
    if reference_s is not None:
        text += f", {reference_name} {ms(reference_s)} ({reference_s / auto:.2f} x)"
    return text
def threads_detail(workload):
    parts = []
    for threads in ("1", "2"):
        f = workload[threads]
        if lanes["has_lanes"]:
            parts.append(f"{threads} thread{'s' if threads == '2' else ''}: lanes auto {per_run(f['auto'])}, "
                         f"lanes 1 {per_run(f['1'])} (auto {f['1']['epoch_per_run_s'] / f['auto']['epoch_per_run_s']:.2f} x faster)")
        else:
            parts.append(f"{threads} thread{'s' if threads == '2' else ''}: {per_run(f['none'])}")
    return "; ".join(parts)
no_lanes = "this plab has no --lanes option; today's one-at-a-time path, marginal epoch per run: "
read_once = (f"the limit: one in-order read of the data set {ms(pass_ns / 1e9)} ({rate(pass_bytes, pass_ns)}), "
             f"{ms(pass_ns / 1e9 / lanes['repeats'])} per run when {lanes['repeats']} runs share it")
read_shuffled = (f"the limit: a read of the data set's rows in a random order, 8 orders read side by side as 8 lanes "
                 f"read them, {ms(shuffled8_ns / 1e9)} a pass ({rate(pass_bytes, shuffled8_ns)}); one order alone, as a run "
                 f"alone reads it, {ms(shuffled_ns / 1e9)} ({rate(pass_bytes, shuffled_ns)})")

sk_epoch = lanes["sklearn"]["epoch_s"]
cyc = lanes["cyclic"]
what1 = (f"{lanes['repeats']} repeats, classic perceptron, {shape}, cyclic, sequential dot, 1 thread: "
         f"sklearn Perceptron marginal epoch / plab marginal epoch per run (lanes auto; this CPU: {lanes['cpu_lanes']} lanes)")
sk_detail = f"sklearn {ms(sk_epoch)}/epoch ({sk_epoch / n_rows * 1e9:.1f} ns/visit)"
if lanes["has_lanes"]:
    r = sk_epoch / cyc["1"]["auto"]["epoch_per_run_s"]
    target("17.1", what1, f"{r:.2f}", ">= 4", r >= 4 and cyc["identical_runs_jsonl"] is True,
           f"{threads_detail(cyc)}; {sk_detail}; {cpu_detail(cyc, lanes['sklearn']['cpu_epoch_s'], 'sklearn')}; "
           f"runs.jsonl lanes auto vs 1, 1 and 2 threads: "
           f"{same(cyc['identical_runs_jsonl'])}; {read_once}")
else:
    not_measured("17.1", what1, ">= 4", no_lanes + f"{threads_detail(cyc)} "
                 f"(sklearn / 1 thread: {sk_epoch / cyc['1']['none']['epoch_per_run_s']:.2f}); {sk_detail}; "
                 f"{cpu_detail(cyc, lanes['sklearn']['cpu_epoch_s'], 'sklearn')}; {read_once}")

shu = lanes["shuffle"]
what2 = (f"{lanes['repeats']} repeats, classic perceptron, {shape}, per-run shuffles, 1 thread: "
         "marginal epoch per run, lanes 1 / lanes auto")
if lanes["has_lanes"]:
    r = shu["1"]["1"]["epoch_per_run_s"] / shu["1"]["auto"]["epoch_per_run_s"]
    target("17.2", what2, f"{r:.2f}", ">= 2.5", r >= 2.5 and shu["identical_runs_jsonl"] is True,
           f"{threads_detail(shu)}; {cpu_detail(shu)}; runs.jsonl lanes auto vs 1, 1 and 2 threads: "
           f"{same(shu['identical_runs_jsonl'])}; {read_shuffled}")
else:
    not_measured("17.2", what2, ">= 2.5", no_lanes + f"{threads_detail(shu)}; {cpu_detail(shu)}; {read_shuffled}")

rows.append(("17.1-2", "the physical limit: read rate of one pass (sum of doubles, 1 thread)",
             rate(pass_bytes, pass_ns), "-", "INFO",
             f"{int(l1_bytes) // 1024} KiB (L1): {rate(l1_bytes, l1_ns)}; {int(l2_bytes) // 1024} KiB (L2): {rate(l2_bytes, l2_ns)}; "
             f"data set {pass_bytes / 1e6:.1f} MB: {rate(pass_bytes, pass_ns)} = {ms(pass_ns / 1e9)} a pass; "
             f"its rows shuffled: {rate(pass_bytes, shuffled_ns)} = {ms(shuffled_ns / 1e9)} a pass; "
             f"8 shuffled orders read side by side: {rate(pass_bytes, shuffled8_ns)} = {ms(shuffled8_ns / 1e9)} a pass"))

iris = lanes["iris"]
what3 = (f"Iris {iris['task']}, {iris['rows']} x {iris['features']}, {iris['repeats']:,} repeats from Gaussian starts, "
         f"{iris['epochs']} epochs, cyclic, 1 thread: total wall, lanes 1 / lanes auto")
def iris_detail(label, f):
    return (f"{label}: wall {ms(f['wall_s'])}, of which engine {ms(f['wall_1_epoch_s'])} (the same with max_epochs 1: "
            f"start, load, margin oracle, records, JSON) and training {ms(f['training_s'])} "
            f"(sum of train_seconds {ms(f['train_seconds_sum'])}); CPU time {ms(f['cpu_s'])}, "
            f"{ms(f['cpu_1_epoch_s'])} with max_epochs 1")
if lanes["has_lanes"]:
    r = iris["1"]["wall_s"] / iris["auto"]["wall_s"]
    target("17.3", what3, f"{r:.2f}", ">= 3", r >= 3 and iris["identical_runs_jsonl"] is True,
           f"{iris_detail('lanes auto', iris['auto'])}; {iris_detail('lanes 1', iris['1'])}; "
           f"runs.jsonl: {same(iris['identical_runs_jsonl'])}")
else:
    not_measured("17.3", what3, ">= 3", "this plab has no --lanes option; today's path: " +
                 iris_detail("one at a time", iris["none"]))

what4 = (f"{lanes['repeats']} repeats, classic perceptron, {shape}, cyclic, lanes auto, 1 thread: "
         "marginal epoch per run by CPU time, float64 / float32 (\"precision\" of the data set)")
f32 = lanes.get("float32")
if f32:
    r = f32["float64"]["cpu_epoch_per_run_s"] / f32["float32"]["cpu_epoch_per_run_s"]
    wall = f32["float64"]["epoch_per_run_s"] / f32["float32"]["epoch_per_run_s"]
    target("17.4", what4, f"{r:.2f}", ">= 1.6", r >= 1.6,
           f"CPU time: float64 {ms(f32['float64']['cpu_epoch_per_run_s'])}, float32 "
           f"{ms(f32['float32']['cpu_epoch_per_run_s'])}; wall: float64 {ms(f32['float64']['epoch_per_run_s'])}, "
           f"float32 {ms(f32['float32']['epoch_per_run_s'])} ({wall:.2f} x); {read_once}")
else:
    not_measured("17.4", what4, ">= 1.6", "this plab has no --lanes option")
wide = lanes.get("wide")
what6 = (f"{lanes.get('wide_repeats', 32)} repeats, classic perceptron, {shape}, cyclic, sequential dot, 1 thread: "
         "sklearn Perceptron marginal epoch / plab marginal epoch per run (lanes auto), by CPU time")
if wide:
    one = wide["1"]
    sk_cpu = lanes["sklearn"]["cpu_epoch_s"]
    r = sk_cpu / one["auto"]["cpu_epoch_per_run_s"]
    widths = "; ".join(f"lanes {w}: {ms(one[w]['cpu_epoch_per_run_s'])} a run's epoch by CPU time "
                       f"({sk_cpu / one[w]['cpu_epoch_per_run_s']:.2f} x), {ms(one[w]['epoch_per_run_s'])} by wall "
                       f"({sk_epoch / one[w]['epoch_per_run_s']:.2f} x)" for w in one)
    target("17.6", what6, f"{r:.2f}", ">= 15", r >= 15 and wide["identical_runs_jsonl"] is True,
           f"sklearn {ms(sk_cpu)} an epoch by CPU time ({ms(sk_epoch)} by wall); {widths}; "
           f"runs.jsonl of every width: {same(wide['identical_runs_jsonl'])}")
else:
    not_measured("17.6", what6, ">= 15", "this plab has no --lanes option")
rows.append(peak_memory_row)  # 17.5 last, after the new ones

# ---- the roofline (bench/roofline.py): each loop beside its binding ceiling ----
roofline_path = out / "roofline.txt"
if roofline_path.exists():
    roof, _ = json.JSONDecoder().raw_decode(roofline_path.read_text())
    peak = roof["ceilings"]
    ceiling_text = (f"ceilings a ns at {peak['vector_doubles']} doubles a vector: loads {peak['loads_per_ns']:.2f}, "
                    f"stores {peak['stores_per_ns']:.2f}, additions {peak['adds_per_ns']:.2f}, multiplications "
                    f"{peak['muls_per_ns']:.2f}; one chained addition {peak['add_latency_ns']:.2f} ns; "
                    f"{peak['memory_gb_per_s']:.1f} GB/s over the data set's size")
    for loop in roof["loops"]:
        if loop["ns_per_visit"] is None:
            not_measured("R", f"roofline: {loop['loop']}", "-", loop["not_measured"])
            continue
        rows.append(("R", f"roofline: {loop['loop']}, {roof['rows']:,} x {roof['columns'] - 1}, 1 thread, "
                     "ns a visit a run by CPU time", f"{loop['ns_per_visit']:.1f} ns", "-", "INFO",
                     f"bound by {loop['binding']}: {loop['ns_at_ceiling'][loop['binding']]:.1f} ns at its ceiling, "
                     f"achieved {loop['achieved']:.2f}; {loop['updates_per_visit']:.3f} updates a visit; {ceiling_text}"))
else:
    not_measured("R", "roofline: each training loop beside its binding ceiling", "-",
                 "bench/roofline.py did not run")

# ---- sparse storage against dense (bench/sparse.py) ----
def gapped_detail(gapped, features):
    """The same figures on rows with gaps (not the goal: every feature present is)."""
    if gapped is None:
        return ""
    return (f"; rows with gaps ({gapped['nonzeros']} of {features} features, weights gathered): "
            f"dense {gapped['dense_epoch_s'] * 1e3:.2f} ms, sparse {gapped['sparse_epoch_s'] * 1e3:.2f} ms, "
            f"ratio {gapped['ratio']:.2f}, runs.jsonl {'identical' if gapped['same_runs'] else 'DIFFER'}")


sparse_path = out / "sparse.json"
if sparse_path.exists():
    sp = json.loads(sparse_path.read_text())
    target("21.2", f"sparse / dense storage, classic perceptron marginal epoch, {sp['rows']:,} x {sp['features']} "
           "(every feature present), 1 thread, no lanes", f"{sp['ratio']:.2f}", "<= 2",
           sp["ratio"] <= 2 and sp["same_runs"] and sp.get("gapped", {}).get("same_runs", True),
           f"dense {sp['dense_epoch_s'] * 1e3:.2f} ms, sparse {sp['sparse_epoch_s'] * 1e3:.2f} ms an epoch; "
           f"runs.jsonl of both storages {'identical' if sp['same_runs'] else 'DIFFER'}"
           + gapped_detail(sp.get("gapped"), sp["features"]))

# ---- 100,000 x 1,000,000 sparse, against scikit-learn (bench/sparse_large.py) ----
large_path = out / "sparse_large.json"
if large_path.exists():
    lg = json.loads(large_path.read_text())
    floor_ns = times["BM_SparseSequentialChain"][1]["ns_per_entry"]
    floor_ms = floor_ns * lg["nnz"] / 1e6
    shape_l = f"{lg['rows']:,} x {lg['features']:,}, {lg['nnz'] / lg['rows']:.0f} non-zeros a row ({lg['file_mb']:.0f} MB svmlight)"
    target("21.1", f"peak RSS of plab run on {shape_l}", f"{lg['rss_mb']:.0f} MB",
           f"<= 1.3 x CSR + 20 MB = {lg['rss_goal_mb']:.0f} MB", lg["rss_mb"] <= lg["rss_goal_mb"],
           f"CSR {lg['csr_mb']:.0f} MB; load {lg['load_s']:.2f} s ({lg['file_mb'] / lg['load_s']:.0f} MB/s, the run's wall time "
           "minus its training time)")
    target("21.1", f"scikit-learn Perceptron epoch / plab classic perceptron epoch, {shape_l}, cyclic, 1 thread",
           f"{lg['speedup']:.2f}", ">= 3", lg["speedup"] >= 3,
           f"sklearn {lg['sklearn_epoch_s'] * 1e3:.1f} ms, plab {lg['plab_epoch_s'] * 1e3:.1f} ms an epoch (marginal, 2 to 12 epochs); "
           f"a sequential score's chain of dependent additions alone takes {floor_ms:.1f} ms an epoch "
           f"({floor_ns:.2f} ns an entry, BM_SparseSequentialChain, weights in L1); the certified sign, which spares "
           f"the chain on narrower data, made this epoch slower (docs/performance.md), so it sums sequentially; "
           f"the limit: fetching every stored entry's weight and value once, into 8 independent sums (no chain, "
           f"no branch, no update; BM_SparseGatherLimit on the same file) takes {lg['gather_limit_s'] * 1e3:.1f} ms "
           f"a pass, so no epoch here can beat sklearn by more than {lg['sklearn_epoch_s'] / lg['gather_limit_s']:.2f} x; "
           f"the reference's epoch without updates, hand-written, {lg['hand_sequential_s'] * 1e3:.1f} ms")
    target("21.1", "the same weights after 10 epochs: largest difference / largest weight",
           f"{lg['weights_max_rel_diff']:.1e}", "<= 1e-9", lg["weights_max_rel_diff"] <= 1e-9 and lg["weights_same_length"],
           "plab's record_weights against sklearn's coef_ (no bias on either side: sklearn damps a sparse intercept's step)")
else:
    not_measured("21.1", "100,000 x 1,000,000 sparse svmlight: memory, speed against scikit-learn, same weights",
                 "see BENCHMARKS.md", "bench/sparse_large.py did not run")

# ---- svmlight load speed (BM_LoadSvmlight) ----
load_svm, b = times["BM_LoadSvmlight"]
rate_svm = b["MB"] / (load_svm / 1e9)
target("21.3", f"load an svmlight file into sparse storage ({b['MB']:.0f} MB: 100 non-zeros a row among "
       "1,000,000 features), MB/s by wall time", f"{rate_svm:.0f} MB/s", ">= 100 MB/s", rate_svm >= 100,
       f"{load_svm / 1e6:.0f} ms a load (parse into CSR and the SHA-256 of the bytes); "
       f"a CSV of {times['BM_LoadCsv'][1]['MB']:.0f} MB loads at {times['BM_LoadCsv'][1]['MB'] / (times['BM_LoadCsv'][0] / 1e9):.0f} MB/s")

# ---- the kernel perceptron under a memory budget (BM_KernelRbf) ----
def kernel_run(budget_mb):
    return times[f"BM_KernelRbf/{budget_mb}/real_time"][1]
small, whole = kernel_run(8), kernel_run(256)
gram_mb = 5000 ** 2 * 8 / 2 ** 20
converged = small["epochs"] < 1000 and whole["epochs"] < 1000
target("22.1", f"kernel perceptron, rbf, 5,000 x 5 separable: converges with a kernel-row cache of 8 MiB "
       f"(the Gram matrix is {gram_mb:.0f} MiB); time per epoch beside every support row cached",
       f"{small['epoch_seconds'] * 1e3:.1f} ms / {whole['epoch_seconds'] * 1e3:.1f} ms", "converges below the Gram size",
       converged and small["cached_rows"] < small["support_rows"] and small["epochs"] == whole["epochs"],
       f"8 MiB: {small['cached_rows']:.0f} of {small['support_rows']:.0f} support rows cached, {small['epochs']:.0f} epochs; "
       f"256 MiB: {whole['cached_rows']:.0f} of {whole['support_rows']:.0f} cached, {whole['epochs']:.0f} epochs "
       f"({'same mistakes' if small['epochs'] == whole['epochs'] else 'DIFFERENT epochs'})")

print("| # | target | measured | goal | result | detail |")
print("|---|---|---|---|---|---|")
for row in rows:
    print("| " + " | ".join(str(c) for c in row) + " |")
load = ", ".join(f"{v:.1f}" for v in lanes["load_average"])
print(f"\nLoad average (1, 5, 15 min) after bench/lanes.py: {load}; wall times include any time "
      "other processes held the cores (the CPU-time figures do not).")
missing = [str(r[0]) for r in rows if r[4] == "NOT MEASURED"]
if missing:
    print(f"\nNot measured (neither PASS nor FAIL): {', '.join(missing)}.")
sys.exit(0 if all(r[4] in ("PASS", "NOT MEASURED", "INFO") for r in rows) else 1)
