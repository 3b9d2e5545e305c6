// A streaming kernel's time against its block size and the work each block does: every thread
// loads E floats (coalesced, E independent loads issued before their uses; restrict pointers),
// then stores E. One-shot: one block per E x blockDim elements (blocks start and end all through
// the launch). Persistent: as many blocks as fit on the SMs at once, each looping over the same
// E-batches (no block starts after the first wave). Prints one CSV line per configuration:
//   mode,elementsPerThread,block,blocksPerSM,grid,ms,GBps
// Build: nvcc -O3 -arch=sm_90 -o stream stream.cu
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

template <int E>
__global__ void oneShot(const float *__restrict__ in, float *__restrict__ out, size_t n) {
  size_t base = (size_t)blockIdx.x * blockDim.x * E + threadIdx.x;
  float v[E];
#pragma unroll
  for (int k = 0; k < E; k++) v[k] = base + k * blockDim.x < n ? in[base + k * blockDim.x] : 0.f;
#pragma unroll
  for (int k = 0; k < E; k++)
    if (base + k * blockDim.x < n) out[base + k * blockDim.x] = 2.f * v[k];
}

template <int E>
__global__ void persistent(const float *__restrict__ in, float *__restrict__ out, size_t n) {
  size_t chunk = (size_t)blockDim.x * E;
  for (size_t b = blockIdx.x; b * chunk < n; b += gridDim.x) {
    size_t base = b * chunk + threadIdx.x;
    float v[E];
#pragma unroll
    for (int k = 0; k < E; k++) v[k] = base + k * blockDim.x < n ? in[base + k * blockDim.x] : 0.f;
#pragma unroll
    for (int k = 0; k < E; k++)
      if (base + k * blockDim.x < n) out[base + k * blockDim.x] = 2.f * v[k];
  }
}

template <typename K>
void measure(const char *mode, int elements, K kernel, bool isPersistent, const float *in, float *out, size_t n, int sms) {
  for (int block : {32, 64, 128, 256, 512, 1024}) {
    int active = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, kernel, block, 0);
    size_t chunks = (n + (size_t)block * elements - 1) / ((size_t)block * elements);
    size_t grid = isPersistent ? std::min(chunks, (size_t)sms * active) : chunks;
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::vector<float> ms;
    for (int rep = 0; rep < 11; rep++) {
      cudaEventRecord(start);
      kernel<<<(unsigned)grid, block>>>(in, out, n);
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float t = 0;
      cudaEventElapsedTime(&t, start, stop);
      if (rep > 0) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    float median = ms[ms.size() / 2];
    printf("%s,%d,%d,%d,%zu,%.4f,%.1f%s\n", mode, elements, block, active, grid, median,
           2.0 * n * sizeof(float) / (median * 1e-3) / 1e9, cudaGetLastError() == cudaSuccess ? "" : ",error");
  }
}

template <int E>
void both(const float *in, float *out, size_t n, int sms) {
  measure("oneShot", E, oneShot<E>, false, in, out, n, sms);
  measure("persistent", E, persistent<E>, true, in, out, n, sms);
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  size_t bytes = 256ull << 20;
  size_t n = bytes / sizeof(float);
  float *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemset(in, 0, bytes);
  printf("# %s, %d SMs, copy of %zu MiB each way\n", prop.name, prop.multiProcessorCount, bytes >> 20);
  printf("mode,elementsPerThread,block,blocksPerSM,grid,ms,GBps\n");
  both<1>(in, out, n, prop.multiProcessorCount);
  both<2>(in, out, n, prop.multiProcessorCount);
  both<4>(in, out, n, prop.multiProcessorCount);
  both<8>(in, out, n, prop.multiProcessorCount);
  both<16>(in, out, n, prop.multiProcessorCount);
  both<32>(in, out, n, prop.multiProcessorCount);
  return 0;
}
