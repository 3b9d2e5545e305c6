#!/usr/bin/env bash
# Where the frontier fixture's loads are served on the GPU: Nsight Compute on tile_sum at
# BLOCK=64, ITEMS=4 (the space's `current`) for the base loader, the per-thread contiguous loader
# and the column loader (test/fixtures/frontier), the third launch of each profiled.
# Usage, from the repository root on the GPU machine: bash device/frontier/l1-reuse/run.sh OUTDIR
set -u
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
fix=$(cd "$here/../../../test/fixtures/frontier" && pwd)
export PATH=/usr/local/cuda/bin:$PATH
metrics=gpu__time_duration.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; ncu --version | tail -1; } > "$out/environment.txt"
for loader in base head column; do
  nvcc -O3 -arch=sm_90 -DBLOCK=64 -DITEMS=4 -DTILE="\"$fix/tile_$loader.cu\"" -o "/tmp/tile-$loader" "$here/host.cu" || exit 1
  ncu --launch-skip 2 --launch-count 1 --metrics "$metrics" --csv "/tmp/tile-$loader" > "$out/ncu-$loader.csv" 2> "$out/ncu-$loader.err"
done
tail -n +1 "$out"/ncu-*.csv | cut -c1-220
