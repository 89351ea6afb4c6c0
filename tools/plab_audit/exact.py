"""Exact arithmetic on doubles: every finite double is a rational, Fraction holds it exactly.

Square roots are bracketed by rationals (`sqrt_bounds`) so that a comparison with a
recorded double is decided exactly, never by rounding noise.
"""

from fractions import Fraction
from math import isqrt
from operator import mul

U = Fraction(1, 2**53)  # the unit roundoff of binary64


def F(x):
    return Fraction(x)


def scaled_ints(v):
    """(ints, e) with v[j] = ints[j] * 2**e exactly: a vector of doubles on one exponent."""
    ratios = [x.as_integer_ratio() for x in v]
    k = max((d.bit_length() - 1 for _, d in ratios), default=0)
    return [n << (k - d.bit_length() + 1) for n, d in ratios], -k


def scaled(n, e):
    return Fraction(n * 2**e) if e >= 0 else Fraction(n, 2**-e)


def int_dot(a, b):
    return sum(map(mul, a, b))


def dot(a, b):
    """The exact value of a·b (no rounding)."""
    ia, ea = scaled_ints(a)
    ib, eb = scaled_ints(b)
    return scaled(int_dot(ia, ib), ea + eb)


def norm2(a):
    ia, ea = scaled_ints(a)
    return scaled(int_dot(ia, ia), 2 * ea)


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
