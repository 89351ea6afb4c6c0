"""The linear unit (LMS) by SGD or batch gradient descent, replay-spec.md §7."""

import math

from .arithmetic import add_scaled, dot


class LinearUnit:
    per_sample = True
    least_squares = True

    def __init__(self, params, rows):
        self.batch = params.get("mode") == "batch"
        self.inverse = params.get("schedule") == "inverse"
        self.eta = params["eta"]
        self.tau = params["tau"] if params.get("tau", 0.0) > 0 else float(rows)
        self.tol = params["tol"]

    def rate(self):
        return self.eta / (1.0 + float(self.t) / self.tau) if self.inverse else self.eta

    def loss(self, data):
        e = 0.0
        for x, y in zip(data.x, data.y):
            r = y - dot(self.w, x)
            e += r * r
        return 0.5 * e

    def start(self, data, w):
        self.w = w
        self.t = 0
        self.previous = self.loss(data)

    def epoch(self, data, order):
        mistakes = 0
        if self.batch:
            grad = [0.0] * len(self.w)
            for i in range(data.rows):
                x, y = data.x[i], data.y[i]
                o = dot(self.w, x)
                mistakes += not (y * o > 0.0)
                add_scaled(grad, y - o, x)
            add_scaled(self.w, self.rate(), grad)
            self.t += 1
            updates = 1
        else:
            for i in order:
                x, y = data.x[i], data.y[i]
                o = dot(self.w, x)
                mistakes += not (y * o > 0.0)
                add_scaled(self.w, self.rate() * (y - o), x)
                self.t += 1
                self.counts[i] += 1
            updates = data.rows
        self.last_loss = self.loss(data)
        converged = abs(self.previous - self.last_loss) <= self.tol * self.previous
        self.previous = self.last_loss
        if math.isinf(self.last_loss):
            self.failed_loss = True
        return mistakes, updates, converged

    def errors(self, data):
        return sum(1 for x, y in zip(data.x, data.y) if not (y * dot(self.w, x) > 0.0))
