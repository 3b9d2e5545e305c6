#!/usr/bin/env bash
# Corpus campaign: builds every file of a corpus manifest (build.py, 16 at a time), then
# launches every kernel of the launch list under Nsight Compute (profile.py + driver.cpp):
# first the first 10 launches as a dry run, then the rest, until the time budget is spent.
# Usage: bash device/corpus/run.sh OUTDIR [CARRY_DIR] [SECONDS]   (any cwd; tools are found beside this script)
#   CARRY_DIR (default .corpus-carry) holds manifest.json, launches.tsv (scripts/corpus-plan.ts)
#   and src/<source>/... ; SECONDS (default 440) is when no further launch is started.
# Writes only into OUTDIR (7 files): environment.txt, build.txt, build.json, kernels.jsonl, profile.log,
# dry-first-source.csv and dry-first-raw.csv (the first report as ncu lists it).
set -u
OUTDIR=${1:?usage: run.sh OUTDIR [CARRY_DIR] [SECONDS]}
CARRY=${2:-.corpus-carry}
BUDGET=${3:-440}
HERE=$(dirname "$0")
CUDA=/usr/local/cuda
export PATH=$CUDA/bin:$PATH
start=$(date +%s)
deadline=$((start + BUDGET))
mkdir -p "$OUTDIR"
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv; nvcc --version | tail -2; ncu --version | tail -1; } > "$OUTDIR/environment.txt" 2>&1

python3 $HERE/build.py "$CARRY/manifest.json" "$CARRY/src" "$BUILD" -j 16 > "$OUTDIR/build.txt" 2>&1
cp "$BUILD/build.json" "$OUTDIR/" 2>/dev/null
echo "build_seconds=$(( $(date +%s) - start ))" >> "$OUTDIR/build.txt"
g++ -O2 -std=c++17 -o "$BUILD/driver" $HERE/driver.cpp -I$CUDA/include -L$CUDA/lib64 -L$CUDA/lib64/stubs -lcuda >> "$OUTDIR/build.txt" 2>&1 \
  || { echo "driver build failed" >> "$OUTDIR/build.txt"; exit 1; }

last=$(( $(grep -c . "$CARRY/launches.tsv") - 1 ))
python3 $HERE/profile.py "$CARRY/launches.tsv" "$BUILD" "$BUILD/driver" "$OUTDIR" --first 0 --last 9 --tag dry --deadline "$deadline" --work "$BUILD/parts"
if ! grep -q '"status": "ok"' "$OUTDIR/kernels.jsonl"; then
  echo "dry run measured no kernel: full run skipped" | tee -a "$OUTDIR/profile.log"
  exit 1
fi
python3 $HERE/profile.py "$CARRY/launches.tsv" "$BUILD" "$BUILD/driver" "$OUTDIR" --first 10 --last "$last" --tag full --chunk 20 --deadline "$deadline" --work "$BUILD/parts"
echo "seconds=$(( $(date +%s) - start ))" >> "$OUTDIR/profile.log"
