// A copy whose every block moves a fixed chunk (256 threads, each CHUNK_VEC / 256 float4 loads,
// each stored before the next load: 16 B in flight per thread), launched with 1/8 to 3 waves of
// blocks (8 blocks of 256 threads fit on an SM: 1,056 blocks a wave on 132 SMs), and the same
// with 2 and 4 loads in flight per thread. Does a memory-bound launch take time in proportion to
// its blocks (the DRAM is shared by every SM) or in whole waves? Prints CSV:
// loads_in_flight,blocks,waves,ms,gbs (median of 20 launches after 2 warm-ups, CUDA events).
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

constexpr int THREADS = 256;
constexpr int CHUNK_VEC = 16384;  // float4 per block: 256 KiB read and 256 KiB written

template <int IN_FLIGHT>
__global__ void __launch_bounds__(THREADS) chunk_copy(float4* out, const float4* in) {
  const size_t base = static_cast<size_t>(blockIdx.x) * CHUNK_VEC;
  for (int i = threadIdx.x; i < CHUNK_VEC; i += THREADS * IN_FLIGHT) {
    float4 v[IN_FLIGHT];
#pragma unroll
    for (int k = 0; k < IN_FLIGHT; k++) v[k] = in[base + i + k * THREADS];
#pragma unroll
    for (int k = 0; k < IN_FLIGHT; k++) out[base + i + k * THREADS] = v[k];
  }
}

template <int IN_FLIGHT>
void sweep(float4* out, const float4* in, int sms) {
  int perSM = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, chunk_copy<IN_FLIGHT>, THREADS, 0);
  const int wave = perSM * sms;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int eighths = 1; eighths <= 24; eighths++) {
    const int blocks = wave * eighths / 8;
    std::vector<float> ms;
    for (int rep = 0; rep < 22; rep++) {
      cudaEventRecord(start);
      chunk_copy<IN_FLIGHT><<<blocks, THREADS>>>(out, in);
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float t = 0;
      cudaEventElapsedTime(&t, start, stop);
      if (rep >= 2) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    const double median = (ms[9] + ms[10]) / 2;
    const double bytes = 2.0 * blocks * CHUNK_VEC * sizeof(float4);
    printf("%d,%d,%.4f,%.5f,%.1f\n", IN_FLIGHT, blocks, static_cast<double>(blocks) / wave, median, bytes / median / 1e6);
  }
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const size_t maxBlocks = 8 * static_cast<size_t>(sms) * 3;
  float4 *in = nullptr, *out = nullptr;
  cudaMalloc(&in, maxBlocks * CHUNK_VEC * sizeof(float4));
  cudaMalloc(&out, maxBlocks * CHUNK_VEC * sizeof(float4));
  cudaMemset(in, 1, maxBlocks * CHUNK_VEC * sizeof(float4));
  printf("loads_in_flight,blocks,waves,ms,gbs\n");
  sweep<1>(out, in, sms);
  sweep<2>(out, in, sms);
  sweep<4>(out, in, sms);
  if (cudaGetLastError() != cudaSuccess) return 1;
  return 0;
}
