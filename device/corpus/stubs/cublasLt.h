// Declaration-only stand-in for cuBLASLt (see cublas_v2.h in this folder).
#pragma once
#include "cublas_v2.h"
struct cublasLtContext; struct cublasLtMatmulDescOpaque; struct cublasLtMatrixLayoutOpaque; struct cublasLtMatmulPreferenceOpaque;
typedef cublasLtContext* cublasLtHandle_t;
typedef cublasLtMatmulDescOpaque* cublasLtMatmulDesc_t;
typedef cublasLtMatrixLayoutOpaque* cublasLtMatrixLayout_t;
typedef cublasLtMatmulPreferenceOpaque* cublasLtMatmulPreference_t;
typedef struct { unsigned long long data[8]; } cublasLtMatmulAlgo_t;
typedef struct { cublasLtMatmulAlgo_t algo; size_t workspaceSize; cublasStatus_t state; float wavesCount; int reserved[4]; } cublasLtMatmulHeuristicResult_t;
typedef enum { CUBLASLT_EPILOGUE_DEFAULT = 1, CUBLASLT_EPILOGUE_RELU = 2, CUBLASLT_EPILOGUE_BIAS = 4, CUBLASLT_EPILOGUE_GELU = 32,
  CUBLASLT_EPILOGUE_GELU_AUX = 160, CUBLASLT_EPILOGUE_GELU_BIAS = 36, CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 164,
  CUBLASLT_EPILOGUE_DGELU = 192, CUBLASLT_EPILOGUE_BGRADA = 256, CUBLASLT_EPILOGUE_BGRADB = 512 } cublasLtEpilogue_t;
typedef enum { CUBLASLT_MATMUL_DESC_TRANSA = 3, CUBLASLT_MATMUL_DESC_TRANSB = 4, CUBLASLT_MATMUL_DESC_EPILOGUE = 7,
  CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 10, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 11,
  CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE = 28 } cublasLtMatmulDescAttributes_t;
typedef enum { CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1 } cublasLtMatmulPreferenceAttributes_t;
typedef enum { CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6 } cublasLtMatrixLayoutAttribute_t;
CARVE_STUB_CUBLAS(cublasLtCreate) CARVE_STUB_CUBLAS(cublasLtDestroy) CARVE_STUB_CUBLAS(cublasLtMatmul)
CARVE_STUB_CUBLAS(cublasLtMatmulDescCreate) CARVE_STUB_CUBLAS(cublasLtMatmulDescDestroy) CARVE_STUB_CUBLAS(cublasLtMatmulDescSetAttribute)
CARVE_STUB_CUBLAS(cublasLtMatrixLayoutCreate) CARVE_STUB_CUBLAS(cublasLtMatrixLayoutDestroy) CARVE_STUB_CUBLAS(cublasLtMatrixLayoutSetAttribute)
CARVE_STUB_CUBLAS(cublasLtMatmulPreferenceCreate) CARVE_STUB_CUBLAS(cublasLtMatmulPreferenceDestroy)
CARVE_STUB_CUBLAS(cublasLtMatmulPreferenceSetAttribute) CARVE_STUB_CUBLAS(cublasLtMatmulAlgoGetHeuristic)
