"""Reading a results folder as docs/results-folder.md describes it."""

import hashlib
import json
import os

from .findings import CannotAudit


class Record:
    def __init__(self, line, fields):
        self.line = line  # 1-based line in runs.jsonl
        self.f = fields

    def __getitem__(self, key):
        return self.f.get(key)


class Folder:
    def __init__(self, path):
        self.path = path
        self.manifest = self._json_file("manifest.json")
        self.records = []
        self.lines = []
        runs = os.path.join(path, "runs.jsonl")
        if not os.path.isfile(runs):
            raise CannotAudit(f"{runs}: no runs.jsonl")
        with open(runs, "rb") as f:
            for n, raw in enumerate(f, 1):
                self.lines.append(raw)
                try:
                    self.records.append(Record(n, json.loads(raw)))
                except ValueError as e:
                    raise CannotAudit(f"{runs}:{n}: not JSON ({e})")
        self.config = self.manifest.get("config")
        if not isinstance(self.config, dict):
            raise CannotAudit(f"{path}/manifest.json: field 'config' missing")

    def _json_file(self, name):
        p = os.path.join(self.path, name)
        try:
            with open(p, "rb") as f:
                return json.load(f)
        except OSError as e:
            raise CannotAudit(f"{p}: cannot read ({e.strerror})")
        except ValueError as e:
            raise CannotAudit(f"{p}: not JSON ({e})")

    def where(self, record):
        return f"{self.path}/runs.jsonl:{record.line}"

    def digest_chain(self):
        """The lines of runs.sha256 the records should have (results-folder.md)."""
        d = bytes(32)
        out = []
        for raw in self.lines:
            d = hashlib.sha256(d + hashlib.sha256(raw).digest()).digest()
            out.append(d.hex())
        return out

    def config_dir(self):
        cfg = self.manifest.get("config_file") or ""
        return os.path.dirname(os.path.abspath(cfg)) if cfg else os.getcwd()


def vector(value):
    """A long vector as stored: a list, or {"length": n, "nonzero": [[j, x], ...]}."""
    if value is None:
        return None
    if isinstance(value, list):
        return [float(v) for v in value]
    out = [0.0] * int(value["length"])
    for j, x in value["nonzero"]:
        out[int(j)] = float(x)
    return out
