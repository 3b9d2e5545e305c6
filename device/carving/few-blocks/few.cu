// Launches of less than a wave: the same threads in blocks of 32 to 1,024 threads, so the same
// bytes and the same warps in flight land on many SMs (small blocks) or on few (large blocks).
// Each thread copies ITERS elements of WIDTH bytes with a stride of the launch's thread count
// (coalesced), each load stored before the next (one load in flight per thread). Does an SM's
// bandwidth follow its own bytes in flight (the knee curve, per SM) or the launch's average over
// every SM? Prints CSV: width,threads,block,blocks,ms (median of 15 launches after 2 warm-ups,
// CUDA events).
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

constexpr int ITERS = 2048;

template <typename T>
__global__ void strided_copy(T* __restrict__ out, const T* __restrict__ in, int threads) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < ITERS; i++) out[static_cast<size_t>(i) * threads + tid] = in[static_cast<size_t>(i) * threads + tid];
}

template <typename T>
void sweep(T* out, const T* in) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  const int threadCounts[] = {512, 2048, 4096, 16384, 65536};
  const int blockSizes[] = {32, 64, 128, 256, 512, 1024};
  for (int threads : threadCounts) {
    for (int block : blockSizes) {
      if (block > threads) continue;
      const int blocks = threads / block;
      std::vector<float> ms;
      for (int rep = 0; rep < 17; rep++) {
        cudaEventRecord(start);
        strided_copy<T><<<blocks, block>>>(out, in, threads);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float t = 0;
        cudaEventElapsedTime(&t, start, stop);
        if (rep >= 2) ms.push_back(t);
      }
      std::sort(ms.begin(), ms.end());
      printf("%d,%d,%d,%d,%.5f\n", static_cast<int>(sizeof(T)), threads, block, blocks, ms[7]);
    }
  }
}

int main() {
  const size_t elements = static_cast<size_t>(ITERS) * 65536;
  float4 *in = nullptr, *out = nullptr;
  cudaMalloc(&in, elements * sizeof(float4));
  cudaMalloc(&out, elements * sizeof(float4));
  cudaMemset(in, 1, elements * sizeof(float4));
  printf("width,threads,block,blocks,ms\n");
  sweep<float>(reinterpret_cast<float*>(out), reinterpret_cast<const float*>(in));
  sweep<float4>(out, in);
  if (cudaGetLastError() != cudaSuccess) return 1;
  return 0;
}
