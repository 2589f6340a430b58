#!/usr/bin/env bash
# Regenerates the README's headline charts: runs the experiments (sizes below) and copies one
# PNG of each into results/examples/. Full runs stay in results/examples-runs/ (not tracked).
# usage: scripts/make-examples.sh   (about 20 minutes on two cores)
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent
runs=results/examples-runs
mkdir -p results/examples "$runs"
run() { # name file games
  rm -rf "$runs/$1"
  /usr/bin/time -f "$1: %e s" node dist/src/cli/main.js run "experiments/$2.json" --games "$3" --out "$runs/$1" --quiet
}
run strategies strategies 200
run player-count player-count 300
run thresholds thresholds 600
run special-cards special-cards 200
run six-nimmt six-nimmt 150
run six-nimmt-pro six-nimmt-pro 150
run six-nimmt-players six-nimmt-players 100
run ladder ladder 40
cp "$runs/strategies/leaderboard.png" results/examples/strategies-leaderboard.png
cp "$runs/strategies/seats.png" results/examples/strategies-seats.png
cp "$runs/player-count/score-by-players.png" results/examples/player-count-score.png
cp "$runs/thresholds/sweep-heatmap.png" results/examples/thresholds-heatmap.png
cp "$runs/special-cards/holdings.png" results/examples/special-cards-holdings.png
cp "$runs/special-cards/arm-distributions.png" results/examples/special-cards-distributions.png
cp "$runs/six-nimmt/leaderboard.png" results/examples/six-nimmt-leaderboard.png
cp "$runs/six-nimmt-players/score-by-players.png" results/examples/six-nimmt-players-score.png
cp "$runs/ladder/ladder.png" results/examples/ladder.png
echo "examples written to results/examples/"
