// The linter keeps rules that catch real bugs, not matters of taste (Prettier owns the layout): promises
// nobody awaits or handles, values nobody reads, and `any` leaking into published types. Import circles,
// type imports included, are checked by test/import-cycles.test.ts (the linter's cycle rules skip types).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/create-kit-app/templates/**',
      'packages/docs/content/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: ['./tsconfig.check.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Tests poke at untyped wire data (JSON bodies, protocol frames) on purpose; `any` there never reaches
    // a published type.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'test-support/**', 'packages/*/test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
