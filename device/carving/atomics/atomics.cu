// Global atomics' throughput: how many atomic operations per second the L2 completes for the
// address patterns kernels use, against how many distinct addresses the launch spreads them over.
// Each of T threads (a fixed grid of 132 x 8 blocks of 256) performs OPS atomics; op j of thread
// g (warp w, lane l) goes to
//   lanes:   (g + j*T) mod M          a warp's 32 lanes on 32 consecutive words (4 sectors)
//   warp:    (w + j*W) mod M          every lane of a warp on one word (W warps)
//   sector:  32*((g + j*T) mod M)     each lane on its own sector (32 sectors a request)
// with M distinct words (sector: M sectors). Operations: f32 add with the result unused (RED),
// f32 add with the result used (ATOM), u32 add (RED), bf16 add (RED), and f32 add as an atomicCAS
// loop (llm.c's pre-sm_80 fallback). Prints CSV: op,pattern,distinct,threads,ops,ms (median of 9
// launches after 2 warm-ups, CUDA events), from which ops per ns.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

constexpr int OPS = 16;
constexpr int BLOCK = 256;
constexpr int BLOCKS = 132 * 8;
constexpr int THREADS = BLOCK * BLOCKS;

enum Pattern { LANES = 0, WARP = 1, SECTOR = 2 };

__device__ __forceinline__ size_t addressOf(int pattern, int j, unsigned distinct) {
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  if (pattern == WARP) return (g / 32 + static_cast<unsigned>(j) * (THREADS / 32)) % distinct;
  const size_t word = (g + static_cast<unsigned>(j) * THREADS) % distinct;
  return pattern == SECTOR ? word * 8 : word;
}

__global__ void redF32(float* a, int pattern, unsigned distinct) {
  for (int j = 0; j < OPS; j++) atomicAdd(a + addressOf(pattern, j, distinct), 1.0f);
}

__global__ void atomF32(float* a, float* sink, int pattern, unsigned distinct) {
  float sum = 0;
  for (int j = 0; j < OPS; j++) sum += atomicAdd(a + addressOf(pattern, j, distinct), 1.0f);
  if (sum == -1.0f) *sink = sum;  // keeps the results used (never true)
}

__global__ void redU32(unsigned* a, int pattern, unsigned distinct) {
  for (int j = 0; j < OPS; j++) atomicAdd(a + addressOf(pattern, j, distinct), 1u);
}

__global__ void redBF16(__nv_bfloat16* a, int pattern, unsigned distinct) {
  for (int j = 0; j < OPS; j++) atomicAdd(a + 2 * addressOf(pattern, j, distinct), __float2bfloat16(1.0f));
}

__device__ __forceinline__ void casAdd(float* address, float value) {
  unsigned* word = reinterpret_cast<unsigned*>(address);
  unsigned old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed, __float_as_uint(__uint_as_float(assumed) + value));
  } while (assumed != old);
}

__global__ void casF32(float* a, int pattern, unsigned distinct) {
  for (int j = 0; j < OPS; j++) casAdd(a + addressOf(pattern, j, distinct), 1.0f);
}

int main() {
  const size_t words = static_cast<size_t>(THREADS) * OPS * 8 * 2;
  float* a = nullptr;
  float* sink = nullptr;
  cudaMalloc(&a, words * sizeof(float));
  cudaMalloc(&sink, sizeof(float));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  const char* ops[] = {"red.f32", "atom.f32", "red.u32", "red.bf16", "cas.f32"};
  const char* patterns[] = {"lanes", "warp", "sector"};
  const unsigned distincts[] = {1, 32, 1024, 32768, 1u << 20, static_cast<unsigned>(THREADS) * OPS};
  printf("op,pattern,distinct,threads,ops,ms\n");
  for (int op = 0; op < 5; op++) {
    for (int pattern = 0; pattern < 3; pattern++) {
      for (unsigned distinct : distincts) {
        // CAS on one word from every thread serialises 4 million round trips: skip the slowest.
        if (op == 4 && distinct < 1024) continue;
        std::vector<float> ms;
        for (int rep = 0; rep < 11; rep++) {
          cudaMemset(a, 0, words * sizeof(float));
          cudaEventRecord(start);
          switch (op) {
            case 0: redF32<<<BLOCKS, BLOCK>>>(a, pattern, distinct); break;
            case 1: atomF32<<<BLOCKS, BLOCK>>>(a, sink, pattern, distinct); break;
            case 2: redU32<<<BLOCKS, BLOCK>>>(reinterpret_cast<unsigned*>(a), pattern, distinct); break;
            case 3: redBF16<<<BLOCKS, BLOCK>>>(reinterpret_cast<__nv_bfloat16*>(a), pattern, distinct); break;
            default: casF32<<<BLOCKS, BLOCK>>>(a, pattern, distinct); break;
          }
          cudaEventRecord(stop);
          cudaEventSynchronize(stop);
          float t = 0;
          cudaEventElapsedTime(&t, start, stop);
          if (rep >= 2) ms.push_back(t);
        }
        std::sort(ms.begin(), ms.end());
        printf("%s,%s,%u,%d,%d,%.5f\n", ops[op], patterns[pattern], distinct, THREADS, OPS, ms[4]);
      }
    }
  }
  if (cudaGetLastError() != cudaSuccess) return 1;
  return 0;
}
