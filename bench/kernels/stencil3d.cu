// 3-D star stencil of radius R (6R+1 points) over an NX x NY x NZ float grid, for the
// whole-analysis benchmark (bench/analysis.bench.ts): 2.5-D blocking, each thread walks TZ
// output planes in z with a register queue of 2R+1 values and an (BX+2R) x (BY+2R) shared
// tile of the current plane. Everything over R and TZ is unrolled: the PTX grows with both.
#ifndef NX
#define NX 512
#endif
#ifndef NY
#define NY 512
#endif
#ifndef NZ
#define NZ 512
#endif
#ifndef R
#define R 4
#endif
#ifndef BX
#define BX 32
#endif
#ifndef BY
#define BY 8
#endif
#ifndef TZ
#define TZ 16
#endif

extern "C" __global__ void __launch_bounds__(BX * BY)
stencil3d(const float* __restrict__ in, float* __restrict__ out, const float* __restrict__ coeff) {
  __shared__ float tile[BY + 2 * R][BX + 2 * R];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BX + tx;
  const int y = blockIdx.y * BY + ty;
  const int z0 = blockIdx.z * TZ;
  const long plane = (long)NX * NY;
  const long xy = (long)y * NX + x;
  float c[R + 1];
#pragma unroll
  for (int r = 0; r <= R; ++r) c[r] = coeff[r];

  // The z queue: values at z0 - R .. z0 + R of this thread's column.
  float q[2 * R + 1];
#pragma unroll
  for (int i = 0; i < 2 * R + 1; ++i) {
    const int z = z0 - R + i;
    q[i] = (z >= 0 && z < NZ) ? in[z * plane + xy] : 0.0f;
  }

#pragma unroll
  for (int t = 0; t < TZ; ++t) {
    const int z = z0 + t;
    __syncthreads();
    tile[ty + R][tx + R] = q[R];
    if (tx < R) {
      tile[ty + R][tx] = x >= R ? in[z * plane + xy - R] : 0.0f;
      tile[ty + R][tx + BX + R] = x + BX < NX ? in[z * plane + xy + BX] : 0.0f;
    }
    if (ty < R) {
      tile[ty][tx + R] = y >= R ? in[z * plane + xy - R * NX] : 0.0f;
      tile[ty + BY + R][tx + R] = y + BY < NY ? in[z * plane + xy + BY * NX] : 0.0f;
    }
    __syncthreads();
    float v = c[0] * q[R];
#pragma unroll
    for (int r = 1; r <= R; ++r) {
      v += c[r] * (tile[ty + R][tx + R - r] + tile[ty + R][tx + R + r] +
                   tile[ty + R - r][tx + R] + tile[ty + R + r][tx + R] +
                   q[R - r] + q[R + r]);
    }
    if (z < NZ) out[z * plane + xy] = v;
    // Shift the queue one plane up and load the next plane's value.
#pragma unroll
    for (int i = 0; i < 2 * R; ++i) q[i] = q[i + 1];
    const int zn = z + R + 1;
    q[2 * R] = zn < NZ ? in[zn * plane + xy] : 0.0f;
  }
}
