#!/usr/bin/env bash
# End-to-end check of the Slurm scripts on this machine: sets up a one-node Slurm (root, Debian
# packages), runs a tournament and an experiment as 4-task arrays plus dependent merge jobs, and
# compares the merged outputs with single runs of the same commands: summary.json without its
# timing and host fields (elapsedSeconds, gamesPerSecond, threads, chunk), every CSV, chart and the
# report without its run time must be identical. Not part of `npm test` (root, packages, minutes).
# usage: sudo scripts/slurm/test-end-to-end.sh [WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lab=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d /tmp/nothanks-slurm-XXXXXX)}
"$here/setup-single-node.sh" >/dev/null
(cd "$lab" && npx tsc -p .)
cli=(node "$lab/dist/src/cli/main.js")
tournament=(tournament --agents random,greedy,threshold,mc:rollouts=20 --players 4 --games 2000 --seed slurm-e2e)
experiment=(run "$lab/experiments/player-count.json" --games 60)

wait_for() { # job id: until it has left the queue; fails unless it COMPLETED
  while squeue -h -j "$1" 2>/dev/null | grep -q .; do sleep 2; done
  local bad
  # An array job shows one record per task: every one must have COMPLETED.
  bad=$(scontrol -o show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | grep -vc '^COMPLETED$' || true)
  [ "$bad" = 0 ] || { echo "job $1: $bad task(s) did not complete" >&2; return 1; }
}

strip_summary() { # summary.json without timing/host fields, keys sorted
  node -e 'const d=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));for(const k of ["elapsedSeconds","gamesPerSecond","threads","chunk"])delete d[k];console.log(JSON.stringify(d,Object.keys(d).sort()))' "$1"
}

compare() { # single merged
  local single=$1 merged=$2 files=0
  while IFS= read -r f; do
    case "$f" in
      */summary.json|summary.json) cmp -s <(strip_summary "$single/$f") <(strip_summary "$merged/$f") || { echo "DIFFERENT: $f"; return 1; } ;;
      report.html) cmp -s <(sed -E 's/, [0-9]+ s([.,<])/, N s\1/' "$single/$f") <(sed -E 's/, [0-9]+ s([.,<])/, N s\1/' "$merged/$f") || { echo "DIFFERENT: $f"; return 1; } ;;
      run.json) ;; # timing, node version
      *) cmp -s "$single/$f" "$merged/$f" || { echo "DIFFERENT: $f"; return 1; } ;;
    esac
    files=$((files + 1))
  done < <(cd "$single" && find . -type f ! -path './state/*' | sed 's|^\./||' | sort)
  [ -z "$(cd "$merged" && find . -type f | sed 's|^\./||' | sort | comm -13 <(cd "$single" && find . -type f ! -path './state/*' | sed 's|^\./||' | sort) -)" ] || { echo "merged has extra files"; return 1; }
  echo "identical: $files files (summary.json without timing/host fields, report.html without its run time)"
}

for name in tournament experiment; do
  declare -n args=$name
  echo "== $name: ${args[*]}"
  start=$(date +%s)
  out=$("$here/submit.sh" 4 "$work/$name-sharded" "${args[@]}")
  echo "$out"
  array=$(sed -n 's/^array job \([0-9]*\).*/\1/p' <<<"$out")
  merge=$(sed -n 's/.*merge job \([0-9]*\).*/\1/p' <<<"$out")
  wait_for "$array" && wait_for "$merge"
  echo "slurm: array $array and merge $merge completed in $(( $(date +%s) - start )) s"
  # One line per job record (every array task has its own).
  for j in "$array" "$merge"; do
    scontrol -o show job "$j" | awk '{ line = ""; for (i = 1; i <= NF; i++) if ($i ~ /^(JobId|ArrayTaskId|JobName|JobState|ExitCode)=/) line = line " " $i; print " " line }'
  done
  for i in 0 1 2 3; do grep -h -E '^shard|^- shard' "$work/$name-sharded/slurm-logs/shard-$i.out" | head -1; done
  start=$(date +%s)
  "${cli[@]}" "${args[@]}" --out "$work/$name-single" --quiet >/dev/null
  echo "single run: $(( $(date +%s) - start )) s"
  compare "$work/$name-single" "$work/$name-sharded/merged"
done
echo "work folder: $work"
