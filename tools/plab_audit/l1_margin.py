"""Winnow's l1-margin gamma_1 = min_i y_i u·x~_i / ||u||_1 of the stored comparator, and R_inf
(docs/bounds.md, "Winnow"), re-certified exactly."""

from fractions import Fraction

from .certificates import margins
from .exact import gamma
from .folder import vector


def r_inf(data):
    return max(abs(v) for x in data.x for v in x)


def check(l1, variant, data, where, out):
    """The certified gamma_1 (a Fraction) of this variant, or None."""
    if l1.get("R_inf") != r_inf(data):
        out.differ(where, f"theory/l1_margin/{variant}/R_inf", l1.get("R_inf"), r_inf(data))
    if not l1.get("certified"):
        return None
    u = vector(l1.get("u"))
    if u is None or len(u) != data.cols:
        out.differ(where, f"theory/l1_margin/{variant}/u", "missing", "the comparator")
        return None
    if variant == "plain" and any(v < 0 for v in u):
        out.differ(where, f"theory/l1_margin/{variant}/u", "a negative entry", "u >= 0")
        return None
    m, mags = margins(u, data)
    l1norm = sum(abs(Fraction(v)) for v in u)
    true = min(m) / l1norm
    allowance = 4 * gamma(data.cols + 4) * max(mags) / l1norm + true * Fraction(data.cols + 8,
                                                                               2**50)
    g = Fraction(l1["gamma1"])
    if not (true - allowance <= g <= true) or g <= 0:
        out.differ(where, f"theory/l1_margin/{variant}/gamma1", l1["gamma1"], float(true))
    out.count("l1 margins")
    return g
