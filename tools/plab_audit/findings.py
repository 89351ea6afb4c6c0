"""What an audit found: differences (exit 1), what it could not check, and refusals (exit 2)."""


class CannotAudit(Exception):
    """The folder cannot be audited at all (exit 2); the message says what and where."""


class Findings:
    def __init__(self):
        self.differences = []  # (where, field, recorded, recomputed)
        self.not_checked = []  # sentences
        self.checked = {}  # what was recomputed: name -> count

    def differ(self, where, field, recorded, recomputed):
        self.differences.append((where, field, recorded, recomputed))

    def skip(self, what):
        if what not in self.not_checked:
            self.not_checked.append(what)

    def count(self, what, n=1):
        self.checked[what] = self.checked.get(what, 0) + n
