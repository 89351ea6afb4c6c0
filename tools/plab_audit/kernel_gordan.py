"""The `monomial_gordan` proof that data is not separable in a kernel's feature space
(docs/bounds.md, "Not separable in the feature space").

For K(a,b) = (s*a.b + c)^p, with t = s + c and a' the row without its leading 1 when every
row starts with 1 (then a.b = 1 + a'.b'), or t = c and a' the whole row otherwise:
K(a,b) = (t + s*a'.b')^p = sum over the monomials m of degree exactly p in (a', 1) of
positive constants times m(a', 1) m(b', 1) (multinomial theorem; the coordinate 1 is
dropped when t = 0). Positive scales of coordinates do not move the origin in or out of a
hull, so 0 is in conv{y_i phi(x_i)} exactly when some lambda >= 0, not all 0, has
sum lambda_i y_i m(x_i) = 0 for every monomial m. The recorded weights name the rows; the
exact combination is found by the same elimination as the linear certificate (gordan.py),
in exact rationals, near the recorded weights."""

from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from .gordan import exact_combination

MAX_VALUES = 2**21  # rows x monomials, as the engine's own limit


def feature_rows(spec, rows):
    """The monomial coordinates of each row, or (None, why) when no proof can exist here."""
    if spec.get("kind") == "linear":
        degree, s, c = 1, Fraction(1), Fraction(0)
    elif spec.get("kind") == "polynomial":
        degree, s, c = spec["degree"], Fraction(spec["scale"]), Fraction(spec["coef0"])
    else:
        return None, "an rbf kernel has no finite monomial map"
    if s <= 0:
        return None, "a kernel scale that is not positive"
    leading_one = all(r and r[0] == 1.0 for r in rows)
    t = s + c if leading_one else c
    if t < 0:
        return None, "scale + coef0 < 0: the kernel is not positive semidefinite"
    base = [[Fraction(v) for v in (r[1:] if leading_one else r)] for r in rows]
    if t > 0:
        base = [b + [Fraction(1)] for b in base]
    width = len(base[0]) if base else 0
    if comb(width + degree - 1, degree) * len(rows) > MAX_VALUES:
        return None, f"more than {MAX_VALUES} monomial values"
    monomials = list(combinations_with_replacement(range(width), degree))
    return [[prod((b[j] for j in m), start=Fraction(1)) for m in monomials] for b in base], ""


def check(kt, spec, data, where, out):
    """Re-checks a monomial_gordan proof; True when it holds."""
    weights = kt.get("weights") or []
    idx = [int(j) for j, _ in weights]
    if not idx or len(set(idx)) != len(idx) or any(not 0 <= j < data.rows for j in idx):
        out.differ(where, "kernel_theory/weights", kt.get("weights"), "distinct rows")
        return False
    feats, why = feature_rows(spec, [data.x[j] for j in idx])
    if feats is None:
        if why.startswith("more than"):
            out.skip(f"monomial_gordan proofs over {why}")
            return True
        out.differ(where, "kernel_theory/method", "monomial_gordan", f"no such proof: {why}")
        return False
    columns = [[Fraction(data.y[j]) * v for v in f] for j, f in zip(idx, feats)]
    v = exact_combination(columns, [Fraction(w) for _, w in weights])
    if v is None:
        out.differ(where, "kernel_theory/weights", kt.get("weights"),
                   "no exact vanishing combination in the kernel's monomial coordinates")
        return False
    total = sum(v)
    for (j, w), x in zip(weights, v):
        if abs(Fraction(w) - x / total) > Fraction(1, 10**9):
            out.differ(where, "kernel_theory/weights", [j, w], float(x / total))
            return False
    out.count("monomial_gordan proofs")
    return True
