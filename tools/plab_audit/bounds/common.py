"""What every bound form shares: the init terms a and c, and the verdict fields."""

from fractions import Fraction

from ..exact import dot, norm2, sqrt_bounds

LOW = 1 - Fraction(1, 2**60)  # a recorded bound may sit this close below the exact value
HIGH = 1 + Fraction(1, 10**9)  # and no further above it than the engine's rounding up


def sqrt(q):
    """sqrt(q) to about 80 bits, as a rational (its error is far below LOW's)."""
    return sqrt_bounds(Fraction(q))[1]


def init_terms(w0, direction, eta):
    """a = ||w0|| / eta and c = (direction/||direction||)·w0 / eta, exactly up to sqrt."""
    eta = Fraction(eta)
    a = sqrt(norm2(w0)) / eta
    c = dot(direction, w0) / sqrt(norm2(direction)) / eta if direction is not None else None
    return a, c


def check_value(rec, field, value, where, out):
    """recorded `field` must be the exact value rounded up, within the engine's allowance."""
    got = rec[field]
    if got is None:
        out.differ(where, field, None, float(value))
        return False
    if not (value * LOW <= Fraction(got) <= value * HIGH + Fraction(1, 2**80)):
        out.differ(where, field, got, float(value))
        return False
    return True


def check_verdict(rec, bound_field, ratio_field, holds_field, count, where, out):
    """ratio = count / bound and holds = count <= bound, exactly (no relative slack)."""
    bound = rec[bound_field]
    if bound is None:
        return
    b = Fraction(bound)
    holds = count <= b
    if rec[holds_field] is not holds:
        out.differ(where, holds_field, rec[holds_field], holds)
    if ratio_field and rec[ratio_field] is not None and b > 0:
        if abs(Fraction(rec[ratio_field]) - count / b) > Fraction(1, 10**12) * (count / b) + \
                Fraction(1, 2**1000):
            out.differ(where, ratio_field, rec[ratio_field], float(count / b))
    if not holds:
        out.differ(where, rec["bound_on"] if bound_field == "bound" else "mistakes",
                   count, f"<= {bound_field} {bound} (a violated bound)")
