// Loads cubins and asks the CUDA driver for occupancy over a grid of launch settings.
// Prints one JSON line per device, per kernel (its cubin attributes) and per query.
// Usage: occ_driver NAME=PATH.cubin ...
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#define CHECK(call)                                                                \
    do {                                                                           \
        CUresult rc_ = (call);                                                     \
        if (rc_ != CUDA_SUCCESS) {                                                 \
            const char *msg_ = nullptr;                                            \
            cuGetErrorString(rc_, &msg_);                                          \
            fprintf(stderr, "%s failed: %d %s\n", #call, (int)rc_, msg_ ? msg_ : ""); \
            exit(1);                                                               \
        }                                                                          \
    } while (0)

static int devAttr(CUdevice dev, CUdevice_attribute attr) {
    int value = -1;
    if (cuDeviceGetAttribute(&value, attr, dev) != CUDA_SUCCESS) return -1;
    return value;
}

static int funcAttr(CUfunction f, CUfunction_attribute attr) {
    int value = -1;
    if (cuFuncGetAttribute(&value, attr, f) != CUDA_SUCCESS) return -1;
    return value;
}

int main(int argc, char **argv) {
    CHECK(cuInit(0));
    CUdevice dev;
    CHECK(cuDeviceGet(&dev, 0));
    CUcontext ctx;
    CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx));
    char name[256];
    CHECK(cuDeviceGetName(name, sizeof name, dev));
    int optin = devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    printf("{\"type\":\"device\",\"name\":\"%s\",\"major\":%d,\"minor\":%d,\"sms\":%d,\"maxThreadsPerSM\":%d,"
           "\"maxBlocksPerSM\":%d,\"regsPerSM\":%d,\"regsPerBlock\":%d,\"sharedPerSM\":%d,\"sharedPerBlock\":%d,"
           "\"sharedPerBlockOptin\":%d,\"reservedSharedPerBlock\":%d,\"maxThreadsPerBlock\":%d,\"warpSize\":%d,"
           "\"clockKHz\":%d,\"memoryClockKHz\":%d,\"memoryBusWidthBits\":%d,\"l2Bytes\":%d}\n",
           name, devAttr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR), devAttr(dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK), optin,
           devAttr(dev, CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK), devAttr(dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_CLOCK_RATE), devAttr(dev, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE),
           devAttr(dev, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH), devAttr(dev, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE));

    const int blocks[] = {1, 32, 33, 64, 96, 100, 128, 160, 192, 224, 256, 257, 288, 320, 384, 448, 512, 640, 768, 1000, 1024};
    const int dynamics[] = {0, 1024, 8192, 40000, 49152, 100000};
    const int carveouts[] = {-1, 0, 25, 50, 100};

    for (int a = 1; a < argc; a++) {
        std::string arg = argv[a];
        size_t eq = arg.find('=');
        std::string kernel = arg.substr(0, eq), path = arg.substr(eq + 1);
        CUmodule module;
        CHECK(cuModuleLoad(&module, path.c_str()));
        CUfunction f;
        CHECK(cuModuleGetFunction(&f, module, "k"));
        int regs = funcAttr(f, CU_FUNC_ATTRIBUTE_NUM_REGS);
        int staticShared = funcAttr(f, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
        int maxThreads = funcAttr(f, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
        int defaultMaxDynamic = funcAttr(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
        printf("{\"type\":\"kernel\",\"kernel\":\"%s\",\"numRegs\":%d,\"sharedSizeBytes\":%d,\"maxThreadsPerBlock\":%d,"
               "\"localSizeBytes\":%d,\"constSizeBytes\":%d,\"maxDynamicSharedSizeBytes\":%d,\"ptxVersion\":%d,\"binaryVersion\":%d}\n",
               kernel.c_str(), regs, staticShared, maxThreads, funcAttr(f, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES),
               funcAttr(f, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES), defaultMaxDynamic,
               funcAttr(f, CU_FUNC_ATTRIBUTE_PTX_VERSION), funcAttr(f, CU_FUNC_ATTRIBUTE_BINARY_VERSION));

        // Opt-in off = the kernel's default max dynamic size; on = everything up to the opt-in limit.
        const int maxDynamics[] = {defaultMaxDynamic, optin - staticShared};
        for (int maxDynamic : maxDynamics) {
            CUresult setMax = cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, maxDynamic);
            for (int carveout : carveouts) {
                CUresult setCarveout = cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, carveout);
                int actualMaxDynamic = funcAttr(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
                int actualCarveout = funcAttr(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT);
                for (int block : blocks) {
                    for (int dynamic : dynamics) {
                        int active = -1;
                        CUresult rc = cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&active, f, block, (size_t)dynamic,
                                                                                        CU_OCCUPANCY_DEFAULT);
                        printf("{\"type\":\"query\",\"kernel\":\"%s\",\"block\":%d,\"dynamicShared\":%d,\"carveout\":%d,"
                               "\"maxDynamicShared\":%d,\"carveoutAttr\":%d,\"setMaxRc\":%d,\"setCarveoutRc\":%d,\"rc\":%d,"
                               "\"activeBlocksPerSM\":%d}\n",
                               kernel.c_str(), block, dynamic, carveout, actualMaxDynamic, actualCarveout, (int)setMax,
                               (int)setCarveout, (int)rc, active);
                    }
                }
            }
        }
        CHECK(cuModuleUnload(module));
    }
    CHECK(cuDevicePrimaryCtxRelease(dev));
    return 0;
}
