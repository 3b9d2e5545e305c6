#!/usr/bin/env bash
# NVIDIA's disassemblers on the committed line-table fixtures (scripts/fixtures/sass.sh), the
# oracle for the SASS-per-source-line reader: nvdisasm -g -c (each instruction under its
# //## File "...", line N annotation) and cuobjdump -sass (encodings: NOP / BRA / EXIT).
# Usage: bash device/sass/run.sh OUTDIR   (from the repository root; FIXTURES overrides the folder)
set -euo pipefail
out=${1:?usage: run.sh OUTDIR}
fixtures=${FIXTURES:-test/fixtures/sass}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
for cubin in "$fixtures"/*.cubin; do
  base=$(basename "$cubin" .cubin)
  nvdisasm -g -c "$cubin" > "$out/$base.nvdisasm.txt"
  cuobjdump -sass "$cubin" > "$out/$base.cuobjdump.txt"
done
nvdisasm --version | tail -1 > "$out/nvdisasm-version.txt"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1 || true
