// Kept in step with package.json by test/skeleton.test.ts.
export const VERSION = '0.1.0';
