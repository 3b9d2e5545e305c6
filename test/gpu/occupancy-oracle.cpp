// Differential-test oracle: NVIDIA's cuda_occupancy.h, driven with device properties taken
// independently of src/gpu (from arch-table.json / Programming Guide Tables 30-31; sm_90 as
// measured with cudaDeviceProp on an H100). Built by test/gpu/oracle.test.ts with g++.
//
// stdin, one case per line:  major minor blockSize regs static dynamic maxDynamic carveout barriers
// stdout, one line per case: active factors limRegs limSmem limWarps limBlocks limBars allocRegs allocSmem
//                            or "ERR <code>" when the header rejects the input.
#include <cstdio>
#include <cuda_occupancy.h>

struct Row { int major, minor, threadsPerSM, smemPerSM, smemOptin, reserved; };

static const Row ROWS[] = {
    {7, 5, 1024, 65536, 65536, 0},
    {8, 0, 2048, 167936, 166912, 1024},
    {8, 6, 1536, 102400, 101376, 1024},
    {8, 7, 1536, 167936, 166912, 1024},
    {8, 9, 1536, 102400, 101376, 1024},
    {9, 0, 2048, 233472, 232448, 1024},
    {10, 0, 2048, 233472, 232448, 1024},
    {10, 3, 2048, 233472, 232448, 1024},
    {11, 0, 1536, 233472, 232448, 1024},
    {12, 0, 1536, 102400, 101376, 1024},
    {12, 1, 1536, 102400, 101376, 1024},
};

int main() {
    int major, minor, blockSize, regs, barriers, carveout;
    long staticSmem, dynamicSmem, maxDynamic;
    while (scanf("%d %d %d %d %ld %ld %ld %d %d", &major, &minor, &blockSize, &regs, &staticSmem, &dynamicSmem,
                 &maxDynamic, &carveout, &barriers) == 9) {
        const Row *row = nullptr;
        for (const Row &r : ROWS) if (r.major == major && r.minor == minor) row = &r;
        if (!row) { printf("ERR unknown-arch\n"); continue; }
        cudaOccDeviceProp prop;
        prop.computeMajor = major;
        prop.computeMinor = minor;
        prop.maxThreadsPerBlock = 1024;
        prop.maxThreadsPerMultiprocessor = row->threadsPerSM;
        prop.regsPerBlock = 65536;
        prop.regsPerMultiprocessor = 65536;
        prop.warpSize = 32;
        prop.sharedMemPerBlock = 49152;
        prop.sharedMemPerMultiprocessor = row->smemPerSM;
        prop.numSms = 1;
        prop.sharedMemPerBlockOptin = row->smemOptin;
        prop.reservedSharedMemPerBlock = row->reserved;

        // As the runtime converts cudaFuncAttributes: OPTIN limit config, given barriers.
        cudaOccFuncAttributes attr;
        attr.maxThreadsPerBlock = 1024;
        attr.numRegs = regs;
        attr.sharedSizeBytes = (size_t)staticSmem;
        attr.partitionedGCConfig = PARTITIONED_GC_OFF;
        attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
        attr.maxDynamicSharedSizeBytes = (size_t)maxDynamic;
        attr.numBlockBarriers = barriers;
        attr.virtualResourceCount = 0;

        cudaOccDeviceState state;
        state.carveoutConfig = carveout;

        cudaOccResult result;
        cudaOccError err = cudaOccMaxActiveBlocksPerMultiprocessor(&result, &prop, &attr, &state, blockSize, (size_t)dynamicSmem);
        if (err != CUDA_OCC_SUCCESS) { printf("ERR %d\n", (int)err); continue; }
        printf("%d %u %d %d %d %d %d %d %zu\n", result.activeBlocksPerMultiprocessor, result.limitingFactors,
               result.blockLimitRegs, result.blockLimitSharedMem, result.blockLimitWarps, result.blockLimitBlocks,
               result.blockLimitBarriers, result.allocatedRegistersPerBlock, result.allocatedSharedMemPerBlock);
    }
    return 0;
}
