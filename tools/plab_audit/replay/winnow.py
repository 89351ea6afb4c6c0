"""Winnow, normalised exponentiated gradient (plain or balanced), replay-spec.md §7."""

import math

from .arithmetic import MistakeChoice


class WinnowFailure(Exception):
    pass


class Winnow:
    def __init__(self, params, rows):
        self.eta = params["eta"]
        self.balanced = params.get("variant") == "balanced"

    def start(self, data, w):
        if any(v != 0.0 for v in w):
            raise WinnowFailure("winnow starts from the uniform weights")
        self.w = w
        n = (2 if self.balanced else 1) * len(w)
        self.v = [1.0 / float(n)] * n
        self.expose()

    def expose(self):
        d = len(self.w)
        for j in range(d):
            self.w[j] = self.v[j] - self.v[d + j] if self.balanced else self.v[j]

    def score(self, x):
        s = 0.0
        for a, b in zip(self.w, x):
            s += a * b
        return s

    def update(self, x, y):
        d = len(self.w)
        a = [self.eta * y * v for v in x]
        if self.balanced:
            a = a + [-e for e in a]
        m = max(a)
        z = 0.0
        for j in range(len(self.v)):
            self.v[j] *= math.exp(a[j] - m)
            z += self.v[j]
        if not (z > 0.0) or not math.isfinite(z):
            raise WinnowFailure("winnow's weights underflowed")
        self.v = [v / z for v in self.v]
        self.expose()

    def epoch(self, data, order):
        updates = 0
        for i in order:
            if data.y[i] * self.score(data.x[i]) > 0.0:
                continue
            self.update(data.x[i], data.y[i])
            self.counts[i] += 1
            updates += 1
        return updates, updates, updates == 0

    def step(self, data, how, u):
        choice = MistakeChoice()
        for i in range(data.rows):
            margin = data.y[i] * self.score(data.x[i])
            if not (margin > 0.0):
                choice.offer(i, margin)
        if not choice.rows:
            return False
        i = choice.pick(how, u)
        self.update(data.x[i], data.y[i])
        self.counts[i] += 1
        return True

    def errors(self, data):
        return sum(1 for x, y in zip(data.x, data.y) if not (y * self.score(x) > 0.0))
