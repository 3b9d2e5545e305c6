#!/usr/bin/env bash
# Cross-checks the TypeScript cubin reader against NVIDIA's own tools on the committed fixture
# cubins: cuobjdump -res-usage (every arch) and the driver's cuFuncGetAttribute
# for the sm_90 cubins (loadable on the H100). Usage: device/cubin/run.sh OUTDIR
set -euo pipefail
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
fixtures=test/fixtures/toolchain
nvcc --version | tail -2 > "$out/nvcc-version.txt"
for cubin in "$fixtures"/*.cubin; do
  base=$(basename "$cubin" .cubin)
  cuobjdump -res-usage "$cubin" > "$out/$base.res-usage.txt" 2>&1 || echo "cuobjdump failed: $?" >> "$out/$base.res-usage.txt"
done
tmp=$(mktemp -d)
nvcc -o "$tmp/func-attrs" device/cubin/func_attrs.cu -L/usr/local/cuda/lib64/stubs -L/usr/local/cuda/targets/x86_64-linux/lib/stubs -lcuda
# Lazy loading (the CUDA 12+ default) leaves functions unloaded, and cuFuncGetAttribute then fails.
export CUDA_MODULE_LOADING=EAGER
"$tmp/func-attrs" "$fixtures"/kernels.sm_90.cubin "$fixtures"/spill.sm_90.cubin "$fixtures"/recursion.sm_90.cubin > "$out/func-attrs.sm_90.tsv" 2> "$out/func-attrs.stderr.txt" || echo "func-attrs exited $?" >> "$out/func-attrs.stderr.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1 || true
