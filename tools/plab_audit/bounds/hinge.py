"""The hinge forms past separability (docs/bounds.md, "Past separability").

With f the squared step per event over R^2, a = ||w0||/eta, c' = v·w0/eta and
E = ||v|| a - c' (0 from zero), for each certified candidate v:

    hinge_sequence(_init):  B = sqrt(f) R ||v|| + sqrt(T) ||h_1(v)||,  k <= ((B + sqrt(B^2 + 4E))/2)^2
    hinge_rounds(_init):    B = sqrt(f) R ||v||,  L = sum_i m_i h_i(v),
                            k <= ((B + sqrt(B^2 + 4(L + E)))/2)^2

T = the run's epochs, m_i its per-sample counts. The record holds the smallest over the
candidates, for the one it names."""

from fractions import Fraction

from ..exact import dot
from .common import HIGH, LOW, check_verdict, sqrt

COVERED = ("novikoff", "kesler", "margin_perceptron", "batch_sum")


def f_factor(form, R, rows, eta, tau):
    if form == "kesler":
        return Fraction(2)
    if form == "batch_sum":
        return Fraction(rows)
    if form == "margin_perceptron":
        return 1 + 2 * Fraction(tau) / (Fraction(eta) * Fraction(R) ** 2)
    return Fraction(1)


def _E(cand, w0, eta):
    if all(x == 0 for x in w0):
        return Fraction(0)
    a = sqrt(sum(Fraction(x) ** 2 for x in w0)) / Fraction(eta)
    return Fraction(cand["v_norm"]) * a - dot(cand["v"], w0) / Fraction(eta)


def _solve(B, extra):
    return ((B + sqrt(B * B + 4 * max(extra, Fraction(0)))) / 2) ** 2


def sequence_values(cands, f, R, T, w0, eta):
    out = []
    for c in cands:
        B = sqrt(f) * Fraction(R) * Fraction(c["v_norm"]) + sqrt(T) * Fraction(c["hinge_norm"])
        out.append(_solve(B, _E(c, w0, eta)))
    return out


def check_sequence(rec, cands, f, w0, eta, count, where, out):
    zero = all(x == 0 for x in w0)
    kind = "hinge_sequence" if zero else "hinge_sequence_init"
    if rec["nonsep_bound_kind"] != kind:
        out.differ(where, "nonsep_bound_kind", rec["nonsep_bound_kind"], kind)
        return
    values = sequence_values(cands, f, rec["R"], rec["epochs"], w0, eta)
    k = rec["nonsep_candidate"]
    if not isinstance(k, int) or not 0 <= k < len(cands):
        out.differ(where, "nonsep_candidate", k, f"an index below {len(cands)}")
        return
    got = Fraction(rec["nonsep_bound"])
    if got < values[k] * LOW or got > min(values) * HIGH:
        out.differ(where, "nonsep_bound", rec["nonsep_bound"], float(min(values)))
    for field, key in (("nonsep_C", "C"), ("nonsep_v_norm", "v_norm"),
                       ("nonsep_hinge_norm", "hinge_norm")):
        if rec[field] != cands[k][key]:
            out.differ(where, field, rec[field], cands[k][key])
    check_verdict(rec, "nonsep_bound", "nonsep_ratio", "nonsep_bound_holds", count, where, out)


def check_rounds(rec, cands, exact, f, w0, eta, counts, where, out):
    zero = all(x == 0 for x in w0)
    kind = "hinge_rounds" if zero else "hinge_rounds_init"
    if rec["nonsep_rounds_kind"] != kind:
        out.differ(where, "nonsep_rounds_kind", rec["nonsep_rounds_kind"], kind)
        return
    k = rec["nonsep_rounds_candidate"]
    if not isinstance(k, int) or not 0 <= k < len(cands) or exact[k] is None:
        out.differ(where, "nonsep_rounds_candidate", k, f"an index below {len(cands)}")
        return
    _, _, h, allow, _ = exact[k]
    L = sum((m * hi for m, hi in zip(counts, h)), Fraction(0))
    L_up = sum((m * (hi + a) for m, hi, a in zip(counts, h, allow)), Fraction(0))
    got_L = Fraction(rec["nonsep_rounds_L"])
    if got_L < L or got_L > L_up * HIGH + Fraction(1, 2**60):
        out.differ(where, "nonsep_rounds_L", rec["nonsep_rounds_L"], float(L))
    B = sqrt(f) * Fraction(rec["R"]) * Fraction(cands[k]["v_norm"])
    value = _solve(B, got_L + _E(cands[k], w0, eta))
    got = Fraction(rec["nonsep_rounds_bound"])
    if got < value * LOW or got > value * HIGH:
        out.differ(where, "nonsep_rounds_bound", rec["nonsep_rounds_bound"], float(value))
    count = sum(counts)
    check_verdict(rec, "nonsep_rounds_bound", "nonsep_rounds_ratio", "nonsep_rounds_holds",
                  count, where, out)
