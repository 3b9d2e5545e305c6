// Warp-tiled SGEMM (C = alpha * A * B + beta * C, row-major, M = N = K = SIZE) for the
// whole-analysis benchmark (bench/analysis.bench.ts). A block computes BM x BN with
// (BM / WM) * (BN / WN) warps; a warp computes WM x WN as WMITER x WNITER sub-tiles of
// (WM / WMITER) x (WN / WNITER); a lane holds TM x TN accumulators per sub-tile. Shared
// tiles are BK deep and loaded with float4; every loop inside a k-tile is unrolled.
#ifndef SIZE
#define SIZE 4096
#endif
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 16
#endif
#ifndef WM
#define WM 64
#endif
#ifndef WN
#define WN 64
#endif
#ifndef WNITER
#define WNITER 4
#endif
#ifndef TM
#define TM 8
#endif
#ifndef TN
#define TN 4
#endif

#define WARPS ((BM / WM) * (BN / WN))
#define THREADS (WARPS * 32)
#define WMITER ((WM * WN) / (32 * TM * TN * WNITER))
#define WSUBM (WM / WMITER)
#define WSUBN (WN / WNITER)

extern "C" __global__ void __launch_bounds__(THREADS)
warp_gemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, float alpha, float beta) {
  __shared__ float As[BK][BM];  // transposed
  __shared__ float Bs[BK][BN];
  const int tid = threadIdx.x;
  const int warp = tid / 32, lane = tid % 32;
  const int warpRow = warp / (BN / WN), warpCol = warp % (BN / WN);
  const int laneRow = lane / (WSUBN / TN), laneCol = lane % (WSUBN / TN);
  const float* a = A + (long)blockIdx.y * BM * SIZE;
  const float* b = B + blockIdx.x * BN;
  float* c = C + ((long)blockIdx.y * BM + warpRow * WM) * SIZE + blockIdx.x * BN + warpCol * WN;

  float acc[WMITER * TM][WNITER * TN] = {};
  float regM[WMITER * TM], regN[WNITER * TN];

  for (int k0 = 0; k0 < SIZE; k0 += BK) {
#pragma unroll
    for (int i = tid; i < BM * BK / 4; i += THREADS) {
      const int row = i / (BK / 4), col = (i % (BK / 4)) * 4;
      const float4 v = *reinterpret_cast<const float4*>(&a[row * SIZE + k0 + col]);
      As[col + 0][row] = v.x;
      As[col + 1][row] = v.y;
      As[col + 2][row] = v.z;
      As[col + 3][row] = v.w;
    }
#pragma unroll
    for (int i = tid; i < BK * BN / 4; i += THREADS) {
      const int row = i / (BN / 4), col = (i % (BN / 4)) * 4;
      *reinterpret_cast<float4*>(&Bs[row][col]) = *reinterpret_cast<const float4*>(&b[(long)(k0 + row) * SIZE + col]);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
#pragma unroll
      for (int wm = 0; wm < WMITER; ++wm)
#pragma unroll
        for (int m = 0; m < TM; ++m) regM[wm * TM + m] = As[k][warpRow * WM + wm * WSUBM + laneRow * TM + m];
#pragma unroll
      for (int wn = 0; wn < WNITER; ++wn)
#pragma unroll
        for (int n = 0; n < TN; ++n) regN[wn * TN + n] = Bs[k][warpCol * WN + wn * WSUBN + laneCol * TN + n];
#pragma unroll
      for (int m = 0; m < WMITER * TM; ++m)
#pragma unroll
        for (int n = 0; n < WNITER * TN; ++n) acc[m][n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
#pragma unroll
  for (int wm = 0; wm < WMITER; ++wm)
#pragma unroll
    for (int wn = 0; wn < WNITER; ++wn)
#pragma unroll
      for (int m = 0; m < TM; ++m)
#pragma unroll
        for (int n = 0; n < TN; n += 4) {
          float* out = &c[(long)(wm * WSUBM + laneRow * TM + m) * SIZE + wn * WSUBN + laneCol * TN + n];
          float4 v = *reinterpret_cast<float4*>(out);
          v.x = alpha * acc[wm * TM + m][wn * TN + n + 0] + beta * v.x;
          v.y = alpha * acc[wm * TM + m][wn * TN + n + 1] + beta * v.y;
          v.z = alpha * acc[wm * TM + m][wn * TN + n + 2] + beta * v.z;
          v.w = alpha * acc[wm * TM + m][wn * TN + n + 3] + beta * v.w;
          *reinterpret_cast<float4*>(out) = v;
        }
}
