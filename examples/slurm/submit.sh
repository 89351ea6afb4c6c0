#!/bin/bash
# Submits the shards of one experiment as a SLURM job array and the merge that waits for them.
#   usage: examples/slurm/submit.sh [TASKS]     (default 16; run from where the shards go)
# PLAB, PLAB_CONFIG, PLAB_SHARDS, PLAB_MERGED and PLAB_ARGS are passed on (array.sbatch).
# Prints the array's and the merge's job ids.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tasks=${1:-16}
array=$(sbatch --parsable --array=0-$((tasks - 1)) "$here/array.sbatch")
array=${array%%;*}  # --parsable prints "jobid" or "jobid;cluster"
merge=$(sbatch --parsable --dependency=afterok:"$array" "$here/merge.sbatch")
echo "array job $array ($tasks tasks), merge job ${merge%%;*}"
