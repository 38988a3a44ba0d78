import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 has no "exports": Node (and every dependency) loads its CommonJS build, while Vite
    // would pick the .mjs one for our files, and two graphql instances refuse to work together.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Files share one PostgreSQL; two at a time suits these two cores.
    maxWorkers: 2,
  },
});
