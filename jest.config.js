/**
 * Two tiers, both run by `npm test`:
 * - unit (`npm run test:unit`, the fast lane): the domain and other pure code. These tests open no
 *   database, start no process and touch no network, so they need nothing running.
 * - integration: everything else, on real SQLite files and Postgres, real servers, Redis, Chromium.
 *
 * ts-jest compiles each file on its own without type-checking it (tsconfig's isolatedModules):
 * `npm run typecheck` checks every file's types once, including that each can be compiled alone.
 */

/** The unit tier; a test file not listed here is an integration test. */
const UNIT_TESTS = [
  'test/docs/links.test.ts',
  'test/docs/tables.test.ts',
  'test/domain/config-schema.test.ts',
  'test/domain/config.test.ts',
  'test/domain/findings-rules.test.ts',
  'test/domain/findings-scanner.test.ts',
  'test/domain/model-exports.test.ts',
  'test/domain/rules.test.ts',
  'test/domain/search-document.test.ts',
  'test/domain/search-index.test.ts',
  'test/domain/search-int-lists.test.ts',
  'test/domain/search-tokenize.test.ts',
  'test/events/in-process-bus.test.ts',
  'test/events/serialization.test.ts',
  'test/graphql/errors.test.ts',
  'test/graphql/schema-docs.test.ts',
  'test/browser/operations.test.ts',
  'test/browser/serve.test.ts',
  'test/server/config.test.ts',
  'test/server/configuration-docs.test.ts',
  'test/server/deploy-kit.test.ts',
  'test/store/search-matches.test.ts',
];

/** @type {import('jest').Config} */
const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  // Prisma's runtime ships ESM (.mjs) that Node loads itself; keep it out of the transform.
  transformIgnorePatterns: ['/node_modules/'],
};

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: UNIT_TESTS.map((path) => `<rootDir>/${path}`),
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      // Regular expressions, unlike testMatch's globs: each unit test's exact path.
      testPathIgnorePatterns: ['/node_modules/', ...UNIT_TESTS.map((path) => `<rootDir>/${path.replaceAll('.', '\\.')}$`)],
      // Probes the Postgres server once for the database suites (test/support/databases.ts).
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
  ],
};
