// Redis and PostgreSQL for the suites that need them: present on this machine kind and in CI.
// Absent, a suite says why and skips, unless VINO_TEST_REQUIRE_SERVICES=1 (CI), where a missing
// service is a failure rather than a quiet pass.
import { describe, it } from 'vitest';
import { listening } from '../keys/probe.js';

export async function serviceAvailable(suite: string, name: string, url: string, defaultPort: number): Promise<boolean> {
  // The probe gives up after 0.5 s, which a worker busy loading modules can miss: ask three times.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await listening(url, defaultPort)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (process.env.VINO_TEST_REQUIRE_SERVICES === '1') {
    describe(suite, () => {
      it(`needs ${name} at ${url} (VINO_TEST_REQUIRE_SERVICES=1)`, () => {
        throw new Error(`${name} does not answer at ${url}, and VINO_TEST_REQUIRE_SERVICES=1 says it must`);
      });
    });
  } else {
    console.warn(`${suite}: skipping: no ${name} at ${url} (set VINO_TEST_REQUIRE_SERVICES=1 to make this a failure)`);
  }
  return false;
}
