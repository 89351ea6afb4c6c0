"""The exact non-separability certificate (docs/bounds.md, "Not separable is proved exactly").

The stored weights name points z_i = y_i x~_i; the certificate holds when some lambda >= 0,
not all zero, has sum lambda_i z_i = 0 exactly. Found here by exact Gaussian elimination
on the named points, the free unknowns set to the stored weights; then checked directly.
"""

from fractions import Fraction

from .certificates import point, point_count


def exact_combination(columns, weights):
    """v >= 0, v != 0 with sum v_k columns[k] = 0 exactly, near `weights`; or None."""
    rows = len(columns[0])
    s = len(columns)
    m = [[columns[k][r] for k in range(s)] for r in range(rows)]
    pivots = []
    r = 0
    for c in range(s):
        p = next((i for i in range(r, rows) if m[i][c] != 0), None)
        if p is None:
            continue
        m[r], m[p] = m[p], m[r]
        inv = 1 / m[r][c]
        m[r] = [v * inv for v in m[r]]
        for i in range(rows):
            if i != r and m[i][c] != 0:
                f = m[i][c]
                m[i] = [a - f * b for a, b in zip(m[i], m[r])]
        pivots.append(c)
        r += 1
        if r == rows:
            break
    v = [Fraction(w) for w in weights]
    for i, c in enumerate(pivots):
        v[c] = -sum((m[i][k] * v[k] for k in range(s) if k not in pivots), Fraction(0))
    if any(x < 0 for x in v) or all(x == 0 for x in v):
        return None
    for rr in range(rows):
        if sum((columns[k][rr] * v[k] for k in range(s)), Fraction(0)) != 0:
            return None
    return v


def check_certificate(theory, data, where, out):
    cert = theory.get("non_separability_certificate")
    if cert is None:
        out.differ(where, "theory/non_separability_certificate", "missing",
                   "a certificate for separable: false")
        return
    weights = cert.get("weights") or []
    idx = [int(j) for j, _ in weights]
    if any(not 0 <= j < point_count(data) for j in idx) or len(set(idx)) != len(idx):
        out.differ(where, "theory/non_separability_certificate/weights", idx, "distinct rows")
        return
    columns = [point(data, j) for j in idx]
    v = exact_combination(columns, [w for _, w in weights]) if columns else None
    if v is None:
        out.differ(where, "theory/non_separability_certificate", "weights",
                   "no exact vanishing convex combination of the named points")
        return
    total = sum(v)
    for (j, w), x in zip(weights, v):
        if abs(Fraction(w) - x / total) > Fraction(1, 10**9):
            out.differ(where, "theory/non_separability_certificate/weights", [j, w],
                       float(x / total))
            return
    if cert.get("points") != len(weights):
        out.differ(where, "theory/non_separability_certificate/points", cert.get("points"),
                   len(weights))
    out.count("exact non-separability certificates")
