"""Positive semidefiniteness of a polynomial kernel's Gram matrix on the data (docs/verify.md,
"plab-audit", the kernel facts): exact LDL^T in Fraction up to EXACT_MAX_ROWS rows, an
outward-rounded floating Cholesky with a rigorous error bound up to FLOAT_MAX_ROWS.

The Gram matrix is exact in integers: every stored double, scale and coef0 is a dyadic
rational, so K(a,b) = (scale * a.b + coef0)^degree = N_ab^degree / 2^(degree*F) with integer
N_ab. Each entry is then rounded once to the nearest double (Python's int / int is correctly
rounded), so |K - G| <= u|G| + 2^-1075 entrywise."""

import math
from fractions import Fraction
from operator import mul

from .exact import scaled_ints, sqrt_bounds

EXACT_MAX_ROWS = 400  # exact LDL^T in Fraction: n^3/3 rational operations
FLOAT_MAX_ROWS = 1000  # floating Cholesky: n^3/6 multiply-adds, about 10 s at 1,000 rows
U = Fraction(1, 2**53)
TINY = Fraction(1, 2**1074)


def smallest_pivot(gram):
    """Exact LDL^T with symmetric pivoting: the first negative pivot, or None when PSD."""
    n = len(gram)
    a = [row[:] for row in gram]
    for k in range(n):
        p = max(range(k, n), key=lambda i: a[i][i])
        if a[p][p] < 0:
            return a[p][p]
        if a[p][p] == 0:
            if any(a[i][j] != 0 for i in range(k, n) for j in range(k, n)):
                # a zero diagonal with a non-zero off-diagonal entry is indefinite
                return Fraction(-1, 2**60)
            return None
        a[k], a[p] = a[p], a[k]
        for row in a:
            row[k], row[p] = row[p], row[k]
        piv = a[k][k]
        for i in range(k + 1, n):
            f = a[i][k] / piv
            if f:
                for j in range(k + 1, n):
                    a[i][j] -= f * a[k][j]
    return None


class IntegerGram:
    """K(a,b) = base(a,b)^degree / 2^(degree*F), base an integer."""

    def __init__(self, spec, rows):
        ints, e = scaled_ints([v for r in rows for v in r])
        e = -e
        width = len(rows[0])
        self.rows = [ints[i * width:(i + 1) * width] for i in range(len(rows))]
        (ms,), es = scaled_ints([float(spec["scale"])])
        (mc,), ec = scaled_ints([float(spec["coef0"])])
        es, ec = -es, -ec
        self.f = max(es + 2 * e, ec)
        self.ms, self.shift_s = ms, self.f - es - 2 * e
        self.mc = mc << (self.f - ec)
        self.degree = spec["degree"]
        self.den = 1 << (self.degree * self.f)

    def numerator(self, a, b):
        d = sum(map(mul, self.rows[a], self.rows[b]))
        return ((self.ms * d << self.shift_s) + self.mc) ** self.degree

    def nearest(self, a, b):
        return self.numerator(a, b) / self.den  # correctly rounded, OverflowError if too big


def _cholesky(b):
    """Floating Cholesky of b, rows of L below the diagonal and the diagonal; or the failing
    row's index with the rows factored so far."""
    n = len(b)
    low, diag = [], []
    for i in range(n):
        li, bi = [], b[i]
        for k in range(i):
            li.append((bi[k] - sum(map(mul, li, low[k]))) / diag[k])
        s = bi[i] - sum(map(mul, li, li))
        if not s > 0:
            return None, i, low, diag, li
        low.append(li)
        diag.append(math.sqrt(s))
    return (low, diag), n, None, None, None


def _sum_squares_up(values, count):
    """An upper bound on the exact sum of the squares of `values` (count of them)."""
    s = Fraction(math.fsum(v * v for v in values))
    return s * (1 + U) / (1 - U) + count * TINY


def _negative_direction(gram, i, low, diag, li):
    """x = [-L11^-T l; 1] from a failed pivot i; xᵀKx in exact integers, negative or not."""
    y = [0.0] * i
    for k in range(i - 1, -1, -1):
        s = li[k]
        for m in range(k + 1, i):
            s -= low[m][k] * y[m]
        y[k] = s / diag[k]
    x_int, _ = scaled_ints([-v for v in y] + [1.0])
    total = 0
    for a in range(i + 1):
        if x_int[a]:
            total += x_int[a] * sum(x_int[b] * gram.numerator(a, b) for b in range(i + 1)
                                    if x_int[b])
    return total < 0


def floating_check(spec, rows):
    """'' when K is proved positive definite, a reason when proved not PSD, None undecided."""
    n = len(rows)
    gram = IntegerGram(spec, rows)
    try:
        g = [[gram.nearest(a, b) for b in range(a + 1)] for a in range(n)]
        for a in range(n):
            g[a] += [g[b][a] for b in range(a + 1, n)]
    except OverflowError:
        return None
    gamma = Fraction(n + 1) * U / (1 - (n + 1) * U)
    frob = sqrt_bounds(_sum_squares_up((v for r in g for v in r), n * n))[1]
    e_frob = U * frob + n * TINY  # >= ||K - G||_F
    trace = math.fsum(g[i][i] for i in range(n))
    tau = float(2 * (gamma * Fraction(abs(trace)) * (1 + 4 * U) + e_frob))
    b = [r[:] for r in g]
    for i in range(n):
        b[i][i] = g[i][i] - tau
    done, fail, low, diag, li = _cholesky(b)
    if done is not None:
        r_frob2 = _sum_squares_up([v for r in done[0] for v in r] + done[1], n * n)
        lower = (Fraction(tau) - gamma * r_frob2 - 2 * U * max(abs(Fraction(b[i][i]))
                                                                for i in range(n)) - e_frob)
        return "" if lower > 0 else None
    if _negative_direction(gram, fail, low, diag, li):
        return (f"a direction x with xᵀKx < 0 in exact arithmetic (floating Cholesky of "
                f"{n} rows failed at row {fail})")
    return None
