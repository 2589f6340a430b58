#!/usr/bin/env bash
# One task of a sharded lab run on a cluster: the same contract for a Slurm array task and a
# Kubernetes Indexed Job pod. The shard comes from the environment (`--shard env`: NOTHANKS_SHARD,
# else SLURM_ARRAY_TASK_ID, else JOB_COMPLETION_INDEX; the number of shards from NOTHANKS_SHARDS or
# SLURM_ARRAY_TASK_COUNT). The task writes RUN_DIR/shard-<index>; if that folder already holds a
# state (the task was requeued, preempted, or its node was lost), it continues it (--resume).
# usage: scripts/shard-task.sh RUN_DIR tournament|run ARGS...
# env: NOTHANKS_THREADS (default SLURM_CPUS_PER_TASK, else 1)
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,9p' "$0" >&2; exit 2; }
run_dir=$1; shift
lab=${NOTHANKS_LAB:-$(cd "$(dirname "$0")/.." && pwd)}
index=${NOTHANKS_SHARD:-${SLURM_ARRAY_TASK_ID:-${JOB_COMPLETION_INDEX:-}}}
[ -n "$index" ] || { echo "shard-task.sh: no shard index in the environment (NOTHANKS_SHARD, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)" >&2; exit 2; }
out="$run_dir/shard-$index"
threads=${NOTHANKS_THREADS:-${SLURM_CPUS_PER_TASK:-1}}
if [ -f "$out/state/run.json" ]; then where=(--resume "$out"); else where=(--out "$out"); fi
exec node "$lab/dist/src/cli/main.js" "$@" --shard env --threads "$threads" --quiet "${where[@]}"
