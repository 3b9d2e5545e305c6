// Source keys for every value in the architecture table (the keys of the research table's
// `_meta.sources`, test/fixtures/occupancy/arch-table.json, plus the project's H100 measurements).

export const SOURCES = {
  PG: 'CUDA Programming Guide (2025+) 5.1 Compute Capabilities, Tables 30 (Device and SM Information), 31 (Memory Information), 32 (Shared Memory Capacity)',
  OCC: '/usr/local/cuda/include/cuda_occupancy.h, CUDA 13.0 (V13.0.88), __CUDA_OCC_MAJOR__=12 __CUDA_OCC_MINOR__=1',
  CCCL: 'NVIDIA/cccl libcudacxx/include/cuda/__device/arch_traits.h',
  BPG: "CUDA C++ Best Practices Guide 11.1.1 (registers 'rounded up to the nearest 256 registers per warp')",
  AMP: 'Ampere tuning guide 1.4.2 (A100 40 GB HBM2 1550 GB/s; L2 40 MB)',
  ADA: 'Ada tuning guide 1.4.2.1 (L2 98304 KB in AD102)',
  HOP: "Hopper tuning guide 1.4.2 (HBM3 'up to 3 TB/s'; L2 50 MB in H100)",
  BW: 'Blackwell tuning guide 1.4.1.1 and 1.4.2 (cc 10.0/12.0 occupancy limits; GB200 L2 126 MB)',
  KINDS: "measured: PyTorch on an 'NVIDIA H100 80GB HBM3' reported 132 SMs and 50 MB L2",
  H100RUN:
    'measured: device properties of an NVIDIA H100 80GB HBM3, CUDA 13.0 (device/occupancy/run.sh, first line of test/fixtures/occupancy/h100-driver.jsonl): 132 SMs, 233472 B smem/SM, 232448 B opt-in, 1024 B reserved, L2 52428800 B, bus 5120 bit x 2619 MHz',
  H100OCC:
    'measured by device/occupancy/run.sh on an NVIDIA H100 80GB HBM3 (driver 580.159.04, CUDA 13.0): cuDeviceGetAttribute and nvidia-smi clocks.max.sm = 1980 MHz; test/fixtures/occupancy/h100-driver.jsonl',
  AO: 'pytorch/ao PR #4002 device query on B200: 148 SMs, L2 126.50 MB, bus 7680 bit, mem clock 3996 MHz',
  PRESS: 'third-party press/reviews - lower confidence',
  MEM: 'general knowledge of NVIDIA spec sheets - UNVERIFIED',
} as const;

export type SourceKey = keyof typeof SOURCES;
