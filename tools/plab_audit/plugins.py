"""What the bundled plugins declare (`plab describe NAME`, docs/bounds.md): their params'
defaults and the bound each declares for its resolved params."""

DEFAULTS = {
    "perceptron": {"tie": "mistake", "dot": "sequential"},
    "eta_perceptron": {"eta": 1.0, "step": "label", "tie": "mistake", "dot": "sequential"},
    "margin_perceptron": {"tau": 1.0, "eta": 1.0},
    "pocket_perceptron": {"tie": "mistake"},
    "averaged_perceptron": {"mode": "averaged"},
    "batch_perceptron": {"eta": 1.0, "normalize": False, "tie": "mistake"},
    "multiclass_perceptron": {"eta": 1.0, "tie": "strict"},
    "linear_unit_sgd": {"mode": "sgd", "eta": 0.01, "schedule": "constant", "tau": 0.0,
                        "tol": 1e-10},
    "kernel_perceptron": {"kernel": "linear", "degree": 2, "coef0": 1.0, "scale": 1.0,
                          "gamma": 1.0, "cache_mb": 256.0, "tie": "mistake"},
    "winnow": {"eta": 0.5, "variant": "balanced"},
}


def declaration(plugin, p):
    """(form, counts, step_scale, threshold) the plugin declares for resolved params `p`."""
    if plugin in ("perceptron", "averaged_perceptron", "pocket_perceptron"):
        return "novikoff", "mistakes", 1.0, 0.0
    if plugin == "eta_perceptron":
        return "novikoff", "mistakes", (2.0 * p["eta"] if p["step"] == "residual"
                                        else p["eta"]), 0.0
    if plugin == "margin_perceptron":
        return "margin_perceptron", "mistakes", p["eta"], p["tau"]
    if plugin == "batch_perceptron":
        if p["normalize"]:
            return "batch_averaged", "updates", p["eta"], 0.0
        return "batch_sum", "mistakes", p["eta"], 0.0
    if plugin == "multiclass_perceptron":
        return "kesler", "mistakes", p["eta"], 0.0
    if plugin == "kernel_perceptron":
        return "kernel_novikoff", "mistakes", 1.0, 0.0
    if plugin == "winnow":
        return "winnow", "mistakes", p["eta"], 0.0
    if plugin == "linear_unit_sgd":
        return "least_squares", None, None, None
    return None


def kernel_spec(p):
    kind = p["kernel"]
    spec = {"kind": kind, "degree": 1, "scale": 1.0, "coef0": 0.0, "gamma": 1.0}
    if kind == "polynomial":
        spec.update(degree=p["degree"], scale=p["scale"], coef0=p["coef0"])
    elif kind == "rbf":
        spec["gamma"] = p["gamma"]
    return spec
