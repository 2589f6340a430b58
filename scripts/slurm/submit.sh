#!/usr/bin/env bash
# Submits a sharded lab run to Slurm: an array of N shard tasks and a merge job that starts when
# all of them succeeded. Prints the two job ids.
# usage: scripts/slurm/submit.sh N RUN_DIR tournament|run ARGS...
#   scripts/slurm/submit.sh 16 /shared/runs/big tournament --agents random,greedy,threshold,mc --players 4 --games 200000 --seed 1
#   scripts/slurm/submit.sh 8 /shared/runs/strat run experiments/strategies.json --games 5000
# Extra sbatch options (partition, time, account) via SBATCH_* variables, e.g. SBATCH_PARTITION=cpu.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,8p' "$0" >&2; exit 1; }
n=$1; run_dir=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
export NOTHANKS_LAB=${NOTHANKS_LAB:-$(cd "$here/../.." && pwd)}
mkdir -p "$run_dir/slurm-logs"
run_dir=$(cd "$run_dir" && pwd)
array=$(sbatch --parsable --export=ALL --array=0-$((n - 1)) --output="$run_dir/slurm-logs/shard-%a.out" "$here/shard.sbatch" "$run_dir" "$@")
merge=$(sbatch --parsable --export=ALL --dependency=afterok:"$array" --kill-on-invalid-dep=yes --output="$run_dir/slurm-logs/merge.out" "$here/merge.sbatch" "$run_dir")
echo "array job $array (shards 0..$((n - 1))), merge job $merge -> $run_dir/merged"
