// Declaration-only stand-in for cuBLAS, for building the device code of sources whose host
// code calls cuBLAS when the library is not installed (-ptx / -cubin never link the host
// side). Every function accepts any arguments and does nothing.
#pragma once
#include <cstddef>
#include <cuda_runtime.h>
#include <library_types.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
typedef enum { CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1 } cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 } cublasOperation_t;
typedef enum { CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_PEDANTIC_MATH = 2, CUBLAS_TF32_TENSOR_OP_MATH = 3 } cublasMath_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_32F_FAST_16F = 74, CUBLAS_COMPUTE_32F_FAST_16BF = 75, CUBLAS_COMPUTE_64F = 70
} cublasComputeType_t;
typedef enum { CUBLAS_GEMM_DEFAULT = -1, CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99 } cublasGemmAlgo_t;
struct cublasContext;
typedef cublasContext* cublasHandle_t;
#define CARVE_STUB_CUBLAS(name) template <class... A> inline cublasStatus_t name(A&&...) { return CUBLAS_STATUS_SUCCESS; }
CARVE_STUB_CUBLAS(cublasCreate) CARVE_STUB_CUBLAS(cublasDestroy) CARVE_STUB_CUBLAS(cublasSetMathMode)
CARVE_STUB_CUBLAS(cublasSetStream) CARVE_STUB_CUBLAS(cublasSetWorkspace) CARVE_STUB_CUBLAS(cublasSgemm)
CARVE_STUB_CUBLAS(cublasSgemv) CARVE_STUB_CUBLAS(cublasSgemmStridedBatched) CARVE_STUB_CUBLAS(cublasGemmEx)
CARVE_STUB_CUBLAS(cublasGemmStridedBatchedEx) CARVE_STUB_CUBLAS(cublasHgemm) CARVE_STUB_CUBLAS(cublasDgemm)
inline const char* cublasGetStatusString(cublasStatus_t) { return "stub"; }
