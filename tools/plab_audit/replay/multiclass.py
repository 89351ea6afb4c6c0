"""The multi-class perceptron (Kesler): one row per class, replay-spec.md §7."""

import math

from .arithmetic import MistakeChoice, add_scaled, dot


class Multiclass:
    def __init__(self, params, rows):
        self.eta = params["eta"]
        self.first = params.get("tie") == "first"

    def start(self, data, w):
        self.w = w
        self.k = data.classes
        self.d = data.cols

    def row(self, c):
        return self.w[c * self.d:(c + 1) * self.d]

    def judge(self, x, y):
        s = [dot(self.row(c), x) for c in range(self.k)]
        other = 1 if y == 0 else 0
        for z in range(self.k):
            if z != y and s[z] > s[other]:
                other = z
        margin = s[y] - s[other]
        if self.first:
            best = 0
            for z in range(1, self.k):
                if s[z] > s[best]:
                    best = z
            mistake, predicted = best != y, best
        else:
            mistake, predicted = s[other] >= s[y], other
        if any(math.isnan(v) for v in s):
            mistake = True
            if predicted == y:
                predicted = other
        return mistake, predicted, margin

    def update(self, x, y, predicted):
        d = self.d
        for c, a in ((y, self.eta), (predicted, -self.eta)):
            row = self.w[c * d:(c + 1) * d]
            add_scaled(row, a, x)
            self.w[c * d:(c + 1) * d] = row

    def epoch(self, data, order):
        updates = 0
        for i in order:
            mistake, predicted, _ = self.judge(data.x[i], data.label[i])
            if mistake:
                self.update(data.x[i], data.label[i], predicted)
                self.counts[i] += 1
                updates += 1
        return updates, updates, updates == 0

    def step(self, data, how, u):
        choice = MistakeChoice()
        for i in range(data.rows):
            mistake, _, margin = self.judge(data.x[i], data.label[i])
            if mistake:
                choice.offer(i, margin)
        if not choice.rows:
            return False
        i = choice.pick(how, u)
        _, predicted, _ = self.judge(data.x[i], data.label[i])
        self.update(data.x[i], data.label[i], predicted)
        self.counts[i] += 1
        return True

    def errors(self, data):
        return sum(1 for i in range(data.rows) if self.judge(data.x[i], data.label[i])[0])
