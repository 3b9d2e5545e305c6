// A kernel argument of one variant, evaluated from the config: what the timing harness
// allocates (a buffer and how to fill it) or passes by value.
export type ResolvedArgument =
  | { kind: 'buffer'; type: string; count: number; init: 'random' | 'zero' | 'ones' | 'index' }
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number };
