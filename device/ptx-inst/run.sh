#!/usr/bin/env bash
# H100 campaign: executed SASS thread instructions per kernel for the committed fixture PTX.
# Builds cubins from test/fixtures/ptx/{loops,sgemm,kernels}.sm_90.ptx with ptxas (same
# PTX the tests analyse), launches each kernel once (device/ptx-inst/kernels.txt) and
# records ncu's smsp__thread_inst_executed.sum and launch__thread_count.
# Usage: bash device/ptx-inst/run.sh OUTDIR   (from the repository root)
set -euo pipefail
out=${1:?usage: run.sh OUTDIR}
export PATH=/usr/local/cuda/bin:$PATH
here=device/ptx-inst
work=$(mktemp -d)
for name in loops sgemm kernels; do
  ptxas -arch=sm_90 -v -o "$work/$name.cubin" "test/fixtures/ptx/$name.sm_90.ptx" > "$out/$name.ptxas.txt" 2>&1
  cuobjdump -sass "$work/$name.cubin" > "$out/$name.sass.txt"
  sha256sum "test/fixtures/ptx/$name.sm_90.ptx" >> "$out/ptx.sha256"
done
nvcc -arch=sm_90 -O2 -o "$work/driver" "$here/driver.cu" -L/usr/local/cuda/lib64/stubs -lcuda
sed "s#^\([a-z]*\.cubin\)#$work/\1#" "$here/kernels.txt" > "$work/kernels.txt"
nvcc --version | tail -1 > "$out/nvcc-version.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv > "$out/gpu.csv" 2>&1 || true
cmd=(ncu --csv --print-units base --metrics smsp__thread_inst_executed.sum,smsp__thread_inst_executed_pred_on.sum,smsp__inst_executed.sum,launch__thread_count "$work/driver" "$work/kernels.txt")
echo "${cmd[*]}" > "$out/command.txt"
"${cmd[@]}" > "$out/ncu.csv" 2> "$out/ncu.stderr.txt"
rm -rf "$work"
