import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { findChromium, HEADLESS_CHROMIUM_ARGS } from './api/browser/find-chromium.ts';

/**
 * The widget's and the console's component tests, in Debian's Chromium (`apt-get install chromium`; .ci/run installs it
 * where missing) driven by Playwright: no browser download.
 */
export default defineProject({
  test: {
    name: 'widget',
    include: ['test/widget/components/**/*.test.ts', 'test/console/components/**/*.test.ts'],
    testTimeout: 30_000,
    // One file at a time: the files share the page's localStorage and its emulated media features.
    fileParallelism: false,
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: findChromium(),
          args: HEADLESS_CHROMIUM_ARGS,
        },
      }),
      instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
    },
  },
});
