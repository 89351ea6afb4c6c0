"""winnow: mistakes <= ln N / (eta gamma_1 - ln cosh(eta R_inf)) when the denominator is
positive (docs/bounds.md, "Winnow"); evaluated in 50-digit decimals."""

import decimal
from fractions import Fraction

from .common import check_value


def value(n, eta, gamma1, r_inf):
    """The bound, or None when eta gamma_1 <= ln cosh(eta R_inf)."""
    with decimal.localcontext() as ctx:
        ctx.prec = 50
        D = decimal.Decimal
        x = D(eta) * D(r_inf)
        lncosh = ((x.exp() + (-x).exp()) / 2).ln()
        den = D(eta) * D(gamma1) - lncosh
        if den <= 0:
            return None
        return Fraction(D(n).ln() / den)


def check(rec, decl, rows_cols, where, out):
    if rec["bound_kind"] != "winnow":
        out.differ(where, "bound_kind", rec["bound_kind"], "winnow")
        return
    n = rows_cols * (2 if decl.get("balanced") else 1)
    if rec["winnow_weights"] != n:
        out.differ(where, "winnow_weights", rec["winnow_weights"], n)
    if rec["gamma1"] is None:
        if rec["bound_applies"]:
            out.differ(where, "bound_applies", True, "false: no certified gamma1")
        return
    v = value(n, decl["step_scale"], rec["gamma1"], rec["R_inf"])
    if v is None:
        if rec["bound_applies"] or rec["bound"] is not None:
            out.differ(where, "bound", rec["bound"], "null: the denominator is not positive")
        return
    check_value(rec, "bound", v, where, out)
