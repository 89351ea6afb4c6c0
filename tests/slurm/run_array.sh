#!/usr/bin/env bash
# examples/slurm/ on a real SLURM cluster of one node, started by hand (no systemd): munged,
# slurmctld and slurmd from Debian's munge and slurm-wlm packages, with a generated config,
# state and sockets in a temporary folder and free ports on 127.0.0.1. It submits the example
# array (4 tasks of a 40,000-run sweep) and its afterok merge, requeues one task mid-run,
# and checks that the merged runs.jsonl is byte for byte the unsharded run's, that the
# requeued task resumed its folder (two sessions, SLURM_RESTART_COUNT 1), and that a task
# requeued after it had finished leaves its folder untouched and succeeds. It stops every
# daemon it started (by PID) and removes the folder.
#   usage: tests/slurm/run_array.sh SOURCE_DIR PLAB_BINARY
# Exit 77 (ctest: skipped) without the daemons (scripts/setup-deps --with-test-tools installs
# them) or without root (slurmd runs jobs as their user).
set -euo pipefail
src=$(cd "$1" && pwd)
plab=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
export PATH=/usr/sbin:/sbin:$PATH
for tool in munged mungekey slurmctld slurmd sbatch scontrol squeue sinfo scancel python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "run_array: skipped: $tool is not installed (scripts/setup-deps --with-test-tools)"
    exit 77
  fi
done
if [ "$(id -u)" -ne 0 ]; then
  echo "run_array: skipped: slurmd must run as root to start jobs"
  exit 77
fi

tmp=$(mktemp -d /tmp/plab-slurm-XXXXXX)
chmod 755 "$tmp"  # munged wants its socket's folder searchable by all
pids=()
cleanup() {
  local status=$?
  if [ -f "$tmp/slurm.conf" ]; then scancel --quiet --user root >/dev/null 2>&1 || true; fi
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$status" -ne 0 ] && [ "$status" -ne 77 ]; then
    for log in "$tmp"/*.log "$tmp"/work/*.log; do
      if [ -f "$log" ]; then echo "--- $log" && grep -v '^ ' "$log" | tail -n 15; fi
    done
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
fail() {
  echo "run_array: FAILED: $*" >&2
  exit 1
}
# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local seconds=$1
  shift
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}

# True while a plab process holds the folder's lock.
folder_busy() { [ -e "$1/.plab.lock" ] && ! flock -n "$1/.plab.lock" true; }

# True once job $1, requeued at $requeued_at (bash SECONDS), has run to its end again;
# meanwhile a pending requeued job is started early (SLURM holds a requeued job back by
# setting its begin time about 2 minutes ahead).
ran_again() {
  local info state
  info=$(scontrol show job "$1" 2>/dev/null) || return 1
  state=$(echo "$info" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1)
  # Let the held job go only once its preempted run has let go of the folder (SLURM marks
  # the job PENDING while that run may still be writing its last records; a new instance
  # started then found the folder busy), and only from the third second after the requeue:
  # slurmd revokes the job's credentials at the requeue, to the second, and kills a start
  # whose credential dates from that same second ("Job credential revoked").
  if [ "$state" = PENDING ] && [ "$SECONDS" -ge $((requeued_at + 3)) ] && ! folder_busy "$2"; then
    scontrol update jobid="$1" StartTime=now >/dev/null 2>&1 || true
  fi
  echo "$info" | grep -Eq 'Restarts=[1-9][0-9]* ' && [ "$state" = COMPLETED ]
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

mungekey --create --keyfile="$tmp/munge.key" >/dev/null
chmod 600 "$tmp/munge.key"
munged --foreground --force --socket="$tmp/munge.sock" --key-file="$tmp/munge.key" \
  --log-file="$tmp/munged.log" --pid-file="$tmp/munged.pid" --seed-file="$tmp/munged.seed" \
  >/dev/null 2>&1 &
pids+=($!)
wait_for 10 test -S "$tmp/munge.sock" || fail "munged did not start"

host=$(hostname -s)
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/work"
# One node that claims 8 CPUs (config_overrides: whatever the machine has), so the four
# 2-CPU tasks of the example run at once; no cgroups, accounting or systemd.
cat >"$tmp/slurm.conf" <<CONF
ClusterName=plabtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2,bf_interval=2
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SwitchType=switch/none
KillWait=5
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=8 RealMemory=16000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -D -f "$SLURM_CONF" >/dev/null 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >/dev/null 2>&1 &
pids+=($!)
node_idle() { [ "$(sinfo -h -o %T 2>/dev/null)" = idle ]; }
wait_for 30 node_idle || fail "the node did not come up idle: $(sinfo 2>&1)"

cd "$tmp/work"
# Noisy labels and 300 epochs a run, so that a task runs for seconds and the requeue below
# meets it mid-run: with the config's separable data a task's 10,000 runs took 0.3 s, and
# one CI run requeued task 2 after it had finished.
export PLAB=$plab PLAB_CONFIG=$src/configs/sweep_100k.json
export PLAB_ARGS="--set /repeats=400 --set /dataset/generator=noisy --set /dataset/flip=0.1 --set /protocol/max_epochs=300"
# shellcheck disable=SC2086  # PLAB_ARGS is a list of words
"$plab" run "$PLAB_CONFIG" $PLAB_ARGS --out full --quiet --no-report >/dev/null

submitted=$(bash "$src/examples/slurm/submit.sh" 4)
echo "run_array: $submitted"
array=$(echo "$submitted" | sed -n 's/^array job \([0-9]*\) .*/\1/p')
merge=$(echo "$submitted" | sed -n 's/.*merge job \([0-9]*\)$/\1/p')
if [ -z "$array" ] || [ -z "$merge" ]; then fail "cannot read the job ids from: $submitted"; fi

# Requeue task 2 once it has written a record: SLURM sends SIGTERM and queues it again.
wait_for 60 test -s shards/2/runs.jsonl || fail "task 2 wrote no record"
scontrol requeue "${array}_2" || fail "task 2 could not be requeued (finished already?)"
requeued_at=$SECONDS
# SLURM holds a requeued job back (its begin time is set about 2 minutes ahead): let it go.
# Under load the first update can come before SLURM has queued the job again; the hold
# itself ends within about 2 minutes, so 200 s is a bound, not a wait.
wait_for 200 ran_again "${array}_2" shards/2 ||
  fail "the requeued task 2 did not run again: $(scontrol show job "${array}_2" 2>&1 | grep -o 'JobState=[^ ]* Reason=[^ ]*\|Restarts=[0-9]*' | tr '\n' ' ') log: $(grep -v '^ *[0-9]' "plab-shard-${array}_2.log" 2>&1 | tail -12 | tr '\n' ' ')"
# --open-mode=append: the requeued task's log still holds its first attempt (its start line
# and the signal that stopped it) before the second attempt's resume.
[ "$(grep -c '^plab: [0-9]* runs (' "plab-shard-${array}_2.log")" -ge 2 ] &&
  grep -q 'holds an unfinished run' "plab-shard-${array}_2.log" ||
  fail "the requeued task's log lost its first attempt (--open-mode=append): $(grep '^plab' "plab-shard-${array}_2.log" | tr '\n' ' ')"
merged() { [ -f merged/manifest.json ] && [ -z "$(squeue -h 2>/dev/null)" ]; }
wait_for 120 merged || fail "the merge job did not finish: $(squeue 2>&1)"

cmp merged/runs.jsonl full/runs.jsonl || fail "merged runs.jsonl differs from the unsharded run"
"$plab" verify merged >/dev/null || fail "plab verify merged failed"
python3 - "$array" <<'PY' || fail "the manifests do not record the requeue and the job ids"
import json, sys
array = sys.argv[1]
sessions = json.load(open("shards/2/manifest.json"))["sessions"]
assert [s["status"] for s in sessions] == ["interrupted", "completed"], sessions
assert sessions[1]["runs_at_start"] > 0, sessions
assert sessions[1]["scheduler"]["SLURM_RESTART_COUNT"] == "1", sessions
merged = json.load(open("merged/manifest.json"))
shards = merged["merged_shards"]
assert [s["scheduler"]["SLURM_ARRAY_TASK_ID"] for s in shards] == ["0", "1", "2", "3"], shards
assert all(s["scheduler"]["SLURM_ARRAY_JOB_ID"] == array for s in shards), shards
assert merged["start_time"] == min(s["start_time"] for s in shards), merged["start_time"]
assert merged["end_time"] == max(s["end_time"] for s in shards), merged["end_time"]
PY

# A task requeued after it had finished: its folder is complete, so it is left alone and the
# task succeeds.
before=$(sha256sum shards/1/manifest.json shards/1/runs.jsonl)
scontrol requeue "${array}_1" || fail "the finished task 1 could not be requeued"
requeued_at=$SECONDS
wait_for 200 ran_again "${array}_1" shards/1 ||
  fail "the requeued finished task 1 did not run again: $(scontrol show job "${array}_1" 2>&1 | tr '\n' ' ')"
grep -q "is already complete; nothing to do" "plab-shard-${array}_1.log" ||
  fail "the requeued finished task did not say its folder is complete"
[ "$(sha256sum shards/1/manifest.json shards/1/runs.jsonl)" = "$before" ] ||
  fail "the requeued finished task changed its folder"
echo "run_array: passed: 4 tasks, one requeued mid-run, merged runs.jsonl identical to the unsharded run"
