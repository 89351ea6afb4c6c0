"""One run from its seeds: initial weights, orders, holdout split, status (replay-spec.md §2-5)."""

import math

from ..rng import INITIAL_WEIGHTS, ORDER, SPLIT, Rng, stream_seed
from .arithmetic import all_finite
from .kernel import Kernel, KernelFailure
from .linear import Averaged, Batch, EtaPerceptron, MarginPerceptron, Perceptron, Pocket
from .linear_unit import LinearUnit
from .multiclass import Multiclass
from .winnow import Winnow, WinnowFailure

LEARNERS = {
    "perceptron": Perceptron,
    "eta_perceptron": EtaPerceptron,
    "margin_perceptron": MarginPerceptron,
    "averaged_perceptron": Averaged,
    "pocket_perceptron": Pocket,
    "batch_perceptron": Batch,
    "multiclass_perceptron": Multiclass,
    "linear_unit_sgd": LinearUnit,
    "kernel_perceptron": Kernel,
    "winnow": Winnow,
}


def initial_weights(init, master, point, repeat, size):
    rng = Rng(stream_seed(master, point, repeat, INITIAL_WEIGHTS))
    kind, scale = init.get("kind", "zero"), init.get("scale", 1.0)
    if kind == "zero":
        w = [0.0] * size
    elif kind == "gaussian":
        w = [scale * rng.gaussian() for _ in range(size)]
    elif kind == "uniform":
        w = [scale * (2.0 * rng.uniform() - 1.0) for _ in range(size)]
    else:
        w = [float(v) for v in init["w"]]
    return [v + 0.0 for v in w]


def split_rows(data, protocol, master, point, repeat):
    folds = max(int(protocol.get("folds", 0)), 0)
    rnd = repeat // folds if folds >= 2 else repeat
    rng = Rng(stream_seed(master, point, rnd, SPLIT))
    train, test = [], []
    for c in range(data.classes):
        rows = [i for i in range(data.rows) if data.label[i] == c]
        for i in range(len(rows), 1, -1):
            j = rng.below(i)
            rows[i - 1], rows[j] = rows[j], rows[i - 1]
        if folds >= 2:
            for k, r in enumerate(rows):
                (test if k % folds == repeat % folds else train).append(r)
        else:
            f = protocol.get("test_fraction", 0.3) * len(rows)
            take = int(math.floor(abs(f) + 0.5)) * (1 if f >= 0 else -1)
            if len(rows) >= 2:
                take = min(max(take, 1), len(rows) - 1)
            test += rows[:take]
            train += rows[take:]
    return sorted(train), sorted(test)


def replay(plugin, params, data, config, point, repeat, size):
    """The run's outcome as a dict of record fields, or None for a learner not known."""
    cls = LEARNERS.get(plugin)
    if cls is None:
        return None
    protocol = config.get("protocol", {})
    master = config.get("seed", 0)
    out = {"mistakes": 0, "updates": 0, "steps": None, "epoch_mistakes": [], "epoch_loss": []}
    test = None
    if protocol.get("kind") == "holdout":
        train_rows, test_rows = split_rows(data, protocol, master, point, repeat)
        test = data.subset(test_rows)
        data = data.subset(train_rows)
    learner = cls(params, data.rows)
    learner.counts = [0] * data.rows
    w = initial_weights(config.get("init", {}), master, point, repeat, size)
    w0 = list(w)
    order_rng = Rng(stream_seed(master, point, repeat, ORDER))
    order_kind = protocol.get("order", "cyclic")
    max_epochs = int(protocol.get("max_epochs", 1000))
    status = "not_converged"
    try:
        learner.start(data, w)
        if order_kind in ("random_mistake", "worst_mistake"):
            steps, max_steps = 0, max_epochs * data.rows
            while steps < max_steps:
                steps += 1
                u = order_rng.uniform() if order_kind == "random_mistake" else 0.0
                if not learner.step(data, "uniform" if order_kind == "random_mistake" else "worst", u):
                    status = "converged"
                    break
                out["mistakes"] += 1
                out["updates"] += 1
                if not all_finite(learner.w):
                    status = "failed"
                    break
            out["steps"] = steps
            out["epochs"] = (steps + data.rows - 1) // data.rows
        else:
            for epoch in range(1, max_epochs + 1):
                out["epochs"] = epoch
                order = (order_rng.permutation(data.rows) if order_kind == "shuffle"
                         else range(data.rows))
                m, u, converged = learner.epoch(data, order)
                out["mistakes"] += m
                out["updates"] += u
                out["epoch_mistakes"].append(m)
                loss = getattr(learner, "last_loss", math.nan)
                out["epoch_loss"].append(loss if math.isfinite(loss) else None)
                if not all_finite(learner.w) or getattr(learner, "failed_loss", False):
                    status = "diverged" if isinstance(learner, LinearUnit) else "failed"
                    break
                if converged:
                    status = "converged"
                    break
    except (KernelFailure, WinnowFailure):
        return {"status": "failed"}
    out["status"] = status
    out["w0"] = w0
    if status in ("failed", "diverged"):
        return out
    out["w"] = list(learner.w)
    errors = learner.errors(data)
    out["train_error"] = None if errors is None else errors / data.rows
    if test is not None and not isinstance(learner, Kernel):
        out["test_error"] = learner.errors(test) / test.rows if test.rows else None
    if isinstance(learner, LinearUnit):
        out["loss"] = learner.previous
    out["sample_mistakes"] = None if isinstance(learner, Batch) else learner.counts
    return out
