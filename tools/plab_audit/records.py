"""Per record: consistency with its config and point, its bounds, and its replay."""

import math
from fractions import Fraction

from . import least_squares, plugins
from .bounds import hinge, kernel_novikoff, linear_forms, winnow
from .bounds.common import check_verdict
from .folder import vector
from .replay.protocol import LEARNERS, initial_weights, replay

REPLAY_LIMIT = 2_000_000  # multiply-adds: rows x epochs x width (x rows for scans, kernels)
THEORY_FIELDS = ("R", "separable", "gamma", "w_ref_norm", "rho", "rho_upper")


def visits(rec, plugin, rows, cols, protocol):
    epochs = rec["epochs"] or 0
    v = rows * epochs * cols
    if protocol.get("order") in ("random_mistake", "worst_mistake") or plugin == "kernel_perceptron":
        v *= rows
    return v


def check_record(folder, rec, p, out, limit):
    where = folder.where(rec)
    cfg = p.config
    name = rec["learner"]
    if name not in p.learners:
        out.differ(where, "learner", name, list(p.learners))
        return
    m, c = p.learners[name]
    plugin = c.get("plugin")
    if rec["plugin"] != plugin:
        out.differ(where, "plugin", rec["plugin"], plugin)
    if rec["params"] != (p.entry.get("params") or {}):
        out.differ(where, "params", rec["params"], p.entry.get("params"))
    for field in THEORY_FIELDS:
        if rec[field] != p.theory.get(field):
            out.differ(where, field, rec[field], p.theory.get(field))
    protocol = cfg.get("protocol") or {}
    status = rec["status"]
    if rec["converged"] is not (status == "converged"):
        out.differ(where, "converged", rec["converged"], status == "converged")
    rows = p.data.rows
    if protocol.get("kind") == "holdout":
        rows = None  # the training part's size is the split's
    max_epochs = int(protocol.get("max_epochs", 1000))
    mistake_driven = protocol.get("order") in ("random_mistake", "worst_mistake")
    if status != "failed" and rec["epochs"] is not None:
        if rec["epochs"] > max_epochs or rec["epochs"] < 1:
            out.differ(where, "epochs", rec["epochs"], f"1 .. max_epochs {max_epochs}")
        if status == "not_converged" and not mistake_driven and rec["epochs"] != max_epochs:
            out.differ(where, "status", status, f"converged or failed before max_epochs "
                       f"{max_epochs} (epochs {rec['epochs']})")
        if mistake_driven and rows:
            steps = rec["steps"]
            if steps is None or rec["epochs"] != (steps + rows - 1) // rows or \
                    steps > max_epochs * rows or \
                    (status == "not_converged" and steps != max_epochs * rows):
                out.differ(where, "steps", steps, f"consistent with epochs {rec['epochs']}, "
                           f"status {status} and max_epochs {max_epochs} x {rows} rows")
    sm = rec["sample_mistakes"]
    if sm is not None:
        if sum(sm) != rec["updates"]:
            out.differ(where, "sample_mistakes", f"sum {sum(sm)}", f"updates {rec['updates']}")
        if rows is not None and len(sm) != rows:
            out.differ(where, "sample_mistakes", f"{len(sm)} counts", f"{rows} rows")
    if protocol.get("record_sample_mistakes") and status != "failed" and sm is None and \
            plugin in LEARNERS and plugin != "batch_perceptron" and \
            not (plugin == "linear_unit_sgd" and (m.get("params") or {}).get("mode") == "batch"):
        out.differ(where, "sample_mistakes", None, "per-sample counts (record_sample_mistakes)")
    if plugin in ("perceptron", "eta_perceptron", "margin_perceptron", "pocket_perceptron",
                  "averaged_perceptron", "multiclass_perceptron", "kernel_perceptron",
                  "winnow") and rec["mistakes"] != rec["updates"]:
        out.differ(where, "updates", rec["updates"], f"mistakes {rec['mistakes']}")
    size = m.get("weights")
    w0 = initial_weights(cfg.get("init") or {}, cfg.get("seed", 0), p.entry.get("index", 0),
                         rec["repeat"], size or 0)
    if status != "failed" and rec["w0_norm"] is not None:
        n = math.sqrt(sum(Fraction(v) ** 2 for v in w0))
        if abs(rec["w0_norm"] - n) > 1e-12 * n:
            out.differ(where, "w0_norm", rec["w0_norm"], n)
    if status != "failed":
        check_bounds(rec, p, m, plugin, w0, where, out)
    if rec["ls_gap"] is not None and rec["w"] is not None:
        check_least_squares(rec, p, vector(rec["w"]), where, out)
    if not limit:
        return
    if plugin not in LEARNERS:
        out.skip(f"replay of plugin '{plugin}' (not bundled)")
        return
    if rows is not None and visits(rec, plugin, rows, size, protocol) > limit:
        out.skip(f"replay of runs beyond {limit} multiply-adds (rows x epochs x weights)")
        return
    compare_replay(rec, p, m, plugin, size, where, out)


def check_bounds(rec, p, m, plugin, w0, where, out):
    decl = m.get("bound") or {}
    form = decl.get("form")
    count = rec[decl["counts"]] if decl.get("counts") in ("mistakes", "updates") else None
    if decl.get("counts") and rec["bound_on"] not in (None, decl["counts"]):
        out.differ(where, "bound_on", rec["bound_on"], decl["counts"])
    zero = all(v == 0 for v in w0)
    if form in linear_forms.FORMS:
        if rec["separable"] is True:
            u = vector(p.theory.get("reference"))
            linear_forms.check(rec, form, decl, u, w0, p.data.rows, where, out)
            if rec["bound_applies"] is not True:
                out.differ(where, "bound_applies", rec["bound_applies"], True)
            out.count("bounds")
        elif rec["bound"] is not None or rec["bound_applies"]:
            out.differ(where, "bound", rec["bound"], "null: the point is not certified separable")
    elif form == "kernel_novikoff":
        verified = p.kernel.get(rec["learner"])
        kt = verified[1] if verified else None
        facts = {"kernel_R": kt and kt["R"], "kernel_separable": kt and kt.get("separable"),
                 "kernel_rho": kt and kt.get("rho"), "kernel_rho_upper": kt and kt.get("rho_upper")}
        for field, value in facts.items():
            if rec[field] != value:
                out.differ(where, field, rec[field], value)
        if verified and verified[0] is None and rec["bound_applies"]:
            out.differ(where, "bound_applies", True, "false: no certified feature-space margin")
        elif rec["kernel_separable"] is True:
            kernel_novikoff.check(rec, zero, where, out)
            out.count("bounds")
    elif form == "winnow":
        variant = "balanced" if decl.get("balanced") else "plain"
        g = p.gamma1.get(variant)
        l1 = (p.theory.get("l1_margin") or {}).get(variant) or {}
        if rec["gamma1"] != l1.get("gamma1") or (g is None and rec["gamma1"] is not None):
            out.differ(where, "gamma1", rec["gamma1"], l1.get("gamma1"))
        if l1 and rec["R_inf"] != l1.get("R_inf"):
            out.differ(where, "R_inf", rec["R_inf"], l1.get("R_inf"))
        winnow.check(rec, decl, p.data.cols, where, out)
        out.count("bounds")
    if rec["bound_applies"] and count is not None:
        check_verdict(rec, "bound", "ratio", "bound_holds", count, where, out)
    check_hinge(rec, p, decl, form, w0, count, where, out)


def check_hinge(rec, p, decl, form, w0, count, where, out):
    if rec["nonsep_bound"] is None and rec["nonsep_rounds_bound"] is None:
        return
    if form not in hinge.COVERED or not p.candidates:
        out.differ(where, "nonsep_bound", rec["nonsep_bound"], "absent: no hinge form here")
        return
    eta = decl.get("step_scale") or 1.0
    f = hinge.f_factor(form, rec["R"], p.data.rows, eta, decl.get("threshold") or 0)
    if rec["nonsep_bound"] is not None:
        hinge.check_sequence(rec, p.candidates, f, w0, eta, count, where, out)
        out.count("hinge bounds")
    if rec["nonsep_rounds_bound"] is not None:
        if rec["sample_mistakes"] is None:
            out.differ(where, "sample_mistakes", None, "the counts nonsep_rounds_L sums")
            return
        hinge.check_rounds(rec, p.candidates, p.exact_candidates, f, w0, eta,
                           rec["sample_mistakes"], where, out)
        out.count("hinge bounds")


def check_least_squares(rec, p, w, where, out):
    if p.theory.get("least_squares") is None or rec["ls_distance"] is None:
        out.differ(where, "ls_gap", rec["ls_gap"], "null: no least-squares solution here")
        return
    if p.least_squares is None:
        return  # past the size limit: said once per point
    least_squares.check_record(rec, w, vector(p.theory["least_squares"]["w"]),
                               p.least_squares, where, out)


def compare_replay(rec, p, m, plugin, size, where, out):
    resolved = dict(plugins.DEFAULTS[plugin])
    resolved.update(m.get("params") or {})
    got = replay(plugin, resolved, p.data, p.config, p.entry.get("index", 0), rec["repeat"], size)
    if got["status"] == "failed" or rec["status"] == "failed":
        if got["status"] != rec["status"]:
            out.differ(where, "status", rec["status"], got["status"] + " (replayed)")
        out.count("replays")
        return
    fields = ["status", "epochs", "steps", "mistakes", "updates", "train_error", "test_error"]
    if plugin == "linear_unit_sgd":
        fields.append("loss")
    if rec["sample_mistakes"] is not None:
        fields.append("sample_mistakes")
    if rec["epoch_mistakes"] is not None or rec["epoch_loss"] is not None:
        fields += ["epoch_mistakes", "epoch_loss"]  # the curve (record_curve)
        out.count("replayed curves")
    if rec["w"] is not None:
        fields.append("w")
    for field in fields:
        if field not in got:
            continue
        if field == "train_error" and got[field] is None:
            out.skip("train_error of the voted perceptron (its vote is not replayed)")
            continue
        if rec[field] != got[field]:
            out.differ(where, field, rec[field], f"{got[field]} (replayed)")
            break
    if "w" in got and rec["ls_gap"] is not None and rec["w"] is None:
        check_least_squares(rec, p, got["w"], where, out)
    if "w" in got and rec["w_norm"] is not None:
        n = math.sqrt(sum(Fraction(v) ** 2 for v in got["w"]))
        if abs(rec["w_norm"] - n) > 1e-12 * n:
            out.differ(where, "w_norm", rec["w_norm"], f"{n} (replayed)")
    out.count("replays")
