// Times the base and head versions of the comparison fixture kernels
// (test/fixtures/reports/src/{base,head}) with CUDA events: WARMUP launches, then SAMPLES
// timed launches each, interleaved base/head so clock drift hits both sides alike.
// Output CSV: kernel,side,sample,ms
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define gather gather_base
#define steady steady_base
#define regtile regtile_base
#include "../../test/fixtures/reports/src/base/gather.cu"
#include "../../test/fixtures/reports/src/base/steady.cu"
#include "../../test/fixtures/reports/src/base/regtile.cu"
#undef gather
#undef steady
#undef regtile
#undef TILE_M
#undef TILE_N
#define gather gather_head
#define steady steady_head
#define regtile regtile_head
#include "../../test/fixtures/reports/src/head/gather.cu"
#include "../../test/fixtures/reports/src/head/steady.cu"
#include "../../test/fixtures/reports/src/head/regtile.cu"

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

static const int WARMUP = 5;
static const int SAMPLES = 40;

int main() {
  const int count = 1 << 20;           // gather / steady elements
  const int n = 1536, k = 256;         // regtile: n x n output, k-step product
  float *in, *out, *x, *y, *a, *b, *c;
  CHECK(cudaMalloc(&in, sizeof(float) * (size_t)count * 32));
  CHECK(cudaMalloc(&out, sizeof(float) * count));
  CHECK(cudaMalloc(&x, sizeof(float) * count));
  CHECK(cudaMalloc(&y, sizeof(float) * count));
  CHECK(cudaMalloc(&a, sizeof(float) * (size_t)n * k + 64));
  CHECK(cudaMalloc(&b, sizeof(float) * (size_t)n * k + 64));
  CHECK(cudaMalloc(&c, sizeof(float) * (size_t)n * n));
  CHECK(cudaMemset(in, 0, sizeof(float) * (size_t)count * 32));
  CHECK(cudaMemset(x, 0, sizeof(float) * count));
  CHECK(cudaMemset(y, 0, sizeof(float) * count));
  CHECK(cudaMemset(a, 0, sizeof(float) * (size_t)n * k + 64));
  CHECK(cudaMemset(b, 0, sizeof(float) * (size_t)n * k + 64));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  printf("kernel,side,sample,ms\n");
  for (int s = -WARMUP; s < SAMPLES; s++) {
    for (int side = 0; side < 2; side++) {
      for (int kernel = 0; kernel < 3; kernel++) {
        CHECK(cudaEventRecord(start));
        if (kernel == 0) {
          if (side == 0) gather_base<<<count / 256, 256>>>(in, out, 2.0f, count);
          else gather_head<<<count / 256, 256>>>(in, out, 2.0f, count);
        } else if (kernel == 1) {
          if (side == 0) steady_base<<<count / 256, 256>>>(2.0f, x, y, count);
          else steady_head<<<count / 256, 256>>>(2.0f, x, y, count);
        } else {
          dim3 block(16, 16);
          if (side == 0) regtile_base<<<dim3(n / (16 * 4), n / (16 * 8)), block>>>(a, b, c, n, k);
          else regtile_head<<<dim3(n / (16 * 6), n / (16 * 8)), block>>>(a, b, c, n, k);
        }
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        if (s >= 0) printf("%s,%s,%d,%.6f\n", kernel == 0 ? "gather" : kernel == 1 ? "steady" : "regtile", side == 0 ? "base" : "head", s, ms);
      }
    }
  }
  return 0;
}
