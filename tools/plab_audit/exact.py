"""Exact arithmetic on doubles: every finite double is a rational, Fraction holds it exactly.

Square roots are bracketed by rationals (`sqrt_bounds`) so that a comparison with a
recorded double is decided exactly, never by rounding noise.
"""

from fractions import Fraction
from math import isqrt

U = Fraction(1, 2**53)  # the unit roundoff of binary64


def F(x):
    return Fraction(x)


def dot(a, b):
    """The exact value of a·b (no rounding)."""
    return sum((Fraction(x) * Fraction(y) for x, y in zip(a, b) if x and y), Fraction(0))


def norm2(a):
    return sum((Fraction(x) ** 2 for x in a if x), Fraction(0))


def sqrt_bounds(q, bits=80):
    """(lo, hi) rationals with lo <= sqrt(q) <= hi, hi - lo about 2^-bits relative."""
    if q <= 0:
        return Fraction(0), Fraction(0)
    scale = 1
    num, den = q.numerator, q.denominator
    # sqrt(num/den) = sqrt(num*den)/den; scale by 4^bits for precision
    n = num * den * (4**bits)
    r = isqrt(n)
    lo = Fraction(r, den * 2**bits)
    hi = Fraction(r + 1, den * 2**bits) if r * r != n else lo
    return lo * scale, hi * scale


def at_least_sqrt(x, q):
    """x >= sqrt(q) exactly, for a double x and a rational q >= 0."""
    x = Fraction(x)
    return x >= 0 and x * x >= q


def at_most_sqrt(x, q):
    """x <= sqrt(q) exactly."""
    x = Fraction(x)
    return x <= 0 or x * x <= q


def gamma(n):
    """Higham's gamma_n = n u / (1 - n u), exactly."""
    return n * U / (1 - n * U)


def close(recorded, value, rel):
    """recorded within a relative `rel` of the rational `value` (both sides)."""
    r = Fraction(recorded)
    return abs(r - value) <= rel * abs(value)


def as_float_text(q):
    return repr(float(q)) if not isinstance(q, str) else q
