#!/usr/bin/env bash
# Occupancy campaign: compile kernels with chosen register / shared / barrier usage to sm_90
# cubins, then ask the driver (cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags) for
# active blocks per SM over block sizes x dynamic shared x carveout x opt-in.
# Usage: bash device/occupancy/run.sh OUTDIR   (writes only into OUTDIR; builds in a temp dir)
set -u
OUTDIR=${1:?usage: run.sh OUTDIR}
HERE=device/occupancy
CUDA=/usr/local/cuda
export PATH=$CUDA/bin:$PATH
BUILD=$(mktemp -d)
mkdir -p "$OUTDIR"
trap 'rm -rf "$BUILD"' EXIT

{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv; nvcc --version | tail -2; } > "$OUTDIR/environment.txt" 2>&1

# name | -D flags | extra nvcc flags   (ptxas -v logs kept: they carry the barrier counts)
VARIANTS=(
  "k16|-DNACC=4|"
  "k64|-DNACC=60 -DSTATIC_SMEM=2048|-maxrregcount=64"
  "k207|-DNACC=200|-maxrregcount=207"
  "kdyn|-DNACC=24 -DDYNAMIC|"
  "kbar|-DNACC=16 -DSTATIC_SMEM=16384 -DNAMED_BARRIERS -DLAUNCH_BOUNDS=256|"
  "k48|-DNACC=40 -DSTATIC_SMEM=40960 -DDYNAMIC|-maxrregcount=40"
  "kbar4|-DNACC=4 -DNAMED_BARRIERS|"
)
args=()
pids=()
for v in "${VARIANTS[@]}"; do
  IFS='|' read -r name defs extra <<< "$v"
  # shellcheck disable=SC2086
  nvcc -arch=sm_90 -cubin $defs $extra -Xptxas -v -o "$BUILD/$name.cubin" "$HERE/kernels.cu" > "$OUTDIR/$name.ptxas.log" 2>&1 &
  pids+=($!)
  args+=("$name=$BUILD/$name.cubin")
done
for p in "${pids[@]}"; do wait "$p"; done
printf '%s\n' "${VARIANTS[@]}" > "$OUTDIR/variants.txt"

nvcc -O2 -o "$BUILD/occ_driver" "$HERE/occ_driver.cpp" -L$CUDA/lib64 -L$CUDA/lib64/stubs -lcuda > "$OUTDIR/driver-build.log" 2>&1 \
  || { echo "driver build failed" >> "$OUTDIR/driver-build.log"; exit 1; }
timeout 120 "$BUILD/occ_driver" "${args[@]}" > "$OUTDIR/h100-driver.jsonl" 2> "$OUTDIR/occ_driver.err"
echo "exit=$?" >> "$OUTDIR/occ_driver.err"
wc -l "$OUTDIR/h100-driver.jsonl"
