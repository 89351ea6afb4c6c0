"""kernel_novikoff: from alpha = 0, mistakes <= (R_K / rho_K)^2 (docs/bounds.md), with R_K and
rho_K the feature-space figures re-checked by kernel_theory.py."""

from fractions import Fraction

from .common import check_value


def check(rec, zero_start, where, out):
    if not zero_start:
        if rec["bound_kind"] != "kernel_novikoff_init" or rec["bound_applies"]:
            out.differ(where, "bound_kind", rec["bound_kind"], "kernel_novikoff_init, not applied")
        return
    if rec["bound_kind"] != "kernel_novikoff":
        out.differ(where, "bound_kind", rec["bound_kind"], "kernel_novikoff")
        return
    if rec["kernel_rho"] is None:
        return
    value = (Fraction(rec["kernel_R"]) / Fraction(rec["kernel_rho"])) ** 2
    check_value(rec, "bound", value, where, out)
