// Launches the frontier fixture's tile_sum (the .cu named by TILE, BLOCK and ITEMS as -D) once over
// N = 4,194,304 floats, as the e2e space does, so Nsight Compute can count where its loads are served.
#include <cstdio>
#include <cuda_runtime.h>
#define N 4194304
#include TILE

int main() {
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N / ITEMS * sizeof(float));
  cudaMemset(in, 0, N * sizeof(float));
  for (int launch = 0; launch < 3; launch++) tile_sum<<<N / (BLOCK * ITEMS), BLOCK>>>(in, out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
  return 0;
}
