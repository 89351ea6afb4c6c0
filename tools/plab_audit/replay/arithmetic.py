"""The two kernels every learner uses: the sequential dot product and w += a·x."""

import math


def dot(w, x):
    s = 0.0
    for a, b in zip(w, x):
        s += a * b
    return s


def dot_blocked(w, x):
    n = len(x)
    blocked = n - n % 8
    lane = [0.0] * 8
    for j in range(blocked):
        lane[j % 8] += w[j] * x[j]
    total = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]))
    for j in range(blocked, n):
        total += w[j] * x[j]
    return total


def add_scaled(w, a, x):
    for j, v in enumerate(x):
        w[j] += a * v


def tie_mistake(score, y):
    return not (y * score > 0.0)


def tie_positive(score, y):
    return math.isnan(score) or (score >= 0.0) != (y > 0.0)


def tie_rule(params):
    return tie_positive if params.get("tie") == "positive" else tie_mistake


def all_finite(w):
    return all(math.isfinite(v) for v in w)


class MistakeChoice:
    """The pick of a mistake-driven step (replay-spec.md §4)."""

    def __init__(self):
        self.rows = []
        self.worst = 0
        self.worst_margin = 0.0

    def offer(self, row, margin):
        if not self.rows or margin < self.worst_margin:
            self.worst_margin = margin
            self.worst = row
        self.rows.append(row)

    def pick(self, how, u):
        if how == "worst":
            return self.worst
        k = int(u * len(self.rows))
        return self.rows[min(k, len(self.rows) - 1)]
