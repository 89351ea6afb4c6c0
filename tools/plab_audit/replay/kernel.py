"""The kernel perceptron's dual sums, replay-spec.md §7."""

import math

from .arithmetic import MistakeChoice, add_scaled, dot, tie_rule


def kernel_function(params):
    kind = params.get("kernel", "linear")
    if kind == "linear":
        return dot
    if kind == "polynomial":
        degree, scale, coef0 = int(params["degree"]), params["scale"], params["coef0"]

        def poly(a, b):
            t = scale * dot(a, b) + coef0
            p = t
            for _ in range(degree - 1):
                p = p * t
            return p
        return poly
    gamma = params["gamma"]

    def rbf(a, b):
        s = 0.0
        for u, v in zip(a, b):
            s += (u - v) * (u - v)
        return math.exp(-gamma * s)
    return rbf


class KernelFailure(Exception):
    pass


class Kernel:
    def __init__(self, params, rows):
        self.K = kernel_function(params)
        self.linear = params.get("kernel", "linear") == "linear"
        self.is_mistake = tie_rule(params)
        self.cache = {}

    def start(self, data, w):
        self.w = w
        self.w0 = list(w)
        self.alpha = [0] * data.rows
        self.support = []
        nonzero = any(v != 0.0 for v in w)
        self.base = [dot(w, x) if nonzero else 0.0 for x in data.x]

    def value(self, data, j, i):
        key = (j, i)
        if key not in self.cache:
            self.cache[key] = self.K(data.x[j], data.x[i])
        return self.cache[key]

    def score(self, data, i):
        s = self.base[i]
        for j in self.support:
            s += (float(self.alpha[j]) * data.y[j]) * self.value(data, j, i)
        if not math.isfinite(s):
            raise KernelFailure(f"the kernel score of row {i + 1} is not finite")
        return s

    def update(self, data, i):
        if self.alpha[i] == 0:
            self.support.append(i)
            self.support.sort()
        self.alpha[i] += 1
        if self.linear:
            add_scaled(self.w, data.y[i], data.x[i])
        self.counts[i] += 1

    def epoch(self, data, order):
        updates = 0
        for i in order:
            if self.is_mistake(self.score(data, i), data.y[i]):
                self.update(data, i)
                updates += 1
        return updates, updates, updates == 0

    def step(self, data, how, u):
        choice = MistakeChoice()
        for i in range(data.rows):
            s = self.score(data, i)
            if self.is_mistake(s, data.y[i]):
                choice.offer(i, data.y[i] * s)
        if not choice.rows:
            return False
        self.update(data, choice.pick(how, u))
        return True

    def errors(self, data):
        return sum(1 for i in range(data.rows) if self.is_mistake(self.score(data, i), data.y[i]))
