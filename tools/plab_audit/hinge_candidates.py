"""The hinge candidates v of docs/bounds.md ("Past separability"), re-certified exactly:
||v|| and ||h_1(v)|| = sqrt(sum_i max(0, 1 - y_i v·x~_i)^2) (Kesler: the smallest difference)."""

from fractions import Fraction

from .certificates import margins
from .exact import gamma, norm2, sqrt_bounds
from .folder import vector


def hinges(v, data):
    """Exact h_i(v) and the allowance the engine's certified values may add to each."""
    m, mags = margins(v, data)
    g = gamma(data.cols + 4)
    h = [max(Fraction(0), 1 - mi) for mi in m]
    allow = [g * mg + 4 * Fraction(1, 2**53) * (1 + abs(mi)) for mi, mg in zip(m, mags)]
    return h, allow


def certify(candidates, data, where, out):
    """The exact norms of each candidate: [(v_norm^2, hinge^2, h, allow)], differences named."""
    result = []
    for k, c in enumerate(candidates):
        v = vector(c.get("v"))
        if v is None or len(v) not in (data.cols, data.cols * data.classes):
            out.differ(where, f"theory/hinge_candidates/{k}/v", "wrong length", data.cols)
            result.append(None)
            continue
        n2 = norm2(v)
        h, allow = hinges(v, data)
        h2 = sum(x * x for x in h)
        h2_up = sum((x + a) ** 2 for x, a in zip(h, allow))
        vn, hn = Fraction(c["v_norm"]), Fraction(c["hinge_norm"])
        if vn * vn < n2 or vn * vn > n2 * (1 + Fraction(len(v) + 8, 2**50)):
            out.differ(where, f"theory/hinge_candidates/{k}/v_norm", c["v_norm"],
                       float(sqrt_bounds(n2)[1]))
        hi = sqrt_bounds(h2_up)[1]
        if hn * hn < h2 or hn > hi * (1 + Fraction(1, 10**9)) + Fraction(1, 2**60):
            out.differ(where, f"theory/hinge_candidates/{k}/hinge_norm", c["hinge_norm"],
                       float(sqrt_bounds(h2)[1]))
        result.append((n2, h2, h, allow, v))
        out.count("hinge candidates")
    return result
