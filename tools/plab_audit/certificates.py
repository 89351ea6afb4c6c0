"""The oracle's certificates, re-checked exactly in rationals (docs/bounds.md).

Every stored claim is an inequality about the data as stored: a margin is at most the
stored vector's exact margin, a norm at least the exact norm, an upper bound at least the
exact hull point's norm. Each is decided exactly; the other side (a recorded value not
needlessly far from the exact one, which would let an edit hide) is allowed the rounding
error the engine's certification may add, and no more.
"""

from fractions import Fraction

from .exact import gamma, int_dot, norm2, scaled, scaled_ints, sqrt_bounds
from .folder import vector

SLACK = Fraction(1, 10**9)  # an allowance no rounding of a double computation exceeds here


def exact_R2(data):
    return max(norm2(x) for x in data.x)


def check_R(recorded, data, where, field, out):
    """R recorded must be >= the exact max ||x~|| and not more than rounding above it."""
    r2 = exact_R2(data)
    rec = Fraction(recorded)
    if rec * rec < r2 or rec * rec > r2 * (1 + Fraction(data.cols + 8, 2**50)):
        out.differ(where, field, recorded, float(sqrt_bounds(r2)[1]))
    out.count("R")


def point(data, t):
    """Hull point t (replay-spec.md §8): y_i x~_i, or a Kesler vector for multi-class data."""
    if data.task == "binary":
        return [Fraction(data.y[t]) * Fraction(v) for v in data.x[t]]
    k, d = data.classes, data.cols
    i = t // (k - 1)
    y = data.label[i]
    c = t % (k - 1)
    c += 1 if c >= y else 0
    z = [Fraction(0)] * (k * d)
    for j, v in enumerate(data.x[i]):
        z[y * d + j] = Fraction(v)
        z[c * d + j] = -Fraction(v)
    return z


def point_count(data):
    return data.rows if data.task == "binary" else data.rows * (data.classes - 1)


def margins(u, data):
    """Exact y_i u·x~_i per row (binary) or min over z != y of (u_y - u_z)·x~ (multi-class),
    and the magnitude sum that bounds a double evaluation's error."""
    d = data.cols
    rows = data.scaled_rows()
    parts = [scaled_ints(u[c * d:(c + 1) * d]) for c in range(len(u) // d)]
    out, mags = [], []
    for i, (xi, ex) in enumerate(rows):
        ax = [abs(v) for v in xi]
        s = [scaled(int_dot(ui, xi), eu + ex) for ui, eu in parts]
        m = [scaled(int_dot([abs(v) for v in ui], ax), eu + ex) for ui, eu in parts]
        if data.task == "binary":
            out.append(Fraction(data.y[i]) * s[0])
            mags.append(m[0])
        else:
            y = data.label[i]
            out.append(min(s[y] - s[z] for z in range(data.classes) if z != y))
            mags.append(2 * max(m))
    return out, mags


def check_reference(theory, data, where, out):
    """gamma, w_ref_norm, rho of the stored reference u, certified on the data."""
    u = vector(theory.get("reference"))
    if u is None:
        out.differ(where, "points/theory/reference", "missing", "a separator for separable: true")
        return None
    m, mags = margins(u, data)
    true_gamma = min(m)
    allowance = 4 * gamma(data.cols + 4) * max(mags)
    g = Fraction(theory["gamma"])
    if not (true_gamma - allowance <= g <= true_gamma) or g <= 0:
        out.differ(where, "theory/gamma", theory["gamma"], float(true_gamma))
    n2 = norm2(u)
    nrm = Fraction(theory["w_ref_norm"])
    if nrm * nrm < n2 or nrm * nrm > n2 * (1 + Fraction(len(u) + 8, 2**50)):
        out.differ(where, "theory/w_ref_norm", theory["w_ref_norm"], float(sqrt_bounds(n2)[1]))
    rho = Fraction(theory["rho"])
    # rho <= exact margin / ||u||, and rho close to gamma / w_ref_norm
    if rho > 0 and rho * rho * n2 > true_gamma * true_gamma or rho <= 0:
        out.differ(where, "theory/rho", theory["rho"], float(true_gamma / sqrt_bounds(n2)[0]))
    elif abs(rho - g / nrm) > SLACK * rho:
        out.differ(where, "theory/rho", theory["rho"], float(g / nrm))
    out.count("reference margins")
    return true_gamma


def check_rho_upper(theory, data, where, out):
    """rho_upper >= ||sum lambda z|| / sum lambda for the stored hull weights."""
    weights = theory.get("rho_upper_weights")
    if theory.get("rho_upper") is None:
        return
    if not weights:
        out.differ(where, "theory/rho_upper_weights", "missing", "the hull point behind rho_upper")
        return
    width = data.cols * (1 if data.task == "binary" else data.classes)
    p = [Fraction(0)] * width
    total = Fraction(0)
    z = []
    for j, lam in weights:
        lam = Fraction(lam)
        if lam < 0 or not 0 <= j < point_count(data):
            out.differ(where, "theory/rho_upper_weights", [j, float(lam)], "a convex weight")
            return
        total += lam
        z.append(point(data, j))
        for k in range(width):
            p[k] += lam * z[-1][k]
    if total <= 0:
        out.differ(where, "theory/rho_upper_weights", "sum 0", "positive weights")
        return
    n2 = norm2(p) / (total * total)
    up = Fraction(theory["rho_upper"])
    allowance = 4 * gamma(len(weights) + data.cols + 4) * Fraction(max(
        sum(abs(v) for v in zz) for zz in z))
    lo, hi = sqrt_bounds(n2)
    if up < lo or up > hi + allowance + SLACK * hi:
        out.differ(where, "theory/rho_upper", theory["rho_upper"], float(hi))
    if theory.get("rho") is not None and Fraction(theory["rho"]) > up:
        out.differ(where, "theory/rho_upper", theory["rho_upper"],
                   f"at least rho = {theory['rho']}")
    out.count("rho_upper hull points")
