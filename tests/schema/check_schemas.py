#!/usr/bin/env python3
"""Validates real plab output and the shipped configs against the published JSON Schemas.

  check_schemas.py SOURCE_DIR PLAB_BINARY TEST_PLUGIN_DIR

configs/run_record.schema.json must accept every runs.jsonl line plab writes (runs chosen to
show every optional part: w, the epoch curves, a failed run, a holdout, multi-class, a linear
unit), and reject records plab could not have written. configs/config.schema.json must accept
every shipped config and reject configs plab refuses (each is also refused by `plab run
--plan`, so the schema and the parser are checked against each other). Exits 1 naming every
failure. Needs python3-jsonschema (scripts/setup-deps --with-test-tools).
"""
import copy
import json
import pathlib
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("check_schemas.py: python3-jsonschema is missing; run scripts/setup-deps --with-test-tools")

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


def strip_comments(text):
    """plab's configs allow // and /* */ comments outside strings; JSON does not."""
    out, i, quoted = [], 0, False
    while i < len(text):
        c = text[i]
        if quoted:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
            out.append(c)
        elif text.startswith("//", i):
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
            out.append(" ")
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def validator(path):
    schema = json.loads(path.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors_of(v, instance):
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in v.iter_errors(instance)]


def run_plab(plab, args, allowed=(0,)):
    r = subprocess.run([plab] + args, capture_output=True, text=True, timeout=120)
    if r.returncode not in allowed:
        fail(f"plab {' '.join(args)} exited {r.returncode}: {r.stderr.strip()[-500:]}")
    return r


def check_records(records, plab, source, plugin_dir, work):
    """Runs plab on shipped configs and validates every line of every runs.jsonl."""
    configs = source / "configs"
    experiments = source / "experiments"  # one folder per claim
    two = ["--set", "/repeats=2"]
    runs = {
        "curves": [str(configs / "quickstart.json"), *two, "--set", "/protocol/record_weights=true",
                   "--set", "/protocol/record_curve=true"],
        "failed": [str(configs / "quickstart.json"), "--set", "/repeats=4", "--plugin-dir", str(plugin_dir),
                   "--set", "/learners/0/plugin=throwing_epoch", "--set", "/protocol/record_weights=true"],
        "holdout": [str(configs / "quickstart.json"), *two, "--set",
                    '/protocol={"kind": "holdout", "test_fraction": 0.3}'],
        "multiclass": [str(configs / "multiclass_iris.json"), *two, "--set", "/protocol/record_curve=true"],
        "linear_unit": [str(configs / "linear_unit_versicolor_virginica.json"), *two],
        "trajectory": [str(experiments / "textbook_traces" / "worked_example.json")],
        "not_separable": [str(experiments / "not_separable" / "not_separable.json"), *two],
    }
    # ||w0||/eta beyond a double: the bound cannot be computed and the record says why.
    overflow = work / "bound_note.json"
    overflow.write_text(json.dumps({
        "name": "bound-note", "seed": 1,
        "dataset": {"kind": "inline", "x": [[1], [2], [-1], [-2]], "y": ["a", "a", "b", "b"],
                    "positive": ["a"]},
        "learners": [{"name": "p", "plugin": "eta_perceptron", "params": {"eta": 1e-10}}],
        "init": {"kind": "given", "w": [0, -1e300]}, "protocol": {"max_epochs": 30}}))
    runs["bound_note"] = [str(overflow)]
    seen = []
    for name, args in runs.items():
        out = work / name
        # A failed run is exit 3 by design; its record is what this run is for.
        run_plab(plab, ["run", *args, "--out", str(out), "--no-report", "--quiet", "--threads", "1"],
                 allowed=(0, 3) if name == "failed" else (0,))
        lines = (out / "runs.jsonl").read_text().splitlines() if (out / "runs.jsonl").exists() else []
        if not lines:
            fail(f"{name}: plab wrote no records")
        for n, line in enumerate(lines, 1):
            record = json.loads(line)
            seen.append(record)
            for e in errors_of(records, record):
                fail(f"{out}/runs.jsonl:{n}: {e}")
    # The runs above were chosen to show every optional part; say so if one went missing.
    expectations = {
        "a failed run": lambda r: r["status"] == "failed",
        "final weights (w)": lambda r: isinstance(r.get("w"), list),
        "w null (a run that did not finish)": lambda r: "w" in r and r["w"] is None,
        "epoch curves": lambda r: len(r.get("epoch_mistakes", [])) > 0,
        "a test_error (holdout)": lambda r: r["test_error"] is not None,
        "a bound that applies": lambda r: r["bound_applies"],
        "non-separable data": lambda r: r["separable"] is False,
        "a loss": lambda r: r["loss"] is not None,
        "a bound_note": lambda r: "bound_note" in r,
        "multi-class weights": lambda r: r["plugin"] == "multiclass_perceptron",
    }
    for what, holds in expectations.items():
        if not any(holds(r) for r in seen):
            fail(f"no record with {what}: the runs no longer cover it")
    # The schema must be able to fail: records plab could not have written.
    base = next(r for r in seen if r["bound_applies"])
    tampered = {
        "R removed": lambda r: r.pop("R"),
        "unknown status": lambda r: r.update(status="finished"),
        "negative mistakes": lambda r: r.update(mistakes=-1),
        "mistakes null in a run that ran": lambda r: r.update(mistakes=None),
        "a string metric": lambda r: r.update(note="text"),
        "bound_on unknown": lambda r: r.update(bound_on="epochs"),
        "converged true for not_converged": lambda r: r.update(status="not_converged"),
        "a bound_note beside a bound that applies": lambda r: r.update(bound_note="why"),
    }
    for what, edit in tampered.items():
        r = copy.deepcopy(base)
        edit(r)
        if not errors_of(records, r):
            fail(f"record schema accepts a record with {what}")
    return len(seen)


def shipped_configs(source):
    for pattern in ("configs/**/*.json", "examples/**/*.json", "experiments/*/*.json"):
        for path in sorted(source.glob(pattern)):
            # expect.json states a claim folder's expectations; it is no config
            if not path.name.endswith(".schema.json") and path.name != "expect.json":
                yield path


# Each is refused by plab (exit 2) and must be refused by the schema.
GOOD = {"name": "bad", "dataset": {"kind": "inline", "x": [[1.0], [-1.0]], "y": [1, -1]},
        "learners": [{"plugin": "perceptron"}]}
BAD_CONFIGS = {
    "an unknown top-level key": {"nmae": "x"},
    "a claim with an unknown key": {"claims": [{"what": "typo", "eachh": {}}]},
    "a claim that does not say what": {"claims": [{"each": {"converged": True}}]},
    "claims that are not a list": {"claims": {"what": "x", "each": {}}},
    "a name that cannot name a folder": {"name": "a b"},
    "repeats 0": {"repeats": 0},
    "no learners": {"learners": []},
    "an unknown learner key": {"learners": [{"plugin": "perceptron", "rate": 1}]},
    "an unknown data kind": {"dataset": {"kind": "parquet"}},
    "an unknown dataset key": {"dataset": {"kind": "inline", "x": [[1.0]], "y": [1], "rows": 3}},
    "augment for synthetic data": {"dataset": {"kind": "synthetic", "generator": "separable",
                                               "augment": True}},
    "an unknown protocol key": {"protocol": {"kind": "convergence", "epochs": 3}},
    "csv without a path": {"dataset": {"kind": "csv"}},
    "inline data with a csv path": {"dataset": {"kind": "inline", "x": [[1.0]], "y": [1], "path": "a.csv"}},
    "positive and classes": {"dataset": {"kind": "inline", "x": [[1.0]], "y": [1], "positive": ["1"],
                                         "classes": ["1"]}},
    "flip for a separable generator": {"dataset": {"kind": "synthetic", "generator": "separable", "flip": 0.1}},
    "radius 1": {"dataset": {"kind": "synthetic", "generator": "separable", "radius": 1}},
    "an unknown protocol": {"protocol": {"kind": "bootstrap"}},
    "folds and test_fraction": {"protocol": {"kind": "holdout", "folds": 3, "test_fraction": 0.2}},
    "max_epochs 2.5": {"protocol": {"max_epochs": 2.5}},
    "given init without w": {"init": {"kind": "given"}},
    "given margin without u": {"theory": {"margin": "given"}},
    "oracle_seconds 0": {"theory": {"oracle_seconds": 0}},
    "oracle_work 0": {"theory": {"oracle_work": 0}},
    "oracle_work 1.5": {"theory": {"oracle_work": 1.5}},
    "a report plane of one feature": {"report": {"plane": ["x"]}},
    "a report plane naming a feature twice": {"report": {"plane": ["x", "x"]}},
    "an unknown report key": {"report": {"view": "pca"}},
    "sweeping the name": {"sweep": {"/name": ["a", "b"]}},
    "a sweep key that is no pointer": {"sweep": {"init/scale": [1]}},
    "an empty sweep list": {"sweep": {"/seed": []}},
}


def check_configs(config_schema, plab, source, work):
    shipped = list(shipped_configs(source))
    if len(shipped) < 10:
        fail(f"only {len(shipped)} shipped configs found under {source}")
    for path in shipped:
        for e in errors_of(config_schema, json.loads(strip_comments(path.read_text()))):
            fail(f"{path}: {e}")
    if errors_of(config_schema, GOOD):
        fail(f"the base of the bad configs is itself refused: {errors_of(config_schema, GOOD)}")
    for what, change in BAD_CONFIGS.items():
        config = copy.deepcopy(GOOD)
        config.update(change)
        if not errors_of(config_schema, config):
            fail(f"config schema accepts a config with {what}")
        path = work / "bad.json"
        path.write_text(json.dumps(config))
        r = subprocess.run([plab, "run", str(path), "--plan"], capture_output=True, text=True, timeout=60)
        if r.returncode != 2:
            fail(f"plab accepts a config with {what} (exit {r.returncode}); the schema refuses it")
    return len(shipped)


def main():
    source, plab, plugin_dir = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
    records = validator(source / "configs" / "run_record.schema.json")
    configs = validator(source / "configs" / "config.schema.json")
    with tempfile.TemporaryDirectory(prefix="plab-schema-") as tmp:
        work = pathlib.Path(tmp)
        record_count = check_records(records, plab, source, plugin_dir, work)
        config_count = check_configs(configs, plab, source, work)
    if failures:
        print(f"{len(failures)} failure(s)", file=sys.stderr)
        return 1
    print(f"{record_count} records and {config_count} shipped configs match their schemas; "
          f"{len(BAD_CONFIGS)} bad configs refused by both plab and the schema")
    return 0


if __name__ == "__main__":
    sys.exit(main())
