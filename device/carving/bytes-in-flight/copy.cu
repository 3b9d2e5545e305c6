// DRAM copy bandwidth on one GPU against the global load bytes each SM keeps in flight:
// element width W (1..16 bytes per lane), B independent loads per thread issued before their
// stores (restrict pointers: ptxas may batch them), and resident warps per SM set by the block
// count per SM (dynamic shared memory caps it). Prints one CSV line per configuration:
//   width,batch,warpsPerSM,blocksPerSM,ms,GBps,inFlightBytesPerSM
// where inFlightBytesPerSM = warpsPerSM x 32 x W x B. Build: nvcc -O3 -arch=sm_90 copy.cu
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

struct alignas(16) V16 { uint32_t x, y, z, w; };
template <int W> struct Elem;
template <> struct Elem<1> { using T = uint8_t; };
template <> struct Elem<2> { using T = uint16_t; };
template <> struct Elem<4> { using T = uint32_t; };
template <> struct Elem<8> { using T = uint2; };
template <> struct Elem<16> { using T = V16; };

// Grid-stride copy, B elements per thread per step, each B apart by the whole grid: B loads in
// flight, then B stores.
template <int W, int B>
__global__ void copy(const typename Elem<W>::T *__restrict__ in, typename Elem<W>::T *__restrict__ out, size_t n) {
  using T = typename Elem<W>::T;
  extern __shared__ char occupancy_limit[];
  size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; i + (B - 1) * stride < n; i += B * stride) {
    T v[B];
#pragma unroll
    for (int b = 0; b < B; b++) v[b] = in[i + b * stride];
#pragma unroll
    for (int b = 0; b < B; b++) out[i + b * stride] = v[b];
  }
  for (; i < n; i += stride) out[i] = in[i];
  if (n == 0) occupancy_limit[threadIdx.x] = 0;
}

template <int W, int B>
void measure(void *in, void *out, size_t bytes, int sms, size_t sharedPerSM) {
  using T = typename Elem<W>::T;
  const int threads = 256;
  size_t n = bytes / W;
  for (int blocksPerSM : {1, 2, 4, 8}) {
    // Shared memory per block so that at most blocksPerSM blocks fit on an SM.
    size_t shared = sharedPerSM / blocksPerSM - 1024 - 64;
    if (shared > 227 * 1024) shared = 227 * 1024;
    cudaFuncSetAttribute(copy<W, B>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared);
    int active = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&active, copy<W, B>, threads, shared);
    int grid = sms * active;
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::vector<float> ms;
    for (int rep = 0; rep < 11; rep++) {
      cudaEventRecord(start);
      copy<W, B><<<grid, threads, shared>>>((const T *)in, (T *)out, n);
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float t = 0;
      cudaEventElapsedTime(&t, start, stop);
      if (rep > 0) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    float median = ms[ms.size() / 2];
    int warps = active * threads / 32;
    printf("%d,%d,%d,%d,%.4f,%.1f,%d%s\n", W, B, warps, active, median, 2.0 * bytes / (median * 1e-3) / 1e9,
           warps * 32 * W * B, cudaGetLastError() == cudaSuccess ? "" : ",error");
  }
}

template <int B>
void widths(void *in, void *out, size_t bytes, int sms, size_t sharedPerSM) {
  measure<1, B>(in, out, bytes, sms, sharedPerSM);
  measure<2, B>(in, out, bytes, sms, sharedPerSM);
  measure<4, B>(in, out, bytes, sms, sharedPerSM);
  measure<8, B>(in, out, bytes, sms, sharedPerSM);
  measure<16, B>(in, out, bytes, sms, sharedPerSM);
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  size_t bytes = 256ull << 20;
  void *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemset(in, 1, bytes);
  printf("# %s, %d SMs, %zu B shared per SM, copy of %zu MiB each way\n", prop.name, prop.multiProcessorCount,
         prop.sharedMemPerMultiprocessor, bytes >> 20);
  printf("width,batch,warpsPerSM,blocksPerSM,ms,GBps,inFlightBytesPerSM\n");
  widths<1>(in, out, bytes, prop.multiProcessorCount, prop.sharedMemPerMultiprocessor);
  widths<2>(in, out, bytes, prop.multiProcessorCount, prop.sharedMemPerMultiprocessor);
  widths<4>(in, out, bytes, prop.multiProcessorCount, prop.sharedMemPerMultiprocessor);
  return 0;
}
