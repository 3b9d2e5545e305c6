// ESLint: typescript-eslint's recommended and type-checked rules over src/, test/, bench/ and
// scripts/; formatting is Prettier's (eslint-config-prettier turns the overlapping rules off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'device/', 'examples/', '.device/', '.carving-carry/', '.corpus-carry/', 'tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_name` and rest siblings are how the code drops a field on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Commands implement `run(): Promise<number>`; some have nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests, benchmarks and fixture scripts read JSON (reports, events, API bodies) and assert
    // on it: `any` from JSON.parse is their input, not a hole in the engine's types.
    files: ['test/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
);
