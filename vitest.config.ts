import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';
import { findChromium } from './api/browser/find-chromium.ts';

const require = createRequire(import.meta.url);
// The widget's and the console's browser tests need a Chromium (.ci/run installs Debian's); without one they are skipped, saying so.
const hasChromium = findChromium() !== undefined;
if (!hasChromium) console.warn("No Chromium found (CHROMIUM_PATH, or chromium on the PATH): the widget's and the console's browser tests are skipped.");

export default defineConfig({
  resolve: {
    // graphql 16 has no "exports": Node (and every dependency) loads its CommonJS build, while Vite
    // would pick the .mjs one for our files, and two graphql instances refuse to work together.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          // The widget's and the console's component tests run in Chromium (vitest.browser.config.ts).
          exclude: [...configDefaults.exclude, 'test/widget/components/**', 'test/console/components/**'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(hasChromium ? ['vitest.browser.config.ts'] : []),
    ],
    // Files share one PostgreSQL; two at a time suits these two cores.
    maxWorkers: 2,
  },
});
