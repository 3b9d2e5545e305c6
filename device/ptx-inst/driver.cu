// Launches kernels from cubins built out of the committed fixture PTX, one launch each,
// so ncu can count executed SASS thread instructions per kernel.
// Spec lines: MODULE.cubin KERNEL GX GY BX BY ARG...; ARG = p (zeroed 80 MB buffer),
// m (buffer filled with 0xFF), i:INT, f:FLOAT.
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { const char* s; cuGetErrorString(r, &s); \
  fprintf(stderr, "%s failed: %s (line %d)\n", #x, s, __LINE__); exit(1); } } while (0)

int main(int argc, char** argv) {
  if (argc < 2) { fprintf(stderr, "usage: driver SPECFILE\n"); return 2; }
  CHECK(cuInit(0));
  CUdevice dev; CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx; CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
  const size_t bytes = 80u << 20;
  std::ifstream spec(argv[1]);
  std::string line;
  while (std::getline(spec, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream in(line);
    std::string cubin, kernel; unsigned gx, gy, bx, by;
    in >> cubin >> kernel >> gx >> gy >> bx >> by;
    CUmodule mod; CHECK(cuModuleLoad(&mod, cubin.c_str()));
    CUfunction fn; CHECK(cuModuleGetFunction(&fn, mod, kernel.c_str()));
    std::vector<CUdeviceptr> buffers; std::vector<long long> storage; storage.reserve(16);
    std::vector<void*> args;
    std::string a;
    while (in >> a) {
      if (a == "p" || a == "m") {
        CUdeviceptr p; CHECK(cuMemAlloc(&p, bytes)); CHECK(cuMemsetD8(p, a == "p" ? 0 : 0xFF, bytes));
        buffers.push_back(p); storage.push_back((long long)p);
        args.push_back(&storage.back());
      } else if (a.rfind("i:", 0) == 0) {
        storage.push_back(0); int v = atoi(a.c_str() + 2); memcpy(&storage.back(), &v, 4); args.push_back(&storage.back());
      } else if (a.rfind("f:", 0) == 0) {
        storage.push_back(0); float v = (float)atof(a.c_str() + 2); memcpy(&storage.back(), &v, 4); args.push_back(&storage.back());
      }
    }
    CHECK(cuLaunchKernel(fn, gx, gy, 1, bx, by, 1, 0, 0, args.data(), NULL));
    CHECK(cuCtxSynchronize());
    printf("launched %s grid %ux%u block %ux%u\n", kernel.c_str(), gx, gy, bx, by);
    for (CUdeviceptr p : buffers) CHECK(cuMemFree(p));
    CHECK(cuModuleUnload(mod));
  }
  return 0;
}
