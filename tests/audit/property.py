#!/usr/bin/env python3
"""Property test: on clean folders of >= 1,000 small random data sets, `plab verify` and
`tools/plab-audit` both exit 0. The sets are sweep points of a few configs (a sweep over
the data's seed), so that plab runs a few times, not a thousand:

  separable sets with margins from 0.1 down to 1e-12, six linear learners;
  noisy sets (not separable), the hinge bounds, per-sample counts;
  XOR sets under each kernel of the kernel perceptron;
  multi-class sets; disjunctions (Winnow's targets), plain and balanced.

Epochs are capped (max_epochs) so that the runs stay small.

Both tools' exits are asserted on every set (VERIFY_STRICT names them all): `plab verify`
compares recomputed margins within their certified error bounds, so tiny margins and the
60 points of noisy XOR (rho_upper is rounding noise around zero there) are clean to it.

Usage: property.py SOURCE_DIR PLAB WORK_DIR"""

import os
import sys

from common import audit, run, verify, write_config


def seeds(n, start):
    return list(range(start, start + n))


def configs():
    base = {"repeats": 1, "init": {"kind": "zero"}}
    linear = [{"name": "classic", "plugin": "perceptron"},
              {"name": "eta", "plugin": "eta_perceptron", "params": {"eta": 0.5, "step": "residual"}},
              {"name": "margin", "plugin": "margin_perceptron", "params": {"tau": 0.25}},
              {"name": "averaged", "plugin": "averaged_perceptron"},
              {"name": "pocket", "plugin": "pocket_perceptron"},
              {"name": "batch", "plugin": "batch_perceptron", "params": {"normalize": True}}]
    yield "separable", 600, dict(
        base, name="prop-separable", seed=1,
        dataset={"kind": "synthetic", "generator": "separable", "rows": 12, "dim": 2},
        learners=linear,
        protocol={"kind": "convergence", "max_epochs": 30, "order": "shuffle",
                  "record_weights": True},
        sweep={"/dataset/margin": [0.1, 1e-3, 1e-6, 1e-12], "/dataset/seed": seeds(150, 1)})
    yield "noisy", 150, dict(
        base, name="prop-noisy", seed=2, init={"kind": "gaussian", "scale": 0.5},
        dataset={"kind": "synthetic", "generator": "noisy", "rows": 14, "dim": 2, "flip": 0.2},
        learners=[{"name": "classic", "plugin": "perceptron"},
                  {"name": "batch-sum", "plugin": "batch_perceptron"},
                  {"name": "lms", "plugin": "linear_unit_sgd", "params": {"eta": 0.05}}],
        protocol={"kind": "convergence", "max_epochs": 8, "order": "cyclic",
                  "record_weights": True, "record_sample_mistakes": True, "record_curve": True},
        sweep={"/dataset/seed": seeds(150, 1000)})
    yield "xor", 100, dict(
        base, name="prop-xor", seed=3,
        dataset={"kind": "synthetic", "generator": "xor", "rows": 12},
        learners=[{"name": "k-linear", "plugin": "kernel_perceptron"},
                  {"name": "k-poly", "plugin": "kernel_perceptron",
                   "params": {"kernel": "polynomial", "degree": 2}},
                  {"name": "k-rbf", "plugin": "kernel_perceptron",
                   "params": {"kernel": "rbf", "gamma": 0.5}}],
        protocol={"kind": "convergence", "max_epochs": 10, "order": "shuffle",
                  "record_weights": True},
        sweep={"/dataset/seed": seeds(100, 2000)})
    yield "multiclass", 100, dict(
        base, name="prop-multiclass", seed=4,
        dataset={"kind": "synthetic", "generator": "multiclass", "rows": 15, "dim": 2,
                 "classes": 3, "margin": 0.05},
        learners=[{"name": "kesler", "plugin": "multiclass_perceptron"}],
        protocol={"kind": "convergence", "max_epochs": 20, "order": "random_mistake",
                  "record_weights": True},
        sweep={"/dataset/seed": seeds(100, 3000)})
    yield "disjunction", 100, dict(
        base, name="prop-winnow", seed=5,
        dataset={"kind": "synthetic", "generator": "disjunction", "rows": 16, "dim": 4},
        learners=[{"name": "winnow", "plugin": "winnow", "params": {"eta": 0.3}},
                  {"name": "balanced", "plugin": "winnow",
                   "params": {"eta": 0.3, "variant": "balanced"}}],
        theory={"margin": "teacher"},
        protocol={"kind": "convergence", "max_epochs": 20, "order": "worst_mistake",
                  "record_weights": True},
        sweep={"/dataset/seed": seeds(100, 4000)})


VERIFY_STRICT = {"noisy", "xor", "multiclass", "disjunction", "holdout_split", "holdout_folds",
                 "separable", "noisy_xor_inline", "sparse", "parity_kernels",
                 "kernel_psd_450_rows", "least_squares_batch", "holdout_default_fraction"}


def noisy_xor_inline(n, seed):
    """n points of XOR with Gaussian noise, written inline (the rounding-noise case: a hull
    point within 1e-15 of the origin, whose rho_upper is noise around zero)."""
    import random
    rng = random.Random(seed)
    x, y = [], []
    for i in range(n):
        a, b = (1 if i % 2 else -1), (1 if i % 4 < 2 else -1)
        x.append([a + rng.gauss(0, 0.4), b + rng.gauss(0, 0.4)])
        y.append(1 if a * b > 0 else -1)
    return {"kind": "inline", "x": x, "y": y}


def holdout(source, split):
    """Holdout on Iris (splits, folds), the learners with state beside their weights."""
    return {"name": "prop-holdout", "seed": 6, "repeats": 4,
            "dataset": {"kind": "csv", "path": f"{source}/data/iris.csv", "label": "species",
                        "positive": ["virginica"], "scale": "standardize"},
            "init": {"kind": "gaussian", "scale": 0.3},
            "learners": [{"name": "a", "plugin": "averaged_perceptron"},
                         {"name": "p", "plugin": "pocket_perceptron"},
                         {"name": "b", "plugin": "batch_perceptron", "params": {"eta": 0.1}},
                         {"name": "l", "plugin": "linear_unit_sgd",
                          "params": {"mode": "batch", "schedule": "inverse", "eta": 0.001}},
                         {"name": "m", "plugin": "margin_perceptron",
                          "params": {"tau": 0.5, "eta": 0.25}}],
            "protocol": dict(split, kind="holdout", max_epochs=25, order="shuffle",
                             record_weights=True, record_sample_mistakes=True)}


def parity_bits():
    """The corners of the cube labelled x1*x2*x3: not separable for the linear and quadratic
    kernels (monomial_gordan proofs), separable for the cubic one."""
    corners = [[a, b, c] for a in (-1.0, 1.0) for b in (-1.0, 1.0) for c in (-1.0, 1.0)]
    return {"kind": "inline", "x": corners, "y": [int(a * b * c) for a, b, c in corners]}


def wide_gaussian_rows(n, dim, seed):
    """n rows of dim small Gaussian features, labels of a random hyperplane: a quadratic
    kernel with coef0 a little below -scale is positive definite on them (checked by both
    tools), past the auditor's exact LDL^T limit of 400 rows."""
    import random
    rng = random.Random(seed)
    u = [rng.gauss(0, 1) for _ in range(dim)]
    x = [[round(rng.gauss(0, 0.2), 6) for _ in range(dim)] for _ in range(n)]
    return {"kind": "inline", "x": x,
            "y": [1 if sum(a * b for a, b in zip(u, r)) > 0 else -1 for r in x]}


def more_configs(source):
    yield "holdout_split", 1, holdout(source, {"test_fraction": 0.3})
    yield "holdout_folds", 1, holdout(source, {"folds": 4})
    yield "holdout_default_fraction", 1, {
        "name": "prop-holdout-default", "seed": 3, "repeats": 2,
        "dataset": {"kind": "synthetic", "generator": "noisy", "rows": 20, "dim": 2},
        "learners": [{"name": "p", "plugin": "perceptron"},
                     {"name": "k", "plugin": "kernel_perceptron", "params": {"kernel": "rbf"}},
                     {"name": "w", "plugin": "pocket_perceptron"}],
        "protocol": {"kind": "holdout", "max_epochs": 5, "order": "cyclic",
                     "record_weights": True, "record_curve": True}}
    yield "noisy_xor_inline", 1, {
        "name": "prop-noisy-xor", "seed": 6, "repeats": 3, "dataset": noisy_xor_inline(60, 1),
        "learners": [{"name": "classic", "plugin": "perceptron"},
                     {"name": "kernel", "plugin": "kernel_perceptron",
                      "params": {"kernel": "polynomial"}}],
        "protocol": {"kind": "convergence", "max_epochs": 40, "order": "cyclic",
                     "record_weights": True}}
    yield "sparse", 40, {
        "name": "prop-sparse", "seed": 7, "repeats": 1, "init": {"kind": "gaussian"},
        "dataset": {"kind": "synthetic", "generator": "sparse", "rows": 30, "dim": 25,
                    "nonzeros": 5, "teacher_nonzeros": 6, "flip": 0.05, "zipf": 1.2},
        "learners": [{"name": "classic", "plugin": "perceptron"},
                     {"name": "lms", "plugin": "linear_unit_sgd", "params": {"eta": 0.02}}],
        "protocol": {"kind": "convergence", "max_epochs": 6, "order": "shuffle",
                     "record_weights": True, "record_curve": True,
                     "record_sample_mistakes": True},
        "sweep": {"/dataset/seed": seeds(40, 5000)}}
    yield "parity_kernels", 1, {
        "name": "prop-parity", "seed": 8, "repeats": 1, "dataset": parity_bits(),
        "learners": [{"name": "linear", "plugin": "kernel_perceptron"},
                     {"name": "quadratic", "plugin": "kernel_perceptron",
                      "params": {"kernel": "polynomial", "degree": 2}},
                     {"name": "cubic", "plugin": "kernel_perceptron",
                      "params": {"kernel": "polynomial", "degree": 3}}],
        "protocol": {"kind": "convergence", "max_epochs": 20, "order": "cyclic",
                     "record_weights": True, "record_curve": True}}
    yield "kernel_psd_450_rows", 1, {
        "name": "prop-psd", "seed": 9, "repeats": 1, "dataset": wide_gaussian_rows(450, 40, 3),
        "learners": [{"name": "quadratic", "plugin": "kernel_perceptron",
                      "params": {"kernel": "polynomial", "degree": 2, "coef0": -1.005}}],
        "protocol": {"kind": "convergence", "max_epochs": 2, "order": "cyclic"}}
    yield "least_squares_batch", 1, {
        "name": "prop-ls", "seed": 10, "repeats": 2, "init": {"kind": "gaussian"},
        "dataset": {"kind": "csv", "path": f"{source}/data/iris.csv", "label": "species",
                    "positive": ["virginica"], "scale": "standardize"},
        "learners": [{"name": "batch", "plugin": "linear_unit_sgd",
                      "params": {"mode": "batch", "eta": 0.001}},
                     {"name": "sgd", "plugin": "linear_unit_sgd",
                      "params": {"schedule": "inverse", "eta": 0.01}}],
        "protocol": {"kind": "convergence", "max_epochs": 30, "order": "cyclic",
                     "record_weights": True, "record_curve": True}}


# What the auditor must say it checked on these folders (its summary line), so that the
# paths the cases exist for are exercised, not skipped.
EXPECT = {
    "noisy": ["replayed curves", "least-squares gaps and distances"],
    "sparse": ["replayed curves", "least-squares solutions", "replays"],
    "parity_kernels": ["2 monomial_gordan proofs", "kernel margin brackets"],
    "kernel_psd_450_rows": ["1 Gram matrices proved positive definite by the floating Cholesky"],
    "least_squares_batch": ["4 least-squares gaps and distances", "replayed curves"],
}


def main():
    source, plab, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    failures, sets = 0, 0
    for name, count, config in list(configs()) + list(more_configs(os.path.abspath(source))):
        path = os.path.join(work, f"{name}.json")
        write_config(path, config)
        out = os.path.join(work, name)
        r = run(plab, path, out)
        if r.returncode != 0:
            print(f"{name}: plab run exited {r.returncode}\n{r.stderr[-2000:]}")
            failures += 1
            continue
        sets += count
        v, a = verify(plab, out), audit(source, out, quiet=name not in EXPECT)
        missing = [e for e in EXPECT.get(name, []) if e not in a.stdout]
        print(f"{name}: {count} data sets, verify {v.returncode}, plab-audit {a.returncode}"
              + (f", its summary lacks {missing}" if missing else ""))
        if a.returncode != 0 or missing or (v.returncode != 0 and name in VERIFY_STRICT):
            failures += 1
            print(v.stdout[-2000:], v.stderr[-500:], a.stdout[-3000:], a.stderr[-500:])
    print(f"{sets} data sets, {failures} failure(s)")
    return 1 if failures or sets < 1000 else 0


if __name__ == "__main__":
    sys.exit(main())
