// Matrix transpose (out = in^T, N x N floats) for the carving example space: bandwidth-bound.
// Block TX x ROWS threads moves a TY x TX tile of `in`. SMEM=1 stages it through shared memory
// (PAD=1 adds a column against bank conflicts); SMEM=0 copies directly, with ORDER choosing
// which side is coalesced (0: coalesced reads, strided writes; 1: strided reads, coalesced writes).
// Loops have constant trip counts (TY / ROWS, as TY % ROWS == 0) so nvcc unrolls them fully.
#ifndef N
#define N 8192
#endif
#ifndef TX
#define TX 32
#endif
#ifndef TY
#define TY 32
#endif
#ifndef ROWS
#define ROWS 8
#endif
#ifndef SMEM
#define SMEM 1
#endif
#ifndef PAD
#define PAD 1
#endif
#ifndef ORDER
#define ORDER 0
#endif

extern "C" __global__ void __launch_bounds__(TX * ROWS)
transpose(const float* __restrict__ in, float* __restrict__ out) {
#if SMEM
  __shared__ float tile[TY][TX + PAD];
  const int x = blockIdx.x * TX + threadIdx.x;
  const int y0 = blockIdx.y * TY;
#pragma unroll
  for (int j0 = 0; j0 < TY; j0 += ROWS) tile[j0 + threadIdx.y][threadIdx.x] = in[(y0 + j0 + threadIdx.y) * N + x];
  __syncthreads();
  // The block writes TX output rows of TY contiguous floats.
  const int tid = threadIdx.y * TX + threadIdx.x;
#pragma unroll
  for (int i0 = 0; i0 < TX * TY; i0 += TX * ROWS) {
    const int i = i0 + tid;
    const int r = i / TY, c = i % TY;
    out[(blockIdx.x * TX + r) * N + y0 + c] = tile[c][r];
  }
#elif ORDER == 0
  const int x = blockIdx.x * TX + threadIdx.x;
#pragma unroll
  for (int j0 = 0; j0 < TY; j0 += ROWS) {
    const int y = blockIdx.y * TY + j0 + threadIdx.y;
    out[x * N + y] = in[y * N + x];
  }
#else
  // Roles swapped: lanes walk along an output row.
  const int x = blockIdx.x * TX + threadIdx.x;
#pragma unroll
  for (int j0 = 0; j0 < TY; j0 += ROWS) {
    const int y = blockIdx.y * TY + j0 + threadIdx.y;
    out[y * N + x] = in[x * N + y];
  }
#endif
}
