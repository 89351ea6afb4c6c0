"""The linear unit's least-squares facts (docs/bounds.md, "The linear unit"), exactly.

E(w) = 1/2 ||y - X~w||^2 over the rows the learner sees. The least value E* is exact: with
A = X~^T X~ and b = X~^T y (integers once every double is put on one exponent),
E* = 1/2 (y.y - b.A+b), A+ the pseudo-inverse (for any solution w* of A w = b,
b.w* = b.A+b). E of any stored vector of doubles is exact in integers too.

plab's reference w^ (the manifest's theory/least_squares/w) comes from a rounded solve; on
nearly collinear columns many vectors are least-squares solutions to rounding, so w^ is not
compared with w*: it must reach the least value, E(w^) - E* <= OPTIMAL x (E* + 1), and
theory/least_squares/loss must be E(w^) to that tolerance too. A record's figures are then
exact functions of its weights w and w^, which plab evaluates in double:
  |ls_gap - (E(w) - E(w^))| <= ROUNDING x (E(w) + 1),
  |ls_distance - ||w - w^||| <= ROUNDING x (||w|| + ||w^|| + 1)."""

from fractions import Fraction

from .exact import int_dot, scaled_ints, sqrt_bounds
from .folder import vector

OPTIMAL = Fraction(1, 10**6)
ROUNDING = Fraction(1, 10**9)
MAX_CELLS = 2_000_000  # rows x columns^2: the normal equations' exact products


def _projected_norm(a, b):
    """b.A+b for a symmetric positive semidefinite integer matrix A and b in its range, by
    fraction-free (Bareiss) elimination of the bordered matrix [[A, b], [b^T, 0]] with
    diagonal pivots: after the pivots P, its corner is -det(A_PP) b_P.A_PP^-1 b_P, and
    a zero diagonal of a PSD Schur complement means a zero row (rank reached)."""
    d = len(a)
    m = [row[:] + [bv] for row, bv in zip(a, b)] + [list(b) + [0]]
    free, prev = set(range(d)), 1
    while free:
        p = max(free, key=lambda i: m[i][i])
        if m[p][p] == 0:
            break
        free.remove(p)
        rest = sorted(free) + [d]
        piv, row_p = m[p][p], m[p]
        for i in rest:
            row_i, f = m[i], m[i][p]
            for j in rest:
                row_i[j] = (piv * row_i[j] - f * row_p[j]) // prev
        prev = piv
    return Fraction(-m[d][d], prev)


class Solution:
    def __init__(self, data):
        ints, e = scaled_ints([v for r in data.x for v in r])
        d = data.cols
        self.rows = [ints[i * d:(i + 1) * d] for i in range(data.rows)]
        self.e = e
        self.y = [int(v) for v in data.y]
        a = [[sum(r[i] * r[j] for r in self.rows) for j in range(d)] for i in range(d)]
        b = [sum(r[i] * y for r, y in zip(self.rows, self.y)) for i in range(d)]
        # x~ = r 2^e: A = A_int 4^e, X~^T y = b_int 2^e, so the scales cancel in b.A+b
        self.least = (len(self.y) - _projected_norm(a, b)) / 2  # E*

    def error(self, w):
        """E(w) exactly for a vector of doubles."""
        iw, ew = scaled_ints(w)
        shift = -(self.e + ew)  # >= 0: scaled_ints never scales up
        total = 0
        for r, y in zip(self.rows, self.y):
            res = (y << shift) - int_dot(r, iw)
            total += res * res
        return Fraction(total, 2 << (2 * shift))

    def distance(self, w, ref):
        return sqrt_bounds(sum((Fraction(a) - Fraction(b)) ** 2 for a, b in zip(w, ref)))


def solve(data):
    """The exact solution, or None when the data is past the size limit or not binary."""
    if data.task != "binary" or data.rows * data.cols * data.cols > MAX_CELLS:
        return None
    return Solution(data)


def _norm_up(v):
    return sqrt_bounds(sum(Fraction(a) ** 2 for a in v))[1]


def check_record(rec, w, ref, sol, where, out):
    """A record's ls_gap and ls_distance against its weights w and plab's reference."""
    e = sol.error(w)
    gap = e - sol.error(ref)
    if abs(Fraction(rec["ls_gap"]) - gap) > ROUNDING * (e + 1):
        out.differ(where, "ls_gap", rec["ls_gap"], f"{float(gap)!r} (exact, within "
                   f"{float(ROUNDING)} x (E(w) + 1))")
    lo, hi = sol.distance(w, ref)
    slack = ROUNDING * (_norm_up(w) + _norm_up(ref) + 1)
    if not lo - slack <= Fraction(rec["ls_distance"]) <= hi + slack:
        out.differ(where, "ls_distance", rec["ls_distance"], f"{float(hi)!r} (exact, within "
                   f"{float(ROUNDING)} x (|w| + |w^| + 1))")
    out.count("least-squares gaps and distances")


def check_theory(ls, sol, cols, where, out):
    """The manifest's theory/least_squares {loss, w}: w a least-squares solution to OPTIMAL."""
    ref = vector(ls.get("w"))
    if ref is None or len(ref) != cols:
        out.differ(where, "theory/least_squares/w", ref, f"{cols} weights")
        return False
    e = sol.error(ref)
    if e - sol.least > OPTIMAL * (sol.least + 1):
        out.differ(where, "theory/least_squares/w", "E(w^) = " + repr(float(e)),
                   f"the least value {float(sol.least)!r} (within {float(OPTIMAL)} x (E* + 1))")
    if abs(Fraction(ls["loss"]) - e) > OPTIMAL * (e + 1):
        out.differ(where, "theory/least_squares/loss", ls["loss"], float(e))
    out.count("least-squares solutions")
    return True
