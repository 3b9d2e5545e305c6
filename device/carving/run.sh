#!/usr/bin/env bash
# Carving campaign: build every variant of examples/spaces (sgemm, transpose) for sm_90 with
# xargs -P 16, time each with the generated driver-API harness (device/carving/harness.cpp,
# from src/timing/harness-source.ts), and profile a few with Nsight Compute as evidence.
# Inputs (builds.txt, *.manifest, harness.cpp) come from scripts/fixtures/carving-device-plan.ts.
# Usage: bash device/carving/run.sh OUTDIR      (writes only into OUTDIR; build files in a temp dir)
set -u
OUTDIR=${1:?usage: run.sh OUTDIR}
HERE=device/carving
CUDA=/usr/local/cuda
export PATH=$CUDA/bin:$PATH
BUILD=$(mktemp -d)
mkdir -p "$OUTDIR"
trap 'rm -rf "$BUILD"' EXIT

{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv; nvcc --version | tail -2; } > "$OUTDIR/environment.txt" 2>&1

g++ -O2 -std=c++17 -o "$BUILD/harness" "$HERE/harness.cpp" -I$CUDA/include -L$CUDA/lib64 -L$CUDA/lib64/stubs -lcuda > "$OUTDIR/harness-build.log" 2>&1 \
  || { echo "harness build failed" >> "$OUTDIR/harness-build.log"; exit 1; }

# One nvcc per variant, 16 at a time. $0 = build dir, $1 space, $2 index, $3 source, $4.. -D flags.
start=$(date +%s.%N)
grep -v '^#' "$HERE/builds.txt" | xargs -P 16 -L 1 bash -c \
  'mkdir -p "$0/$1"; nvcc -arch=sm_90 -cubin -o "$0/$1/$2.cubin" "$3" "${@:4}" > "$0/$1/$2.log" 2>&1 || echo "$1 $2 failed: $(head -c 300 "$0/$1/$2.log")"' \
  "$BUILD" > "$OUTDIR/build-failures.txt"
end=$(date +%s.%N)
echo "variants=$(grep -vc '^#' "$HERE/builds.txt") build_seconds=$(awk "BEGIN{print $end - $start}")" > "$OUTDIR/build-time.txt"

for space in sgemm transpose; do
  timeout 200 "$BUILD/harness" "$HERE/$space.manifest" "$BUILD" > "$OUTDIR/$space.jsonl" 2> "$OUTDIR/$space.err"
  echo "exit=$?" >> "$OUTDIR/$space.err"
done

# Evidence beside the static prediction (as in [Tinetti], docs/references.md): sectors per request, bank conflicts, achieved occupancy.
if command -v ncu > /dev/null; then
  timeout 120 ncu --csv --metrics gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum \
    "$BUILD/harness" "$HERE/ncu.manifest" "$BUILD" > "$OUTDIR/ncu.csv" 2> "$OUTDIR/ncu.err"
  echo "exit=$?" >> "$OUTDIR/ncu.err"
fi
echo done > "$OUTDIR/DONE"
