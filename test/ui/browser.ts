/**
 * Launches Debian's Chromium through playwright-core for the component and end-to-end suites.
 * Where it is missing the suites skip and say why, rather than pass silently; under
 * VINO_TEST_REQUIRE_SERVICES=1 (CI, which installs it) a missing Chromium is a failure, as a
 * missing Redis or PostgreSQL is.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, it } from 'vitest';

export const CHROMIUM_PATH = process.env.VINO_CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumMissing = !existsSync(CHROMIUM_PATH);

/** Call at the top of a browser suite: without Chromium, fails under VINO_TEST_REQUIRE_SERVICES=1, else says why the suite is skipped. */
export function reportMissingChromium(suite: string): void {
  if (!chromiumMissing) return;
  const reason = `${CHROMIUM_PATH} does not exist (apt-get install chromium, or set VINO_CHROMIUM_PATH)`;
  if (process.env.VINO_TEST_REQUIRE_SERVICES === '1') {
    describe(suite, () => {
      it('needs Chromium (VINO_TEST_REQUIRE_SERVICES=1)', () => {
        throw new Error(`${reason}, and VINO_TEST_REQUIRE_SERVICES=1 says it must`);
      });
    });
  } else {
    console.warn(`${suite}: skipped because ${reason} (set VINO_TEST_REQUIRE_SERVICES=1 to make this a failure)`);
  }
}

/** The flags keep Chromium from reaching for the network (updates, sync, QUIC probes), which stalls it offline. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
