/**
 * The page end to end: the real server (src/server) serving the freshly built bundle, driven in
 * headless Chromium the way a person would use it. Only what needs the real server and registry is
 * here (the page's headers, real answers and errors, a generated key that works); how the component
 * behaves (counter, warnings, recent lookups, raw view, keyboard, phone width) is
 * test/ui/vin-origin-decoder.test.ts's. Screenshots of each main state are written to
 * test-output/screenshots/ for a person to look at.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { buildUi } from '../../ui/build.js';
import { chromiumMissing, launchChromium, reportMissingChromium } from '../ui/browser.js';
import { collectPageErrors } from '../ui/page-harness.js';

reportMissingChromium('end-to-end page tests');

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');

describe.skipIf(chromiumMissing)('the page served by vino, in Chromium', () => {
  let workDir: string;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'vino-e2e-'));
    const uiDir = join(workDir, 'ui');
    await Promise.all([buildUi(uiDir), mkdir(SCREENSHOTS, { recursive: true })]);
    server = await startServer({ port: 0, dataDir: workDir, adminToken: ADMIN_TOKEN, uiDir, logLevel: 'silent', rateLimitOpen: 0 });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const input = () => page.locator('vin-identifier-input input');
  const verdict = () => page.locator('vin-result-card .verdict strong');
  const row = (group: string, term: string) => page.locator(`vin-result-card section[data-group="${group}"] dt:text-is("${term}") + dd`);
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  it('serves the page under its Content-Security-Policy, and the module with cache headers', async () => {
    const response = await page.goto(`${server.url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await input().waitFor();
    const bundle = await fetch(`${server.url}/vin-origin-decoder.js`);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(bundle.headers.get('cache-control')).toBeTruthy();
    expect(bundle.headers.get('etag')).toBeTruthy();
  });

  it('shows the readable error the API gives for an identifier with I, O or Q', async () => {
    await input().fill('1HGCM8263OA004352');
    await input().press('Enter');
    const message = page.locator('vin-identifier-input .error');
    await expect.poll(() => message.textContent()).toMatch(/^Identifier contains characters a VIN cannot have\. .*position/);
    expect(await message.textContent()).not.toContain('{');
    await shot('02-api-error');
  });

  it('decodes a Transnational quick pick: German maker, Mexican plant', async () => {
    await page.locator('vin-quick-picks button[data-identifier="WA1EAAFYXN2065837"]').click();
    await expect.poll(() => verdict().textContent()).toBe('Transnational Assembly');
    await expect.poll(() => row('corporate-origin', 'Country').textContent()).toBe('Germany (DE)');
    await expect.poll(() => row('assembly', 'Plant country').textContent()).toBe('Mexico (MX)');
    await expect.poll(() => row('assembly', 'City / state').textContent()).toContain('San José Chiapa');
    await shot('04-result-transnational');
  });

  it('decodes a VIN typed and entered: verdict and plant from the registry', async () => {
    await input().fill('1HGCM82633A004352');
    await input().press('Enter');
    await expect.poll(() => verdict().textContent()).toBe('Verified Origin Alignment');
    await expect.poll(() => row('assembly', 'City / state').textContent()).toBe('Marysville, Ohio');
    await expect.poll(() => row('validation', 'Check digit').textContent()).toBe('MATCH: calculated 3, actual 3 (mandatory in this region)');
    await shot('05-result-verified');
  });

  it('generates an integration key with the admin token, and the key works on the secure endpoint', async () => {
    await page.locator('#key-label').fill('Fleet ERP');
    await page.locator('#admin-token').fill(ADMIN_TOKEN);
    await page.locator('vin-api-key-panel button[type="submit"]').click();
    const keyText = page.locator('vin-api-key-panel code.key');
    await keyText.waitFor();
    const key = (await keyText.textContent())!;
    const curl = (await page.locator('vin-api-key-panel pre.curl').textContent())!;
    expect(curl).toContain(`'${server.url}/api/v1/secure/vin/decode'`);
    expect(curl).toContain(`Authorization: Bearer ${key}`);
    const secure = await fetch(`${server.url}/api/v1/secure/vin/decode`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: '{"identifier":"1HGCM82633A004352"}' });
    expect(secure.status).toBe(200);
    await page.locator('vin-api-key-panel').scrollIntoViewIfNeeded();
    await shot('08-api-key-generated');
  });

  it('offers "Did you mean …?" for a VIN with an O, and decodes the corrected VIN when it is clicked', async () => {
    await input().fill('1HGCM82633A0O4352');
    await input().press('Enter');
    const link = page.locator('vin-suggestion-links a[data-vin="1HGCM82633A004352"]');
    await expect.poll(() => link.count()).toBe(1);
    await expect.poll(() => page.locator('vin-suggestion-links li').first().textContent()).toContain('O at position 13 is probably 0');
    await shot('08b-did-you-mean');
    await link.click();
    await expect.poll(() => verdict().textContent()).toBe('Verified Origin Alignment');
    await expect.poll(() => input().inputValue()).toBe('1HGCM82633A004352');
  });

  it('logged nothing to the console but the refused requests', () => {
    // Chromium logs every 4xx fetch as "Failed to load resource"; the 422s above are intended.
    expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  });
});
