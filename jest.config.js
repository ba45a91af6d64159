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
};
