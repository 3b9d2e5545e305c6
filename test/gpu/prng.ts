// Seeded PRNG for reproducible random test cases: the same mulberry32 the bootstrap uses.
export { seededRandom as mulberry32 } from '../../src/timing/index.js';
