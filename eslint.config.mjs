// Workflow code must be deterministic: it runs in Temporal's sandbox and is replayed.
// These rules keep I/O, Node built-ins and the persistence layer out of workflows/.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['fs', 'path', 'http', 'https', 'net', 'dns', 'crypto', 'child_process', 'os', 'worker_threads', 'timers'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.cache/**', '.data/**', 'coverage/**', 'src/sdk/dist/**', 'src/sdk-node/dist/**', 'test-artifacts/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['workflows/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Type-only imports are erased at compile time, so `import type` of activities is fine.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.flatMap((m) => [m, `node:${m}`]),
          patterns: [
            { group: ['@mikro-orm/*', 'koa', '@koa/*', 'pg', '@temporalio/client', '@temporalio/worker', '@temporalio/activity'], message: 'Workflows are deterministic: no I/O libraries.' },
            {
              group: ['**/*.service', '**/*.entity', '**/*.routes', '**/activities/**', '**/src/http/**', '**/src/db/**'],
              message: 'Workflows may import only contracts, *.rules and activity types.',
              allowTypeImports: true,
            },
          ],
        },
      ],
      // Until the first release tag, a workflow change re-records its histories
      // (`npm run record:history`) instead of keeping the old path behind a patch.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name=/^(patched|deprecatePatch)$/]", message: 'Lastro is not released: re-record the histories instead of adding a patch (architecture: Determinism).' },
      ],
    },
  },
);
