// Does a launch of a few microseconds time the same twice? cuda-samples' vectorAdd (50,000
// floats, block sizes 32..1024 in steps of 32) timed two ways, each sweep done twice:
//  single: event, launch, event (what the carve harness did): the GPU waits between the start
//          event and the kernel for the host to submit the launch;
//  held:   a one-thread kernel spins on a host-mapped flag first, so the start event, the launch
//          and the stop event are all queued behind it; the host then releases it (nvbench's
//          blocking kernel), and the events time the GPU's work alone.
// Prints CSV: protocol,sweep,block,median_ms,min_ms,max_ms (10 samples after 2 warm-ups).
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void vectorAdd(const float* A, const float* B, float* C, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) C[i] = A[i] + B[i] + 0.0f;
}

// Spins until the host writes 1, or about 2 s of SM clocks have passed.
__global__ void hold(volatile int* flag) {
  const long long start = clock64();
  while (*flag == 0 && clock64() - start < 4000000000LL) {
  }
}

int main() {
  const int n = 50000;
  float *a, *b, *c;
  cudaMalloc(&a, n * 4);
  cudaMalloc(&b, n * 4);
  cudaMalloc(&c, n * 4);
  cudaMemset(a, 0, n * 4);
  cudaMemset(b, 0, n * 4);
  int* flag;
  cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped);
  int* deviceFlag;
  cudaHostGetDevicePointer(&deviceFlag, flag, 0);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  printf("protocol,sweep,block,median_ms,min_ms,max_ms\n");
  for (int held = 0; held < 2; held++) {
    for (int sweep = 0; sweep < 2; sweep++) {
      for (int block = 32; block <= 1024; block += 32) {
        const int grid = (n + block - 1) / block;
        std::vector<float> ms;
        for (int rep = 0; rep < 12; rep++) {
          if (held) {
            *flag = 0;
            hold<<<1, 1>>>(deviceFlag);
          }
          cudaEventRecord(start);
          vectorAdd<<<grid, block>>>(a, b, c, n);
          cudaEventRecord(stop);
          if (held) {
            // Wait until every launch is queued behind the spinning kernel, then release it.
            *reinterpret_cast<volatile int*>(flag) = 1;
          }
          cudaEventSynchronize(stop);
          float t = 0;
          cudaEventElapsedTime(&t, start, stop);
          if (rep >= 2) ms.push_back(t);
        }
        std::sort(ms.begin(), ms.end());
        printf("%s,%d,%d,%.5f,%.5f,%.5f\n", held ? "held" : "single", sweep, block, (ms[4] + ms[5]) / 2, ms.front(), ms.back());
      }
    }
  }
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
