// eslint with typescript-eslint's recommended rules (not the type-checked set: it would double
// the time of `npm test` for little the compiler's strict mode does not already catch).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.types/', 'node_modules/', 'coverage/'] },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        queueMicrotask: 'readonly',
      },
    },
    rules: {
      // emctl escapes control characters in everything it prints (DESIGN 8): its patterns name
      // them on purpose.
      'no-control-regex': 'off',
      // YAML indentation inside a pattern reads better as the spaces it is than as ` {2}`.
      'no-regex-spaces': 'off',
      // `_name` marks a parameter a signature needs but the body does not use (tsc's own rule).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // DESIGN 5: each use case reads in one sitting, owning its connection; what is not a use case
    // belongs to the room of its job, not to workflows/.
    files: ['src/workflows/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
);
