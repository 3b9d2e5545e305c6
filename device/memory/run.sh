#!/usr/bin/env bash
# Measures every access site of the memory corpus on the GPU (see device/README.md).
# Usage: bash device/memory/run.sh OUTDIR   (cwd = repository root)
set -u
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
build=$(mktemp -d)
python3 device/memory/gen_launches.py test/fixtures/memory/launches.json "$build/launches.inc"
cmd_build="nvcc -arch=sm_90 -lineinfo -I$build -o $build/driver device/memory/driver.cu"
echo "$cmd_build" > "$out/commands.txt"
$cmd_build || exit 1
"$build/driver" > "$out/launches.txt" || exit 1
cuobjdump -sass "$build/driver" > "$out/sass.txt" 2>&1
ncu --version > "$out/ncu-version.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv > "$out/gpu.csv" 2>&1

# (1) per-launch counters: global sectors/requests per op, shared wavefronts/conflicts/instructions.
metrics=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum,l1tex__t_requests_pipe_lsu_mem_global_op_red.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,\
smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,\
smsp__sass_branch_targets_threads_divergent.sum,smsp__sass_branch_targets_threads_uniform.sum
cmd_metrics="ncu --clock-control none --csv --print-units base --metrics $metrics $build/driver"
echo "$cmd_metrics > metrics.csv" >> "$out/commands.txt"
$cmd_metrics > "$out/metrics.csv" 2> "$out/metrics.stderr"

# (2) per-instruction source counters (sectors per SASS instruction, mapped to corpus.cu lines).
cmd_source="ncu --clock-control none --section SourceCounters --import-source yes -f -o $build/rep $build/driver"
echo "$cmd_source" >> "$out/commands.txt"
$cmd_source > "$out/source-run.log" 2>&1
mkdir -p "$out/source"
# all results in one listing, then one listing per launch (kernel name + occurrence of that name).
ncu -i "$build/rep.ncu-rep" --page source --csv --print-units base --print-source cuda,sass > "$out/source/all.csv" 2> "$out/source/all.stderr"
declare -A seen
while read -r index name rest; do
  occurrence=${seen[$name]:-0}
  seen[$name]=$((occurrence + 1))
  ncu -i "$build/rep.ncu-rep" --page source --csv --print-units base --print-source cuda,sass \
    -k "regex:^${name}\$" --launch-skip "$occurrence" --launch-count 1 \
    > "$out/source/$index-$name.csv" 2> "$out/source/$index-$name.stderr"
done < "$out/launches.txt"
echo "ncu -i rep.ncu-rep --page source --csv --print-units base --print-source cuda,sass -k regex:^NAME\$ --launch-skip OCCURRENCE --launch-count 1 > source/INDEX-NAME.csv" >> "$out/commands.txt"
ncu -i "$build/rep.ncu-rep" --page details --csv --print-units base > "$out/details.csv" 2>&1
echo done
