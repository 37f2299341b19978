/**
 * The page end to end: the real server (src/server) serving the freshly built bundle, driven in
 * headless Chromium the way a person would use it. Screenshots of each main state are written to
 * test-output/screenshots/ for a person to look at.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodeResult } from '../../src/generated/contract.js';
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
  const counter = () => page.locator('vin-identifier-input .counter');
  const warning = () => page.locator('vin-identifier-input .warning');
  const verdict = () => page.locator('vin-result-card .verdict strong');
  const row = (group: string, term: string) => page.locator(`vin-result-card section[data-group="${group}"] dt:text-is("${term}") + dd`);
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  async function apiDecode(identifier: string): Promise<DecodeResult> {
    const response = await fetch(`${server.url}/api/v1/vin/decode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier }) });
    expect(response.status).toBe(200);
    return await response.json() as DecodeResult;
  }

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

  it('counts to 17 while typing and warns about I, O and Q by position', async () => {
    await input().click();
    await page.keyboard.type('1HGCM8263O');
    await expect.poll(() => counter().textContent()).toBe('10 / 17');
    await expect.poll(() => warning().textContent()).toBe('ISO 3779 excludes I, O and Q from VINs because they look like the digits 1 and 0: O at position 10.');
    await page.keyboard.type('A00Q');
    await expect.poll(() => warning().textContent()).toContain('O at position 10 and Q at position 14');
    await shot('01-typing-counter-and-warning');
  });

  it('shows the readable error the API gives for an identifier with I, O or Q', async () => {
    await input().fill('1HGCM8263OA004352');
    await input().press('Enter');
    const message = page.locator('vin-identifier-input .error');
    await expect.poll(() => message.textContent()).toMatch(/^Identifier contains characters a VIN cannot have\. .*position/);
    expect(await message.textContent()).not.toContain('{');
    await shot('02-api-error');
  });

  it('accepts a JDM chassis number without the counter complaining, and decodes it', async () => {
    await input().fill('JZA80-1004956');
    await expect.poll(() => counter().textContent()).toBe('JDM chassis number · 13 characters');
    await expect.poll(() => warning().textContent()).toBe('');
    await page.locator('vin-identifier-input button[type="submit"]').click();
    await expect.poll(() => row('summary', 'Format').textContent()).toContain('JDM_CHASSIS');
    const expected = await apiDecode('JZA80-1004956');
    await expect.poll(() => verdict().textContent()).toBe(expected.summary.verdict);
    await expect.poll(() => row('vehicle', 'Model').textContent()).toBe(expected.vehicle.model ?? '-');
    await shot('03-jdm-chassis');
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

  it('finds the lookups under Recent Lookups after a reload, and decodes one again from there', async () => {
    await page.reload();
    const lookups = page.locator('vin-recent-lookups button.lookup .identifier');
    await expect.poll(() => lookups.allTextContents()).toEqual(['1HGCM82633A004352', 'WA1EAAFYXN2065837', 'JZA80-1004956']);
    await shot('06-recent-lookups-after-reload');
    await page.locator('vin-recent-lookups button[data-identifier="WA1EAAFYXN2065837"]').click();
    await expect.poll(() => verdict().textContent()).toBe('Transnational Assembly');
  });

  it('opens the raw view: the exact request and the response the API gave', async () => {
    await page.locator('vin-raw-exchange summary').press('Enter');
    await expect.poll(() => page.locator('vin-raw-exchange details').getAttribute('open')).toBe('');
    await expect.poll(() => page.locator('vin-raw-exchange pre.request').textContent())
      .toBe('POST /api/v1/vin/decode\nContent-Type: application/json\n\n{"identifier":"WA1EAAFYXN2065837"}');
    const response = (await page.locator('vin-raw-exchange pre.response').textContent())!;
    expect(response).toMatch(/^HTTP 200 OK\nContent-Type: application\/json/);
    expect(JSON.parse(response.slice(response.indexOf('{')))).toEqual(await apiDecode('WA1EAAFYXN2065837'));
    await page.locator('vin-raw-exchange vin-copy-button[label="Copy response"] button').click();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(await apiDecode('WA1EAAFYXN2065837'));
    await page.locator('vin-raw-exchange').scrollIntoViewIfNeeded();
    await shot('07-raw-view');
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

  it('refuses a wrong admin token with a sentence, not a key', async () => {
    await page.locator('#admin-token').fill('not-the-admin-token');
    await page.locator('vin-api-key-panel button[type="submit"]').click();
    await expect.poll(() => page.locator('vin-api-key-panel .error').textContent()).toBe('The admin token was not accepted.');
    await expect.poll(() => page.locator('vin-api-key-panel code.key').count()).toBe(0);
  });

  it('fits a phone screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('vin-quick-picks button[data-identifier="1HGCM82633A004352"]').click();
    await expect.poll(() => verdict().textContent()).toBe('Verified Origin Alignment');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('09-phone');
  });

  it('logged nothing to the console but the two refused requests', () => {
    // Chromium logs every 4xx fetch as "Failed to load resource"; the 422 and the 401 above are intended.
    expect(errors.filter((error) => !/status of (422|401)/.test(error))).toEqual([]);
  });
});
