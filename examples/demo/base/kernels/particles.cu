// Advances particle positions by their velocities. Positions and velocities are kept as
// separate arrays per component (structure of arrays).
struct Particles {
    float* x; float* y; float* z;
    const float* vx; const float* vy; const float* vz;
};

extern "C" __global__ void advance(Particles p, float dt, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    p.x[i] += p.vx[i] * dt;
    p.y[i] += p.vy[i] * dt;
    p.z[i] += p.vz[i] * dt;
}
