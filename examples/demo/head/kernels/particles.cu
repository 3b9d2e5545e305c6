// Advances particle positions by their velocities. One record per particle
// (array of structures), padded to 32 floats for the new per-particle state.
struct Particle {
    float x, y, z;
    float vx, vy, vz;
    float state[26];
};

extern "C" __global__ void advance(Particle* particles, float dt, int count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    Particle& p = particles[i];
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    p.z += p.vz * dt;
}
