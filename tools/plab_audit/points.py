"""Per sweep point: the point's config, its data re-made, and the manifest's theory checked."""

import copy
import json
import math
import re

from . import certificates, data as data_mod, gordan, hinge_candidates, kernel_theory, l1_margin
from . import least_squares
from . import plugins
from .folder import vector


def set_pointer(doc, pointer, value):
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    node = doc
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node.setdefault(p, {})
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def point_config(config, params):
    cfg = copy.deepcopy(config)
    cfg.pop("sweep", None)
    for pointer, value in params.items():
        set_pointer(cfg, pointer, value)
    return cfg


class Point:
    """What a point's records are checked against."""

    def __init__(self, entry, config, data):
        self.entry = entry
        self.config = config
        self.data = data
        self.theory = entry.get("theory") or {}
        self.learners = {}  # name -> (manifest learner entry, config learner entry)
        self.candidates = []
        self.exact_candidates = []
        self.gamma1 = {}
        self.kernel = {}  # learner name -> verified (R, rho) or None
        self.least_squares = None  # the exact solution, when the theory holds one


_cache = {}


def exact_inline(folder, cfg, out):
    """Inline data as the config file holds it. The manifest's copy of the config is written
    by a JSON serializer that can change the last digit of a number, so the file's numbers,
    which plab read, are the data; they must agree with the manifest's to the last bit but one."""
    ds = cfg.get("dataset") or {}
    if ds.get("kind") != "inline":
        return cfg
    path = folder.manifest.get("config_file") or ""
    try:
        text = open(path).read()
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        doc = json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.M))
        x = doc["dataset"]["x"]
    except (OSError, ValueError, KeyError, TypeError):
        out.skip("inline data from the config file (not readable): the manifest's copy is used")
        return cfg
    mine = ds.get("x") or []
    if len(x) != len(mine) or any(len(a) != len(b) or any(
            abs(float(u) - float(v)) > 2 * abs(math.ulp(float(v))) for u, v in zip(a, b))
            for a, b in zip(x, mine)):
        out.differ(f"{folder.path}/manifest.json", "config/dataset/x", "the manifest's rows",
                   f"the rows of {path}")
        return cfg
    cfg = copy.deepcopy(cfg)
    cfg["dataset"]["x"] = x
    return cfg


def load_point(folder, entry, out):
    where = f"{folder.path}/manifest.json"
    cfg = exact_inline(folder, point_config(folder.config, entry.get("params") or {}), out)
    key = json.dumps([cfg.get("dataset"), cfg.get("seed")], sort_keys=True)
    if key not in _cache:
        _cache[key] = data_mod.load(cfg["dataset"], cfg.get("seed", 0), folder.config_dir())
    data, digest = _cache[key]
    if digest is not None:
        files = folder.manifest.get("data_files") or []
        if not any(f.get("sha256") == digest for f in files):
            out.differ(where, "data_files/sha256", [f.get("sha256") for f in files], digest)
        out.count("data digests")
    ds = entry.get("dataset") or {}
    k = entry.get("index")
    for field, value in (("rows", data.rows), ("cols", data.cols),
                         ("task", data.task)):
        if ds.get(field) != value:
            out.differ(where, f"points/{k}/dataset/{field}", ds.get(field), value)
    classes = [{"name": n, "count": c} for n, c in zip(data.class_names, data.counts())]
    if ds.get("classes") != classes:
        out.differ(where, f"points/{k}/dataset/classes", ds.get("classes"), classes)
    p = Point(entry, cfg, data)
    check_theory(p, f"{where} (point {k})", out)
    return p


def check_theory(p, where, out):
    t, data = p.theory, p.data
    if t.get("R") is not None:
        certificates.check_R(t["R"], data, where, "theory/R", out)
    if t.get("separable") is True:
        certificates.check_reference(t, data, where, out)
    elif t.get("separable") is False:
        gordan.check_certificate(t, data, where, out)
    certificates.check_rho_upper(t, data, where, out)
    cands = t.get("hinge_candidates") or []
    if cands and t.get("separable") is True:
        out.differ(where, "theory/hinge_candidates", len(cands), "none at a separable point")
    p.exact_candidates = hinge_candidates.certify(cands, data, where, out)
    p.candidates = [dict(c, v=vector(c.get("v"))) for c in cands]
    for variant, l1 in (t.get("l1_margin") or {}).items():
        p.gamma1[variant] = l1_margin.check(l1, variant, data, where, out)
    if t.get("least_squares") is not None:
        p.least_squares = least_squares.solve(data)
        if p.least_squares is None:
            out.skip(f"least-squares facts past {least_squares.MAX_CELLS:,} rows x columns²")
        elif not least_squares.check_theory(t["least_squares"], p.least_squares, data.cols,
                                            where, out):
            p.least_squares = None


def check_learners(folder, p, out):
    """Each manifest learner: its plugin and params against the config, its declaration."""
    where = f"{folder.path}/manifest.json"
    listed = p.entry.get("learners") or []
    config_learners = p.config.get("learners") or []
    if [l.get("name") for l in listed] != [l.get("name") for l in config_learners]:
        out.differ(where, f"points/{p.entry.get('index')}/learners",
                   [l.get("name") for l in listed], [l.get("name") for l in config_learners])
    for j, (m, c) in enumerate(zip(listed, config_learners)):
        field = f"points/{p.entry.get('index')}/learners/{j}"
        p.learners[m.get("name")] = (m, c)
        if m.get("plugin") != c.get("plugin"):
            out.differ(where, field + "/plugin", m.get("plugin"), c.get("plugin"))
        defaults = plugins.DEFAULTS.get(c.get("plugin"))
        bound = m.get("bound")
        if bound is None:
            out.differ(where, field + "/bound", None, "the learner's declared bound")
        if defaults is None:
            out.skip(f"params and bound declaration of plugin '{c.get('plugin')}' (not bundled)")
            continue
        resolved = dict(defaults)
        resolved.update(c.get("params") or {})
        got = m.get("params") or {}
        if set(got) != set(resolved) or any(got[n] != resolved[n] for n in resolved):
            out.differ(where, field + "/params", got, resolved)
        decl = plugins.declaration(c["plugin"], resolved)
        if bound is not None:
            want = dict(zip(("form", "counts", "step_scale", "threshold"), decl))
            for name, value in want.items():
                if bound.get(name) != value:
                    out.differ(where, f"{field}/bound/{name}", bound.get(name), value)
            if c["plugin"] == "winnow" and bound.get("balanced") != (resolved["variant"] ==
                                                                     "balanced"):
                out.differ(where, f"{field}/bound/balanced", bound.get("balanced"),
                           resolved["variant"] == "balanced")
        if c["plugin"] == "kernel_perceptron":
            spec = plugins.kernel_spec(resolved)
            if bound is not None and bound.get("kernel") != spec:
                out.differ(where, f"{field}/bound/kernel", bound.get("kernel"), spec)
            kt = m.get("kernel_theory")
            if kt is None:
                out.differ(where, field + "/kernel_theory", None, "the feature-space facts")
                p.kernel[m["name"]] = None
            else:
                p.kernel[m["name"]] = (kernel_theory.check(kt, spec, p.data, f"{where} ({field})",
                                                           out), kt)
    return p
