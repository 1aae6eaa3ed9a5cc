/**
 * Three projects: `unit` (pure rules, no I/O, runs in parallel), `integration` (real
 * PostgreSQL, real Temporal test server, real HTTP) and `chaos` (fault injection on a whole
 * dev-like stack each file starts itself; `npm run test:chaos`, three files at a time). All are plain
 * TypeScript compiled by swc; type checking is `npm run typecheck`, run before jest by `npm test`.
 */
const transform = {
  '^.+\\.tsx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
};
const common = {
  testEnvironment: 'node',
  transform,
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Tool caches (Go module cache, Maven repo) and local data hold files jest must not crawl.
  modulePathIgnorePatterns: ['<rootDir>/.cache/', '<rootDir>/.data/', '<rootDir>/dist/'],
};

module.exports = {
  testTimeout: 120_000,
  // Two files at a time on CI's two cores: at three the integration files slow down more than the
  // parallelism gains. The chaos files mostly wait, so `npm run test:chaos` runs three.
  maxWorkers: 2,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/**/*.unit.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      // Starts embedded PostgreSQL once and provisions the Temporal test server binary.
      globalSetup: '<rootDir>/test/helpers/global-setup.ts',
      globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
      testMatch: ['<rootDir>/test/**/*.int.test.ts', '<rootDir>/test/**/*.workflow.test.ts', '<rootDir>/test/**/*.e2e.test.ts'],
    },
    // No globalSetup: each chaos file starts its own PostgreSQL, Temporal dev server, API and worker.
    { ...common, displayName: 'chaos', testMatch: ['<rootDir>/test/**/*.chaos.test.ts'] },
  ],
};
