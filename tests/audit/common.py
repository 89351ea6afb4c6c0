"""Helpers of the differential tests: run plab, plab verify and tools/plab-audit."""

import json
import subprocess


def write_config(path, config):
    with open(path, "w") as f:
        json.dump(config, f)


def run(plab, config, out, *sets):
    args = [plab, "run", config, "--out", out, "--quiet", "--no-report"]
    for s in sets:
        args += ["--set", s]
    subprocess.run(["rm", "-rf", out])
    return subprocess.run(args, capture_output=True, text=True)


def verify(plab, folder, *extra):
    return subprocess.run([plab, "verify", folder, *extra], capture_output=True, text=True)


def audit(source, folder, *extra, quiet=True):
    return subprocess.run([f"{source}/tools/plab-audit", folder, *(["--quiet"] if quiet else []),
                           *extra],
                          capture_output=True, text=True)
