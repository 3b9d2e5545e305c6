// Tiled SGEMM (C = A * B, all N x N, row-major) for the carving example space.
// BM x BN output tile per block, BK-deep shared-memory tiles, TM x TN outputs per thread.
// Compute-bound with register (TM*TN accumulators) and shared-memory (BK*(BM+BN)) tradeoffs.
#ifndef N
#define N 2048
#endif
#ifndef BM
#define BM 64
#endif
#ifndef BN
#define BN 64
#endif
#ifndef BK
#define BK 8
#endif
#ifndef TM
#define TM 4
#endif
#ifndef TN
#define TN 4
#endif

#define THREADS ((BM / TM) * (BN / TN))

extern "C" __global__ void __launch_bounds__(THREADS)
sgemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
  __shared__ float As[BK][BM];  // transposed so a thread's TM rows are contiguous
  __shared__ float Bs[BK][BN];
  const int tid = threadIdx.x;
  const int tx = tid % (BN / TN);
  const int ty = tid / (BN / TN);
  const int rowBase = blockIdx.y * BM;
  const int colBase = blockIdx.x * BN;
  float acc[TM][TN];
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n) acc[m][n] = 0.0f;

  for (int k0 = 0; k0 < N; k0 += BK) {
    // Constant trip counts (ceil(tile / THREADS)): nvcc unrolls them fully and the guard
    // vanishes when THREADS divides the tile.
#pragma unroll
    for (int i0 = 0; i0 < BM * BK; i0 += THREADS) {
      const int i = i0 + tid;
      if ((BM * BK) % THREADS == 0 || i < BM * BK) {
        const int r = i / BK, c = i % BK;
        As[c][r] = A[(rowBase + r) * N + k0 + c];
      }
    }
#pragma unroll
    for (int i0 = 0; i0 < BK * BN; i0 += THREADS) {
      const int i = i0 + tid;
      if ((BK * BN) % THREADS == 0 || i < BK * BN) {
        const int r = i / BN, c = i % BN;
        Bs[r][c] = B[(k0 + r) * N + colBase + c];
      }
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int m = 0; m < TM; ++m) a[m] = As[k][ty * TM + m];
      // Interleaved columns: neighbouring lanes read neighbouring words (no bank conflicts).
#pragma unroll
      for (int n = 0; n < TN; ++n) b[n] = Bs[k][tx + n * (BN / TN)];
#pragma unroll
      for (int m = 0; m < TM; ++m)
#pragma unroll
        for (int n = 0; n < TN; ++n) acc[m][n] += a[m] * b[n];
    }
    __syncthreads();
  }
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n) C[(rowBase + ty * TM + m) * N + colBase + tx + n * (BN / TN)] = acc[m][n];
}
