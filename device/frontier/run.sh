#!/usr/bin/env bash
# Frontier carving on a pull request, timed on the GPU (docs/carving-on-pull-requests.md).
# Usage, from the repository root on the GPU machine:  bash device/frontier/run.sh OUTDIR
# Needs two git-ignored inputs next to the checkout: .device/node.xz (an xz of the node
# binary) and .device/bundle/cli.js (`node scripts/bundle.mjs .device/bundle`).
# Builds a two-branch repository from test/fixtures/frontier and runs `carve compare --time`:
#   scenario.json   the loader change (base: coalesced loader; head: per-thread contiguous)
#   column.json     head's loader reads columns of the tile (lanes BLOCK * ITEMS / 8 B apart)
#   slow.json       head does 256 dependent FMAs per item: every variant slower
#   aa-N.json       A/A: head only adds a comment to the space's source, 10 runs
set -u
OUTDIR=$(realpath -m "${1:?usage: run.sh OUTDIR}")
ROOT=$(pwd)
mkdir -p "$OUTDIR"
xz -dc .device/node.xz > /tmp/carve-node && chmod +x /tmp/carve-node
NODE=/tmp/carve-node
CLI=$ROOT/.device/bundle/cli.js
FIX=$ROOT/test/fixtures/frontier
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$OUTDIR/gpu.csv" 2>&1
nvcc --version | tail -2 > "$OUTDIR/nvcc.txt"

REPO=$(mktemp -d)
cd "$REPO"
git init -q -b main
git config user.email carve@example.com; git config user.name "Carve"; git config commit.gpgsign false
mkdir -p .github kernels
cp "$FIX/carve.yml" .github/carve.yml
cp "$FIX/tile_base.cu" kernels/tile.cu
git add -A; git commit -qm base
git checkout -q -b loader
cp "$FIX/tile_head.cu" kernels/tile.cu
git commit -qam "per-thread contiguous loader"
git checkout -q -b column main
cp "$FIX/tile_column.cu" kernels/tile.cu
git commit -qam "column loader"
git checkout -q -b slow main
cp "$FIX/tile_slow.cu" kernels/tile.cu
git commit -qam "256 dependent FMAs per item"
git checkout -q -b aa main
echo "// a comment only" >> kernels/tile.cu
git commit -qam "comment only"

run() {  # name base head
  local start=$(date +%s%N)
  "$NODE" "$CLI" compare "$2" "$3" --time --json --arch sm_90 > "$OUTDIR/$1.json" 2> "$OUTDIR/$1.err"
  local code=$?
  echo "$1 exit=$code ms=$(( ($(date +%s%N) - start) / 1000000 ))" | tee -a "$OUTDIR/runs.txt"
}
git checkout -q loader
run scenario main loader
git checkout -q column
run column main column
git checkout -q slow
run slow main slow
git checkout -q aa
for i in 1 2 3 4 5 6 7 8 9 10; do run "aa-$i" main aa; done
# One archive: the device returns a handful of files per call.
cd "$OUTDIR" && tar czf ../frontier-results.tgz . && mv ../frontier-results.tgz .
