/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
  },
  // Prisma's runtime ships ESM (.mjs) that Node loads itself; keep it out of the transform.
  transformIgnorePatterns: ['/node_modules/'],
  testTimeout: 30000,
  // Probes the Postgres server once for the database suites (test/support/databases.ts).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
};
