"""The kernel perceptron's feature-space facts (docs/bounds.md, "The kernel perceptron"),
re-checked from the stored convex weights with exact kernel values, and the Gram matrix's
positive semidefiniteness, without which no feature space and no margin exist."""

import decimal
from fractions import Fraction

from . import kernel_gordan, psd
from .exact import dot, scaled_ints, sqrt_bounds


def exact_kernel(spec):
    """K on the stored doubles, as an exact rational (rbf to 40 digits)."""
    kind = spec.get("kind")
    if kind == "linear":
        return dot
    if kind == "polynomial":
        scale, coef0, degree = Fraction(spec["scale"]), Fraction(spec["coef0"]), spec["degree"]
        return lambda a, b: (scale * dot(a, b) + coef0) ** degree
    gamma = decimal.Decimal(spec["gamma"])

    def rbf(a, b):
        s = sum((Fraction(x) - Fraction(y)) ** 2 for x, y in zip(a, b))
        with decimal.localcontext() as ctx:
            ctx.prec = 40
            e = (-gamma * decimal.Decimal(s.numerator) / decimal.Decimal(s.denominator)).exp()
        return Fraction(e)
    return rbf


def not_psd(spec, data):
    """A reason the kernel is not PSD on the data, '' when it is, None when not checked."""
    if spec.get("kind") != "polynomial":
        return ""  # linear: a Gram matrix; rbf: positive definite on distinct rows
    t = Fraction(spec["scale"]) + Fraction(spec["coef0"])
    if t >= 0:
        return ""  # (s x.x' + t)^p with t >= 0 has positive coefficients on monomials
    if data.rows > psd.FLOAT_MAX_ROWS:
        return None
    if data.rows > psd.EXACT_MAX_ROWS:
        return psd.floating_check(spec, data.x)  # '' only when proved positive definite
    K = exact_kernel(spec)
    gram = [[K(data.x[i], data.x[j]) for j in range(data.rows)] for i in range(data.rows)]
    p = psd.smallest_pivot(gram)
    return "" if p is None else f"a negative pivot {float(p):.6g} of the exact Gram matrix"


def _weighted_scores(spec, data, weights, K):
    """q_i = sum_j lam_j y_i y_j K(x_j, x_i) exactly; in integers for polynomial kernels."""
    y = data.y
    if spec.get("kind") == "rbf":
        return [sum((lam * Fraction(y[i] * y[j]) * K(data.x[j], data.x[i])
                     for j, lam in weights), Fraction(0)) for i in range(data.rows)]
    gram = psd.IntegerGram(spec, data.x)
    lam, e = scaled_ints([float(v) for _, v in weights])  # lam_j = lam[j] 2^e
    unit = Fraction(2**e if e >= 0 else 1, gram.den * (2**-e if e < 0 else 1))
    signed = [(j, int(y[j]) * l) for (j, _), l in zip(weights, lam) if l]
    return [unit * int(y[i]) * sum(l * gram.numerator(j, i) for j, l in signed)
            for i in range(data.rows)]


def check(kt, spec, data, where, out):
    """Re-checks one learner's kernel_theory; returns the verified (R, rho) or None."""
    K = exact_kernel(spec)
    r2 = max(K(x, x) for x in data.x)
    rec = Fraction(kt["R"])
    if rec * rec < r2 * (1 - Fraction(1, 10**30)) or rec * rec > r2 * (1 + Fraction(1, 10**9)):
        out.differ(where, "kernel_theory/R", kt["R"], float(sqrt_bounds(r2)[1]))
    reason = not_psd(spec, data)
    if reason == "" and spec.get("kind") == "polynomial" and data.rows > psd.EXACT_MAX_ROWS \
            and Fraction(spec["scale"]) + Fraction(spec["coef0"]) < 0:
        out.count("Gram matrices proved positive definite by the floating Cholesky")
    if reason is None:
        out.skip("positive semidefiniteness of a polynomial kernel with scale + coef0 < 0 on "
                 f"more than {psd.EXACT_MAX_ROWS} rows where the floating Cholesky (up to "
                 f"{psd.FLOAT_MAX_ROWS} rows) decides nothing, or on more than "
                 f"{psd.FLOAT_MAX_ROWS} rows")
    elif reason and kt.get("separable") is not None:
        out.differ(where, "kernel_theory/separable", kt.get("separable"),
                   f"null: the kernel is not positive semidefinite on the data ({reason})")
        return None
    if kt.get("separable") is False:
        if kt.get("method") == "monomial_gordan":
            kernel_gordan.check(kt, spec, data, where, out)
            return None
        pair = kt.get("conflict") or []
        if len(pair) != 2 or data.x[pair[0]] != data.x[pair[1]] or \
                data.y[pair[0]] == data.y[pair[1]]:
            out.differ(where, "kernel_theory/conflict", pair, "equal rows with opposite labels")
        return None
    if kt.get("separable") is not True:
        return None
    weights = [(int(j), Fraction(lam)) for j, lam in kt.get("weights") or []]
    if not weights or any(lam < 0 or not 0 <= j < data.rows for j, lam in weights):
        out.differ(where, "kernel_theory/weights", kt.get("weights"), "convex weights over rows")
        return None
    q = _weighted_scores(spec, data, weights, K)
    g = min(q)
    vv = sum((lam * q[j] for j, lam in weights), Fraction(0))
    total = sum(lam for _, lam in weights)
    rho, up = Fraction(kt["rho"]), Fraction(kt["rho_upper"])
    if g <= 0 or rho <= 0 or rho * rho * vv > g * g:
        out.differ(where, "kernel_theory/rho", kt["rho"], float(g / sqrt_bounds(vv)[1]))
    if up * up * total * total < vv:
        out.differ(where, "kernel_theory/rho_upper", kt["rho_upper"],
                   float(sqrt_bounds(vv)[1] / total))
    out.count("kernel margin brackets")
    return rec, rho
