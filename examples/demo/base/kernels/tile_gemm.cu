// Register-tiled matrix product: each thread accumulates a TILE_M x TILE_N block of C.
#define TILE_M 8
#define TILE_N 4

extern "C" __global__ void __launch_bounds__(256)
tile_gemm(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n, int k)
{
    int row = (blockIdx.y * 16 + threadIdx.y) * TILE_M;
    int col = (blockIdx.x * 16 + threadIdx.x) * TILE_N;
    float acc[TILE_M][TILE_N] = {};
    for (int p = 0; p < k; ++p) {
        float av[TILE_M], bv[TILE_N];
#pragma unroll
        for (int i = 0; i < TILE_M; ++i) av[i] = a[p * n + row + i];
#pragma unroll
        for (int j = 0; j < TILE_N; ++j) bv[j] = b[p * n + col + j];
#pragma unroll
        for (int i = 0; i < TILE_M; ++i)
#pragma unroll
            for (int j = 0; j < TILE_N; ++j) acc[i][j] += av[i] * bv[j];
    }
#pragma unroll
    for (int i = 0; i < TILE_M; ++i)
#pragma unroll
        for (int j = 0; j < TILE_N; ++j) c[(row + i) * n + col + j] = acc[i][j];
}
