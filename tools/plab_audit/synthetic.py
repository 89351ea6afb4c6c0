"""The synthetic generators of docs/replay-spec.md §6, re-made from their seed."""

import bisect
import math

from .rng import Rng

SPARSE_MAX_ROW_DRAWS = 100_000


def _feature_radius(radius):
    sq = radius * radius
    return math.sqrt(sq - 1.0) if math.isfinite(sq) else radius


def _in_ball(rng, dim, r):
    x = [rng.gaussian() for _ in range(dim)]
    norm = 0.0
    for v in x:
        norm += v * v
    norm = math.sqrt(norm)
    scale = r * math.pow(rng.uniform(), 1.0 / dim) / norm
    return [v * scale for v in x]


def _score(u, offset, x):
    s = u[offset]
    for j, v in enumerate(x):
        s += u[offset + 1 + j] * v
    return s


def _normalise(u):
    n = 0.0
    for v in u:
        n += v * v
    n = math.sqrt(n)
    return [v / n for v in u]


def _binary(s, rng):
    r = _feature_radius(s["radius"])
    bias = min(max(0.05 * rng.gaussian(), -0.2), 0.2)
    direction = _normalise([rng.gaussian() for _ in range(s["dim"])])
    vn = math.sqrt(1.0 - bias * bias)
    teacher = [bias] + [vn * d for d in direction]
    rows, labels = [], []

    def along(length):
        return [teacher[j + 1] / vn * length for j in range(s["dim"])]

    rows.append(along((s["margin"] - bias) / vn))
    labels.append("1")
    if s["rows"] > 1:
        rows.append(along(-r))
        labels.append("-1")
    while len(labels) < s["rows"]:
        x = _in_ball(rng, s["dim"], r)
        sc = _score(teacher, 0, x)
        if abs(sc) < s["margin"]:
            continue
        rows.append(x)
        labels.append("1" if sc > 0 else "-1")
    return rows, labels, teacher


def _multiclass(s, rng):
    r = _feature_radius(s["radius"])
    k, width = s["classes"], s["dim"] + 1
    t = [rng.gaussian() for _ in range(k * width)]
    for j in range(width):
        mean = 0.0
        for c in range(k):
            mean += t[c * width + j]
        for c in range(k):
            t[c * width + j] -= mean / k
    t = _normalise(t)
    rows, labels = [], []
    while len(labels) < s["rows"]:
        x = _in_ball(rng, s["dim"], r)
        sc = [_score(t, c * width, x) for c in range(k)]
        best = max(range(k), key=lambda c: (sc[c], -c))
        gap = min((sc[best] - sc[c] for c in range(k) if c != best), default=math.inf)
        if gap < s["margin"]:
            continue
        rows.append(x)
        labels.append(str(best))
    return rows, labels, t


def _xor(s, rng):
    rows, labels = [], []
    for i in range(s["rows"]):
        cx = 1.0 if i % 2 == 0 else -1.0
        cy = 1.0 if i % 4 < 2 else -1.0
        a = cx + 0.3 * rng.gaussian()
        b = cy + 0.3 * rng.gaussian()
        rows.append([a, b])
        labels.append("1" if cx * cy > 0 else "-1")
    return rows, labels, []


def _disjunction(s, rng):
    dim, k, density = s["dim"], s["literals"], s["density"]
    order = rng.permutation(dim)
    relevant = [False] * dim
    for j in range(k):
        relevant[order[j]] = True
    scale = 1.0 / (2 * k + 1)
    teacher = [-scale] + [2.0 * scale if relevant[j] else 0.0 for j in range(dim)]
    rows, labels = [], []
    for i in range(s["rows"]):
        positive = i % 2 == 1
        x = [0.0] * dim
        for j in range(dim):
            if not relevant[j] or positive:
                x[j] = 1.0 if rng.uniform() < density else 0.0
        found = any(relevant[j] and x[j] == 1.0 for j in range(dim))
        while positive and not found:
            for j in range(dim):
                if relevant[j]:
                    x[j] = 1.0 if rng.uniform() < density else 0.0
                found = found or (relevant[j] and x[j] == 1.0)
        rows.append(x)
        labels.append("1" if positive else "-1")
    return rows, labels, teacher


def _zipf_distinct(rng, cumulative, count):
    """`count` distinct features in increasing order (replay-spec.md §6, `sparse`)."""
    chosen = []
    max_draws = 64 * len(cumulative) + 1000
    draws = 0
    while len(chosen) < count and draws < max_draws:
        draws += 1
        u = rng.uniform() * cumulative[-1]
        j = min(bisect.bisect_right(cumulative, u), len(cumulative) - 1)
        if j not in chosen:
            chosen.append(j)
    j = 0
    while len(chosen) < count:
        if j not in chosen:
            chosen.append(j)
        j += 1
    return sorted(chosen)


def _sparse(s, rng):
    dim = s["dim"]
    cumulative, total = [], 0.0
    for j in range(dim):
        total += math.pow(float(j + 1), -s["zipf"])
        cumulative.append(total)
    u = [0.0] * dim
    chosen = _zipf_distinct(rng, cumulative, s["teacher_nonzeros"])
    norm = 0.0
    for j in chosen:
        v = 0.0
        while v == 0.0:
            v = rng.gaussian()
        u[j] = v
        norm += v * v
    norm = math.sqrt(norm)
    for j in chosen:
        u[j] /= norm
    rows, labels = [], []
    for _ in range(s["rows"]):
        for _draw in range(SPARSE_MAX_ROW_DRAWS):
            chosen = _zipf_distinct(rng, cumulative, s["nonzeros"])
            values, score = [], 0.0
            for j in chosen:
                values.append(2.0 * rng.uniform() - 1.0)
                score += u[j] * values[-1]
            if abs(score) >= s["margin"]:
                break
        else:
            return None  # plab refuses such a config; nothing to re-make
        flip = rng.uniform() < s["flip"]
        x = [0.0] * dim
        for j, v in zip(chosen, values):
            x[j] = v
        rows.append(x)
        labels.append("1" if (score > 0.0) != flip else "-1")
    return rows, labels, [0.0] + u


DEFAULTS = {"rows": 100, "dim": 2, "margin": 0.1, "radius": 2.0, "flip": 0.1, "classes": 3,
            "literals": 2, "density": 0.5, "nonzeros": 10, "zipf": 1.0, "teacher_nonzeros": 10}

SPARSE_DEFAULTS = {"dim": 1000, "margin": 0.01, "flip": 0.0}
SPARSE_MAX_CELLS = 4_000_000  # rows x dim held densely by the auditor


def generate(spec, seed):
    """(rows without the bias, labels as text, teacher) for a synthetic dataset config."""
    s = dict(DEFAULTS)
    if spec["generator"] == "sparse":
        s.update(SPARSE_DEFAULTS)
        s["dim"] = spec.get("dim", s["dim"])
        s["nonzeros"] = s["teacher_nonzeros"] = min(10, s["dim"])
    s.update({k: v for k, v in spec.items() if k in DEFAULTS})
    rng = Rng(seed)
    g = spec["generator"]
    if g == "multiclass":
        return _multiclass(s, rng)
    if g == "xor":
        return _xor(s, rng)
    if g == "disjunction":
        return _disjunction(s, rng)
    if g == "sparse":
        if s["rows"] * s["dim"] > SPARSE_MAX_CELLS:
            return None
        return _sparse(s, rng)
    if g not in ("separable", "noisy"):
        return None
    rows, labels, teacher = _binary(s, rng)
    order = rng.permutation(len(labels))
    rows = [rows[i] for i in order]
    labels = [labels[i] for i in order]
    if g == "noisy":
        labels = [("-1" if lab == "1" else "1") if rng.uniform() < s["flip"] else lab
                  for lab in labels]
    return rows, labels, teacher
