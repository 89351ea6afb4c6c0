"""The data a point's learners saw, re-made from the recorded config (replay-spec.md §6)."""

import csv
import decimal
import hashlib
import io
import math
import os
import re
import struct

from . import synthetic
from .exact import scaled_ints
from .findings import CannotAudit
from .rng import DATA, stream_seed


class Data:
    """Augmented rows `x`, labels `y` (±1, binary) and class indices `label`."""

    def __init__(self, x, label, task, class_names, teacher=None):
        self.x = x
        self.label = label
        self.task = task
        self.class_names = class_names
        self.classes = len(class_names)
        self.y = [1.0 if c == 1 else -1.0 for c in label] if task == "binary" else None
        self.teacher = teacher
        self.rows = len(x)
        self.cols = len(x[0]) if x else 0

    def scaled_rows(self):
        """Each row as exact integers on one exponent (exact.scaled_ints), made once."""
        if getattr(self, "_scaled", None) is None:
            self._scaled = [scaled_ints(x) for x in self.x]
        return self._scaled

    def counts(self):
        out = [0] * self.classes
        for c in self.label:
            out[c] += 1
        return out

    def subset(self, rows):
        return Data([self.x[i] for i in rows], [self.label[i] for i in rows], self.task,
                    self.class_names)


def _number(text):
    """A label's exact decimal value (labels compare exactly, not as doubles), or None."""
    t = text.strip()
    if t.startswith("+"):
        t = t[1:]
    if not re.fullmatch(r"-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", t):
        return None
    return decimal.Decimal(t)


def _same(a, b):
    if a == b:
        return True
    x, y = _number(a), _number(b)
    return x is not None and y is not None and x == y


def _distinct(labels):
    names, index, seen = [], [], {}
    for lab in labels:
        if lab not in seen:
            found = next((k for k, n in enumerate(names) if _same(n, lab)), None)
            if found is None:
                found = len(names)
                names.append(lab)
            seen[lab] = found
        index.append(seen[lab])
    return names, index


def map_labels(labels, positive, classes):
    names, index = _distinct(labels)
    if positive is not None:
        pos = [any(_same(n, p) for p in positive) for n in names]
        return [1 if pos[k] else 0 for k in index], "binary", ["rest", "+".join(positive)]
    if classes is not None:
        remap = [next(c for c, name in enumerate(classes) if _same(n, name)) for n in names]
        return [remap[k] for k in index], "multiclass", list(classes)
    numeric = [_number(n) for n in names]
    if all(v is not None for v in numeric) and len(names) <= 2:
        if all(v in (-1, 0, 1) for v in numeric) and not (-1 in numeric and 0 in numeric):
            zero = 0 in numeric
            return ([1 if numeric[k] == 1 else 0 for k in index], "binary",
                    ["0" if zero else "-1", "1"])
    order = list(range(len(names)))
    if all(v is not None for v in numeric):
        order.sort(key=lambda k: numeric[k])
    remap = [0] * len(names)
    for c, k in enumerate(order):
        remap[k] = c
    return [remap[k] for k in index], "multiclass", [names[k] for k in order]


def _read_csv(spec, path):
    with open(path, "rb") as f:
        raw = f.read()
    text = raw.decode("utf-8-sig")
    rows = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    width = len(rows[0])
    label = spec.get("label")
    header = spec.get("header")
    if header is None:
        if isinstance(label, str):
            header = True
        else:
            guess = label if isinstance(label, int) else width - 1
            header = any(j != guess and _number(rows[0][j]) is None for j in range(width))
    names = [c.strip() for c in rows[0]] if header else None
    if isinstance(label, str):
        col = names.index(label)
    else:
        col = label if isinstance(label, int) else width - 1
    body = rows[1:] if header else rows
    x = [[float(c.strip()) for j, c in enumerate(r) if j != col] for r in body]
    return x, [r[col].strip() for r in body], raw


def _read_svmlight(spec, path):
    with open(path, "rb") as f:
        raw = f.read()
    zero_based = spec.get("zero_based", False)
    rows, labels, width = [], [], 0
    for line in raw.decode("utf-8-sig").splitlines():
        line = line.split("#", 1)[0].split()
        if not line:
            continue
        labels.append(line[0])
        entries = {}
        for tok in line[1:]:
            key, val = tok.split(":", 1)
            if key == "qid":
                continue
            j = int(key) - (0 if zero_based else 1)
            entries[j] = float(val)
            width = max(width, j + 1)
        rows.append(entries)
    width = spec.get("n_features", width)
    x = [[e.get(j, 0.0) for j in range(width)] for e in rows]
    return x, labels, raw


def _standardize(x):
    n = len(x)
    for j in range(len(x[0]) if x else 0):
        mean = 0.0
        for r in x:
            mean += r[j]
        mean /= n
        var = 0.0
        for r in x:
            c = r[j] - mean
            var += c * c
        sd = math.sqrt(var / n)
        for r in x:
            r[j] = (r[j] - mean) / (sd if sd > 0.0 else 1.0)


def _float32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def load(spec, master_seed, base_dir):
    """(Data, sha256 hex of the file read or None). Raises CannotAudit when it cannot."""
    kind = spec.get("kind")
    raw, teacher = None, None
    if kind == "synthetic":
        seed = spec["seed"] if "seed" in spec else stream_seed(master_seed, 0, 0, DATA)
        made = synthetic.generate(spec, seed)
        if made is None:
            raise CannotAudit(f"the synthetic generator '{spec.get('generator')}' is not re-made "
                              "by this auditor (a sparse set over "
                              f"{synthetic.SPARSE_MAX_CELLS:,} rows x dim cells, or one that "
                              "cannot meet its margin, is not either)")
        x, labels, teacher = made
        classes = spec.get("classes")
        if spec["generator"] == "multiclass" and not isinstance(classes, list):
            classes = [str(c) for c in range(spec.get("classes", 3))]
        elif not isinstance(classes, list):
            classes = None
    elif kind == "inline":
        x = [[float(v) for v in r] for r in spec["x"]]
        labels = [_text_of(v) for v in spec["y"]]
        classes = spec.get("classes")
    elif kind in ("csv", "svmlight", "libsvm"):
        path = os.path.join(base_dir, spec["path"])
        try:
            x, labels, raw = (_read_csv if kind == "csv" else _read_svmlight)(spec, path)
        except OSError as e:
            raise CannotAudit(f"{path}: cannot read the data file ({e.strerror})")
        classes = spec.get("classes")
    else:
        raise CannotAudit(f"dataset kind '{kind}' is not known to this auditor")
    keep = spec.get("keep_classes")
    if keep is not None:
        kept = [i for i, lab in enumerate(labels) if any(_same(lab, k) for k in keep)]
        x = [x[i] for i in kept]
        labels = [labels[i] for i in kept]
    if spec.get("scale", "none") == "standardize":
        _standardize(x)
    label, task, names = map_labels(labels, spec.get("positive"), classes)
    if spec.get("precision") == "float32":
        x = [[_float32(v) for v in r] for r in x]
    if spec.get("augment", True):
        x = [[1.0] + r for r in x]
    digest = hashlib.sha256(raw).hexdigest() if raw is not None else None
    return Data(x, label, task, names, teacher), digest


def _text_of(v):
    if isinstance(v, str):
        return v
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return repr(v)
