// Prints what the CUDA driver reports for every kernel of each cubin given on the command line
// (cuFuncGetAttribute), as tab-separated lines: file, kernel, regs, shared, local, const, maxThreads.
// The ground truth the cubin reader (src/toolchain/cubin.ts) is compared against.
#include <cuda.h>
#include <cstdio>
#include <vector>

#define CHECK(call) do { CUresult r = (call); if (r != CUDA_SUCCESS) { const char* s; cuGetErrorString(r, &s); fprintf(stderr, "%s: %s\n", #call, s); return 1; } } while (0)

int main(int argc, char** argv) {
  CHECK(cuInit(0));
  CUdevice device; CHECK(cuDeviceGet(&device, 0));
  CUcontext context; CHECK(cuDevicePrimaryCtxRetain(&context, device)); CHECK(cuCtxSetCurrent(context));
  printf("file\tkernel\tregisters\tsharedSizeBytes\tlocalSizeBytes\tconstSizeBytes\tmaxThreadsPerBlock\n");
  for (int i = 1; i < argc; ++i) {
    CUmodule module; CHECK(cuModuleLoad(&module, argv[i]));
    unsigned int count = 0; CHECK(cuModuleGetFunctionCount(&count, module));
    std::vector<CUfunction> functions(count);
    CHECK(cuModuleEnumerateFunctions(functions.data(), count, module));
    for (CUfunction f : functions) {
      CHECK(cuFuncLoad(f));  // functions may be loaded lazily; attributes need a loaded one
      const char* name; CHECK(cuFuncGetName(&name, f));
      int regs, shared, local, constant, maxThreads;
      CHECK(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
      CHECK(cuFuncGetAttribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
      CHECK(cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f));
      CHECK(cuFuncGetAttribute(&constant, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, f));
      CHECK(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
      printf("%s\t%s\t%d\t%d\t%d\t%d\t%d\n", argv[i], name, regs, shared, local, constant, maxThreads);
    }
    CHECK(cuModuleUnload(module));
  }
  return 0;
}
