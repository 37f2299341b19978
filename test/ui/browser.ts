/**
 * Launches Debian's Chromium through playwright-core for the component and end-to-end suites.
 * Where it is missing the suites skip and say why (CI installs it), rather than pass silently.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.VINO_CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumMissing = !existsSync(CHROMIUM_PATH);

/** Call at the top of a browser suite: prints the reason the suite is skipped, if it is. */
export function warnIfChromiumMissing(suite: string): void {
  if (chromiumMissing) console.warn(`${suite}: skipped because ${CHROMIUM_PATH} does not exist (apt-get install chromium, or set VINO_CHROMIUM_PATH)`);
}

/** The flags keep Chromium from reaching for the network (updates, sync, QUIC probes), which stalls it offline. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
