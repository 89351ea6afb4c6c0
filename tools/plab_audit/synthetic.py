"""The synthetic generators of docs/replay-spec.md §6, re-made from their seed."""

import math

from .rng import Rng


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


DEFAULTS = {"rows": 100, "dim": 2, "margin": 0.1, "radius": 2.0, "flip": 0.1, "classes": 3,
            "literals": 2, "density": 0.5}


def generate(spec, seed):
    """(rows without the bias, labels as text, teacher) for a synthetic dataset config."""
    s = dict(DEFAULTS)
    s.update({k: v for k, v in spec.items() if k in DEFAULTS})
    rng = Rng(seed)
    g = spec["generator"]
    if g == "multiclass":
        return _multiclass(s, rng)
    if g == "xor":
        return _xor(s, rng)
    if g == "disjunction":
        return _disjunction(s, rng)
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
