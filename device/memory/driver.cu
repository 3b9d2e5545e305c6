// Host driver for the memory corpus: runs every launch of launches.json once, in order,
// and prints the configuration it used (launches.txt), so ncu results map to launches.
#include <cstdio>
#include <cstring>
#include <vector>
#include "../../test/fixtures/memory/corpus.cu"

struct Launch { const char* name; const void* fn; dim3 grid; dim3 block; const char* args; int n; };
static const Launch kLaunches[] = {
#include "launches.inc"
};

#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
  fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e)); return 1; } } while (0)

int main() {
  const size_t bufferBytes = 32u << 20;
  const int idxCount = 65536;
  void *in, *out, *idx;
  CHECK(cudaMalloc(&in, bufferBytes));
  CHECK(cudaMalloc(&out, bufferBytes));
  CHECK(cudaMalloc(&idx, idxCount * sizeof(int)));
  CHECK(cudaMemset(in, 0, bufferBytes));
  CHECK(cudaMemset(out, 0, bufferBytes));
  std::vector<int> permutation(idxCount);
  for (int i = 0; i < idxCount; ++i) permutation[i] = (int)(((long long)i * 7919) % idxCount);
  CHECK(cudaMemcpy(idx, permutation.data(), idxCount * sizeof(int), cudaMemcpyHostToDevice));
  int index = 0;
  for (const Launch& l : kLaunches) {
    void* args[4];
    int nArgs = 0;
    int n = l.n;
    char spec[64];
    strncpy(spec, l.args, sizeof spec - 1);
    spec[sizeof spec - 1] = 0;
    for (char* tok = strtok(spec, ","); tok; tok = strtok(nullptr, ",")) {
      if (!strcmp(tok, "in")) args[nArgs++] = &in;
      else if (!strcmp(tok, "out")) args[nArgs++] = &out;
      else if (!strcmp(tok, "idx")) args[nArgs++] = &idx;
      else if (!strcmp(tok, "n")) args[nArgs++] = &n;
    }
    CHECK(cudaLaunchKernel(l.fn, l.grid, l.block, args, 0, 0));
    CHECK(cudaDeviceSynchronize());
    printf("%d %s grid=%u,%u,%u block=%u,%u,%u args=%s n=%d\n", index++, l.name, l.grid.x, l.grid.y,
           l.grid.z, l.block.x, l.block.y, l.block.z, l.args, l.n);
  }
  return 0;
}
