"""plab-audit: an independent audit of a plab results folder, written from the docs alone.

Exit 0: every recomputed value agrees and no bound is exceeded; 1: a difference, named by
file:line and field; 2: the folder cannot be audited (what and where)."""

import argparse
import os
import sys
import time

from . import points as points_mod
from .findings import CannotAudit, Findings
from .folder import Folder
from .records import REPLAY_LIMIT, check_record

SPEC_VERSION = "0.4.0"  # the plab version whose folders docs/replay-spec.md describes


def check_folder(folder, out):
    m = folder.manifest
    version = (m.get("context") or {}).get("plab_version")
    if version != SPEC_VERSION:
        raise CannotAudit(f"{folder.path}/manifest.json: written by plab {version}; this auditor "
                          f"follows the specification of plab {SPEC_VERSION}")
    digests = os.path.join(folder.path, "runs.sha256")
    if not os.path.isfile(digests):
        raise CannotAudit(f"{digests}: no runs.sha256")
    with open(digests) as f:
        stored = [line.strip() for line in f]
    want = folder.digest_chain()
    for n, (a, b) in enumerate(zip(stored, want), 1):
        if a != b:
            out.differ(f"{digests}:{n}", "sha256", a, b)
            break
    if len(stored) != len(want):
        out.differ(digests, "lines", len(stored), len(want))
    shard = m.get("shard") or {}
    first = shard.get("first_run", 0)
    if m.get("status") == "completed":
        expected = shard.get("end_run", m.get("runs_total")) - first
        if len(folder.records) != expected:
            out.differ(f"{folder.path}/runs.jsonl", "records", len(folder.records), expected)
    return first


def canonical(folder, first, listed):
    """(point, learner, repeat) of run number n, for the listed points."""
    learners = [l.get("name") for l in folder.config.get("learners") or []]
    table = []
    for entry in listed:
        repeats = entry.get("repeats") or folder.config.get("repeats", 1)
        table.append((entry.get("first_run", 0), entry.get("index"), repeats))

    def run_id(n):
        for start, index, repeats in table:
            if start <= n < start + len(learners) * repeats:
                r = n - start
                return index, learners[r // repeats], r % repeats
        return None
    return run_id


def audit(path, limit, out):
    folder = Folder(path)
    first = check_folder(folder, out)
    listed = folder.manifest.get("points") or []
    by_index = {}
    for entry in listed:
        p = points_mod.load_point(folder, entry, out)
        points_mod.check_learners(folder, p, out)
        by_index[entry.get("index")] = p
    run_id = canonical(folder, first, listed)
    unlisted = 0
    for n, rec in enumerate(folder.records):
        want = run_id(first + n)
        got = (rec["point"], rec["learner"], rec["repeat"])
        if want is None:
            unlisted += 1
            continue
        if got != want:
            out.differ(folder.where(rec), "(point, learner, repeat)", list(got), list(want))
            continue
        check_record(folder, rec, by_index[rec["point"]], out, limit)
        out.count("records")
    if unlisted:
        out.skip(f"{unlisted} records of sweep points the manifest does not list")
    return folder


def main(argv=None):
    ap = argparse.ArgumentParser(prog="plab-audit", description=__doc__)
    ap.add_argument("folder", help="a results folder (manifest.json, runs.jsonl, runs.sha256)")
    ap.add_argument("--no-replay", action="store_true", help="skip replaying the runs")
    ap.add_argument("--replay-limit", type=int, default=REPLAY_LIMIT, metavar="N",
                    help="replay runs of at most N multiply-adds, rows x epochs x weights "
                         f"(x rows for the mistake-driven orders and kernels; default {REPLAY_LIMIT})")
    ap.add_argument("--quiet", action="store_true", help="print only differences")
    args = ap.parse_args(argv)
    out = Findings()
    started = time.monotonic()
    try:
        audit(args.folder.rstrip("/"), 0 if args.no_replay else args.replay_limit, out)
    except CannotAudit as e:
        print(f"plab-audit: cannot audit: {e}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, ValueError, IndexError) as e:
        print(f"plab-audit: cannot audit {args.folder}: a field is missing or of the wrong "
              f"type ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    seconds = time.monotonic() - started
    if not args.quiet:
        done = ", ".join(f"{n} {what}" for what, n in sorted(out.checked.items()))
        print(f"plab-audit: recomputed {done} in {seconds:.2f} s "
              f"(replays up to {args.replay_limit} multiply-adds a run)")
        for what in out.not_checked:
            print(f"plab-audit: not checked: {what}")
    for where, field, recorded, recomputed in out.differences[:50]:
        print(f"{where}: field '{field}': recorded {recorded}, recomputed {recomputed}")
    if out.differences:
        print(f"plab-audit: {len(out.differences)} difference(s)")
        return 1
    return 0
