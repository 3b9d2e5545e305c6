// Launches kernels of a corpus launch list (TSV from scripts/corpus-plan.ts) through the CUDA
// driver API, one after another, so Nsight Compute can profile each.
//   driver LAUNCHES.tsv CUBIN_DIR FIRST LAST STATE_FILE BUFFER_BYTES BUFFER_OFFSET
// Line: id, file id, kernel, grid x,y,z, block x,y,z, dynamic shared bytes, args ('p' pointer,
// 'p:f32' / 'p:f64' / 'p:f16' / 'p:bf16' pointer to floating-point elements, 's32:V' / 'u32:V' /
// 'f32:V' / 'u64:V' / 'f64:V' ... scalars, 'zN:A' N zero bytes, '-' none).
// Every pointer gets its own buffer (BUFFER_BYTES) and points BUFFER_OFFSET bytes in, so small
// negative offsets stay inside; before each launch it is filled again: floating-point elements
// with values in [1, 2) from a fixed pseudo-random sequence (no zeros or denormals, so no
// division takes the toolkit's slow path for 0 / 0), anything else with zero bytes.
// Appends "start ID", then "ok ID" or "fail ID why" to STATE_FILE; exits 3 on the first failed
// launch (the context is lost after a fault; the caller resumes after it in a new process).
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

static FILE* state;
static const char* errorText(CUresult r) { const char* s = nullptr; cuGetErrorString(r, &s); return s ? s : "unknown"; }
#define CHECK(call, id) do { CUresult r_ = (call); if (r_ != CUDA_SUCCESS) { \
  fprintf(state, "fail %d %s: %s\n", id, #call, errorText(r_)); fflush(state); return 3; } } while (0)

static std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out; std::stringstream ss(s); std::string item;
  while (std::getline(ss, item, sep)) out.push_back(item);
  return out;
}

/** BYTES of elements of TYPE with values in [1, 2): mantissa bits from a fixed LCG, exponent of 1.0. */
static std::vector<unsigned char> pattern(const std::string& type, size_t bytes) {
  std::vector<unsigned char> out(bytes);
  unsigned long long state = 0x2545F4914F6CDD1DULL;
  auto next = [&state]() { state = state * 6364136223846793005ULL + 1442695040888963407ULL; return state >> 11; };
  if (type == "f32") for (size_t i = 0; i + 4 <= bytes; i += 4) { unsigned v = 0x3f800000u | (unsigned)(next() & 0x7fffff); memcpy(&out[i], &v, 4); }
  else if (type == "f64") for (size_t i = 0; i + 8 <= bytes; i += 8) { unsigned long long v = 0x3ff0000000000000ULL | (next() & 0xfffffffffffffULL); memcpy(&out[i], &v, 8); }
  else if (type == "f16") for (size_t i = 0; i + 2 <= bytes; i += 2) { unsigned short v = 0x3c00 | (unsigned short)(next() & 0x3ff); memcpy(&out[i], &v, 2); }
  else if (type == "bf16") for (size_t i = 0; i + 2 <= bytes; i += 2) { unsigned short v = 0x3f80 | (unsigned short)(next() & 0x7f); memcpy(&out[i], &v, 2); }
  return out;
}

int main(int argc, char** argv) {
  if (argc < 8) { fprintf(stderr, "usage: driver LAUNCHES.tsv CUBIN_DIR FIRST LAST STATE BUFFER_BYTES BUFFER_OFFSET\n"); return 2; }
  int first = atoi(argv[3]), last = atoi(argv[4]);
  state = fopen(argv[5], "a");
  size_t bufferBytes = strtoull(argv[6], nullptr, 10), offset = strtoull(argv[7], nullptr, 10);
  if (!state) return 2;
  CUdevice dev; CUcontext ctx;
  CHECK(cuInit(0), -1); CHECK(cuDeviceGet(&dev, 0), -1); CHECK(cuDevicePrimaryCtxRetain(&ctx, dev), -1); CHECK(cuCtxSetCurrent(ctx), -1);
  int optin = 0; cuDeviceGetAttribute(&optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev);
  std::vector<CUdeviceptr> buffers;
  std::map<std::string, std::vector<unsigned char>> patterns;
  std::map<std::string, CUmodule> modules;
  std::ifstream in(argv[1]);
  std::string line;
  while (std::getline(in, line)) {
    auto f = split(line, '\t');
    if (f.size() < 7) continue;
    int id = atoi(f[0].c_str());
    if (id < first || id > last) continue;
    fprintf(state, "start %d\n", id); fflush(state);
    CUmodule mod;
    if (!modules.count(f[1])) {
      CHECK(cuModuleLoad(&mod, (std::string(argv[2]) + "/" + f[1] + ".cubin").c_str()), id);
      modules[f[1]] = mod;
    }
    mod = modules[f[1]];
    CUfunction fn; CHECK(cuModuleGetFunction(&fn, mod, f[2].c_str()), id);
    auto g = split(f[3], ','), b = split(f[4], ',');
    int dyn = atoi(f[5].c_str());
    int staticShared = 0; cuFuncGetAttribute(&staticShared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn);
    if (dyn > optin - staticShared) dyn = optin - staticShared > 0 ? optin - staticShared : 0;
    if (dyn > 0) CHECK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, dyn), id);
    std::vector<std::vector<unsigned char>> storage;
    size_t pointers = 0;
    std::vector<std::string> fills;
    if (f[6] != "-") for (auto& a : split(f[6], ' ')) {
      std::vector<unsigned char> bytes;
      if (a == "p" || a.rfind("p:", 0) == 0) {
        fills.push_back(a == "p" ? "" : a.substr(2));
        if (pointers == buffers.size()) { CUdeviceptr p; CHECK(cuMemAlloc(&p, bufferBytes), id); buffers.push_back(p); }
        CUdeviceptr p = buffers[pointers++] + offset;
        bytes.resize(sizeof p); memcpy(bytes.data(), &p, sizeof p);
      } else if (a[0] == 'z') {
        bytes.assign(atoi(a.c_str() + 1), 0);
      } else {
        std::string type = a.substr(0, a.find(':')); double v = atof(a.c_str() + a.find(':') + 1);
        if (type == "f32") { float x = (float)v; bytes.resize(4); memcpy(bytes.data(), &x, 4); }
        else if (type == "f64") { bytes.resize(8); memcpy(bytes.data(), &v, 8); }
        else if (type == "f16" || type == "b16" || type == "u16" || type == "s16") { short x = (short)v; bytes.resize(2); memcpy(bytes.data(), &x, 2); }
        else if (type.size() >= 2 && type.substr(type.size() - 2) == "64") { long long x = (long long)v; bytes.resize(8); memcpy(bytes.data(), &x, 8); }
        else if (type == "u8" || type == "s8" || type == "b8" || type == "pred") { bytes.assign(1, (unsigned char)v); }
        else { int x = (int)v; bytes.resize(4); memcpy(bytes.data(), &x, 4); }
      }
      storage.push_back(bytes);
    }
    for (size_t i = 0; i < pointers; ++i) {
      if (fills[i].empty()) { CHECK(cuMemsetD8(buffers[i], 0, bufferBytes), id); continue; }
      if (!patterns.count(fills[i])) patterns[fills[i]] = pattern(fills[i], bufferBytes);
      CHECK(cuMemcpyHtoD(buffers[i], patterns[fills[i]].data(), bufferBytes), id);
    }
    std::vector<void*> params;
    for (auto& s : storage) params.push_back(s.data());
    CHECK(cuLaunchKernel(fn, atoi(g[0].c_str()), atoi(g[1].c_str()), atoi(g[2].c_str()), atoi(b[0].c_str()), atoi(b[1].c_str()),
                         atoi(b[2].c_str()), dyn, nullptr, params.empty() ? nullptr : params.data(), nullptr), id);
    CHECK(cuCtxSynchronize(), id);
    fprintf(state, "ok %d\n", id); fflush(state);
  }
  return 0;
}
