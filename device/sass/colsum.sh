#!/usr/bin/env bash
# Executed SASS thread instructions of test/fixtures/sass/colsum.cu (nvcc's loop unrolled by 4
# with a remainder, split again by ptxas) at several row counts, for the per-thread SASS
# estimate (test/ptx/sass-estimate.test.ts). Builds the unit as the compile path does (-lineinfo
# PTX, then the cubin from it), lists it with nvdisasm -g -c, launches it once per row count
# (device/ptx-inst/driver.cu: one block of 256 threads, 256 columns) under ncu.
# Usage: bash device/sass/colsum.sh OUTDIR   (from the repository root)
set -euo pipefail
out=${1:?usage: colsum.sh OUTDIR}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
work=$(mktemp -d)
nvcc -arch=sm_90 -lineinfo -ptx -o "$work/colsum.ptx" test/fixtures/sass/colsum.cu
nvcc -arch=sm_90 -cubin -o "$work/colsum.cubin" "$work/colsum.ptx"
sha256sum "$work/colsum.cubin" | cut -d' ' -f1 > "$out/colsum.cubin.sha256"
nvdisasm -g -c "$work/colsum.cubin" > "$out/colsum.nvdisasm.txt"
nvcc -arch=sm_90 -O2 -o "$work/driver" device/ptx-inst/driver.cu -L/usr/local/cuda/lib64/stubs -lcuda
for rows in 1 3 4 16 64 67; do echo "$work/colsum.cubin _Z6colsumPfPKfii 1 1 256 1 p p i:$rows i:256"; done > "$work/kernels.txt"
cp "$work/kernels.txt" "$out/colsum.kernels.txt"
cmd=(ncu --csv --print-units base --metrics smsp__thread_inst_executed.sum,launch__thread_count "$work/driver" "$work/kernels.txt")
echo "${cmd[*]}" > "$out/colsum.command.txt"
"${cmd[@]}" > "$out/colsum.ncu.csv" 2> "$out/colsum.ncu.stderr.txt"
nvcc --version | tail -1 > "$out/colsum.nvcc-version.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/colsum.gpu.txt" 2>&1 || true
rm -rf "$work"
