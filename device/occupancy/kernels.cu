// Kernels with chosen register / shared-memory / barrier usage for the occupancy campaign.
// Built one cubin per variant by run.sh with -D flags and -maxrregcount; the entry is always `k`.
#ifndef NACC
#define NACC 8
#endif
#ifndef STATIC_SMEM
#define STATIC_SMEM 0
#endif
#ifndef LAUNCH_BOUNDS
#define LAUNCH_BOUNDS 0
#endif

#if LAUNCH_BOUNDS > 0
#define BOUNDS __launch_bounds__(LAUNCH_BOUNDS)
#else
#define BOUNDS
#endif

extern "C" __global__ void BOUNDS k(float *out, const float *in, int n) {
    float acc[NACC];
#pragma unroll
    for (int i = 0; i < NACC; i++) acc[i] = in[threadIdx.x + i * n];
    // Every value stays live across the rounds, so register use grows with NACC.
#pragma unroll
    for (int round = 0; round < 4; round++) {
#pragma unroll
        for (int i = 0; i < NACC; i++) acc[i] = acc[i] * acc[(i + 1) % NACC] + in[round];
    }
#if STATIC_SMEM > 0
    __shared__ float tile[STATIC_SMEM / 4];
    tile[threadIdx.x % (STATIC_SMEM / 4)] = acc[0];
    __syncthreads();
    acc[0] += tile[(threadIdx.x + 1) % (STATIC_SMEM / 4)];
#endif
#ifdef DYNAMIC
    extern __shared__ float dyn[];
    dyn[threadIdx.x] = acc[1];
    __syncthreads();
    acc[1] += dyn[(threadIdx.x + 1) % blockDim.x];
#endif
#ifdef NAMED_BARRIERS
    // bar.sync 3 makes ptxas reserve 4 named barriers for the block.
    asm volatile("bar.sync 3;");
#endif
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < NACC; i++) sum += acc[i];
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
