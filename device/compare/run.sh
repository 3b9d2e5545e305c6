#!/usr/bin/env bash
# Times base vs head of the comparison fixtures (test/fixtures/reports/src) on the GPU, for
# the timing-regression finding: stride-32 gather (expected regression), unchanged steady
# (expected none), regtile 64 -> 80 registers. Writes OUTDIR/timings.csv and OUTDIR/env.txt.
set -euo pipefail
OUTDIR="${1:?usage: run.sh OUTDIR}"
mkdir -p "$OUTDIR"
export PATH="/usr/local/cuda/bin:$PATH"
BUILD="$(mktemp -d)"
nvcc -arch=sm_90 -O3 -lineinfo -o "$BUILD/compare_driver" device/compare/driver.cu
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader; nvcc --version | tail -1; echo "command: device/compare/run.sh (driver.cu: 5 warmup + 40 samples per kernel and side, interleaved)"; } > "$OUTDIR/env.txt"
"$BUILD/compare_driver" > "$OUTDIR/timings.csv"
wc -l "$OUTDIR/timings.csv"
