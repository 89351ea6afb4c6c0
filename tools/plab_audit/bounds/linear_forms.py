"""The one form of docs/bounds.md for novikoff, batch_averaged, batch_sum, kesler and
margin_perceptron: after k counted events, with a = ||w0||/eta and c = u^·w0/eta,

    k <= k+ = [Re2 - 2 rho c + sqrt((Re2 - 2 rho c)^2 + 4 rho^2 (a^2 - c^2))] / (2 rho^2)
    clean   = Re2/rho^2 + 2a/rho,       plain = Re2/rho^2 (w0 = 0: the bound itself),

Re2 = R^2 (novikoff, batch_averaged), n R^2 (batch_sum), 2 R^2 (kesler),
R^2 + 2 tau/eta (margin_perceptron)."""

from fractions import Fraction

from .common import check_value, init_terms, sqrt

FORMS = ("novikoff", "batch_averaged", "batch_sum", "kesler", "margin_perceptron")


def step_square(form, R, rows, eta, tau):
    r2 = Fraction(R) ** 2
    if form == "batch_sum":
        return rows * r2
    if form == "kesler":
        return 2 * r2
    if form == "margin_perceptron":
        return r2 + 2 * Fraction(tau) / Fraction(eta)
    return r2


def check(rec, form, decl, reference, w0, rows, where, out):
    rho = Fraction(rec["rho"])
    re2 = step_square(form, rec["R"], rows, decl["step_scale"], decl.get("threshold", 0))
    plain = re2 / rho**2
    zero = all(v == 0 for v in w0)
    kind = form if zero else form + "_init"
    if rec["bound_kind"] != kind:
        out.differ(where, "bound_kind", rec["bound_kind"], kind)
        return
    if zero:
        check_value(rec, "bound", plain, where, out)
        return
    a, c = init_terms(w0, reference, decl["step_scale"])
    t = re2 - 2 * rho * c
    k = (t + sqrt(t * t + 4 * rho**2 * (a * a - c * c))) / (2 * rho**2)
    check_value(rec, "bound", k, where, out)
    check_value(rec, "bound_clean", plain + 2 * a / rho, where, out)
    check_value(rec, "plain_bound", plain, where, out)
    count = rec[rec["bound_on"]]
    if count is not None and rec["plain_bound"] is not None and \
            rec["plain_bound_holds"] is not (count <= Fraction(rec["plain_bound"])):
        out.differ(where, "plain_bound_holds", rec["plain_bound_holds"],
                   count <= Fraction(rec["plain_bound"]))
