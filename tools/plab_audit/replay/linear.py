"""The perceptron family on one weight vector: classic, η, margin, averaged, pocket, batch."""

from .arithmetic import MistakeChoice, add_scaled, dot, dot_blocked, tie_mistake, tie_rule


class Online:
    """A binary online learner: a mistake test and a coefficient a in w += a·x̃."""

    def __init__(self, params, rows):
        self.params = params
        self.is_mistake = tie_rule(params)
        self.dot = dot_blocked if params.get("dot") == "blocked" else dot

    def start(self, data, w):
        self.w = w

    def coefficient(self, data, i, score):
        return data.y[i]

    def on_correct(self, data, i):
        pass

    def epoch(self, data, order):
        updates = 0
        for i in order:
            x, y = data.x[i], data.y[i]
            score = self.dot(self.w, x)
            if self.is_mistake(score, y):
                add_scaled(self.w, self.coefficient(data, i, score), x)
                updates += 1
                self.counts[i] += 1
            else:
                self.on_correct(data, i)
        return updates, updates, updates == 0

    def step(self, data, how, u):
        choice = MistakeChoice()
        for i in range(data.rows):
            score = self.dot(self.w, data.x[i])
            if self.is_mistake(score, data.y[i]):
                choice.offer(i, data.y[i] * score)
        if not choice.rows:
            return False
        i = choice.pick(how, u)
        add_scaled(self.w, self.coefficient(data, i, self.dot(self.w, data.x[i])), data.x[i])
        self.counts[i] += 1
        return True

    def errors_of(self, w, data, rule=None):
        rule = rule or self.is_mistake
        return sum(1 for i in range(data.rows) if rule(self.dot(w, data.x[i]), data.y[i]))

    def errors(self, data):
        return self.errors_of(self.w, data)


class Perceptron(Online):
    pass


class EtaPerceptron(Online):
    def coefficient(self, data, i, score):
        eta, y = self.params["eta"], data.y[i]
        return eta * (y - (-y)) if self.params.get("step") == "residual" else eta * y


class MarginPerceptron(Online):
    def __init__(self, params, rows):
        super().__init__(params, rows)
        tau = params["tau"]
        self.is_mistake = lambda score, y: not (y * score > tau)

    def coefficient(self, data, i, score):
        return self.params["eta"] * data.y[i]

    def errors(self, data):
        return self.errors_of(self.w, data, tie_mistake)


class Averaged(Online):
    def __init__(self, params, rows):
        super().__init__(params, rows)
        self.is_mistake = tie_mistake
        self.voted = params.get("mode") == "voted"

    def start(self, data, w):
        self.w = w
        self.correction = [0.0] * len(w)
        self.visits = 0

    def coefficient(self, data, i, score):
        add_scaled(self.correction, float(self.visits) * data.y[i], data.x[i])
        self.visits += 1
        return data.y[i]

    def on_correct(self, data, i):
        self.visits += 1

    def errors(self, data):
        if self.voted:
            return None  # the vote is not replayed
        mean = list(self.w)
        if self.visits:
            mean = [w - c / float(self.visits) for w, c in zip(self.w, self.correction)]
        return self.errors_of(mean, data, tie_mistake)


class Pocket(Online):
    def start(self, data, w):
        self.w = w
        self.pocket = list(w)
        self.pocket_errors = self.errors_of(w, data)
        self.run = 0
        self.pocket_run = 0

    def coefficient(self, data, i, score):
        self.run = 0
        return data.y[i]

    def on_correct(self, data, i):
        self.run += 1
        if self.run != self.pocket_run + 1:
            return
        e = self.errors_of(self.w, data)
        if e < self.pocket_errors:
            self.pocket = list(self.w)
            self.pocket_errors = e
            self.pocket_run = self.run

    def epoch(self, data, order):
        out = super().epoch(data, order)
        if out[2]:
            self.pocket = list(self.w)
            self.pocket_errors = 0
        return out

    def errors(self, data):
        return self.errors_of(self.pocket, data)


class Batch(Online):
    """One update per epoch from every sample the epoch's start misclassifies."""

    per_sample = False

    def epoch(self, data, order):
        g = [0.0] * len(self.w)
        m = 0
        for i in range(data.rows):
            if self.is_mistake(dot(self.w, data.x[i]), data.y[i]):
                add_scaled(g, data.y[i], data.x[i])
                m += 1
        if m == 0:
            return 0, 0, True
        eta, fm = self.params["eta"], float(m)
        for j in range(len(self.w)):
            self.w[j] += eta * g[j] / fm if self.params.get("normalize") else eta * g[j]
        return m, 1, False
