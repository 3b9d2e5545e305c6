// Block dispatch throughput: time kernels whose blocks do (almost) nothing, for several block
// sizes and grid sizes, so the cost of starting and retiring a block on an SM can be read off
// as launch time / (blocks per SM). `empty` does no memory access (its store never runs: the
// pointer is never null); `store` writes one float per thread, coalesced.
// Build and run: nvcc -O3 -arch=sm_90 -o dispatch dispatch.cu && ./dispatch > dispatch.csv
#include <algorithm>
#include <cstdio>
#include <vector>

__global__ void empty(float *out) {
  if (out == nullptr) out[threadIdx.x] = 1.0f;
}

__global__ void store(float *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

template <typename Kernel>
float medianMs(Kernel kernel, int blocks, int threads, float *buffer) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  kernel<<<blocks, threads>>>(buffer);  // warm-up
  std::vector<float> samples;
  for (int i = 0; i < 21; ++i) {
    cudaEventRecord(start);
    kernel<<<blocks, threads>>>(buffer);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    samples.push_back(ms);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int clockKHz = 0;
  cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0);
  const int sms = prop.multiProcessorCount;
  float *buffer = nullptr;
  cudaMalloc(&buffer, size_t(1) << 30);
  printf("# %s, %d SMs, %d kHz\n", prop.name, sms, clockKHz);
  printf("kernel,threads,blocks,blocksPerSM,medianMs,cyclesPerBlockPerSM\n");
  for (int threads : {32, 64, 128, 256, 512, 1024}) {
    for (int perSM : {16, 64, 256, 1024, 2048}) {
      const int blocks = sms * perSM;
      if (size_t(blocks) * threads * 4 > (size_t(1) << 30)) continue;
      for (int which = 0; which < 2; ++which) {
        const float ms = which == 0 ? medianMs(empty, blocks, threads, buffer) : medianMs(store, blocks, threads, buffer);
        printf("%s,%d,%d,%d,%.6f,%.1f\n", which == 0 ? "empty" : "store", threads, blocks, perSM, ms, ms * 1e-3 * clockKHz * 1e3 / perSM);
      }
    }
  }
  const cudaError_t error = cudaGetLastError();
  if (error != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(error)); return 1; }
  return 0;
}
