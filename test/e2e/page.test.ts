/**
 * The page end to end: the real server (src/server) serving the freshly built bundle, driven in
 * headless Chromium the way a person would use it, on the server's own origin and embedded in a
 * shop page on another origin (api-base, with the shop listed in the server's CORS origins, as
 * docs/ui.md tells integrators). Only what needs the real server and registry is here: the page's
 * headers, a real answer laid out, a generated key that works, CORS in a real browser. How the
 * component behaves (counter, warnings, API errors, "Did you mean", quick picks, recent lookups,
 * raw view, keyboard, phone width) is test/ui/vin-origin-decoder.test.ts's, and the answers it
 * is given (errors and suggestions included) are the server tests'. Screenshots of each main state
 * are written to test-output/screenshots/ for a person to look at.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  let shop: Server;
  let shopOrigin: string;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'vino-e2e-'));
    const uiDir = join(workDir, 'ui');
    // A shop's page on another origin (localhost, where vino is on 127.0.0.1) that loads the
    // module from the vino server and points api-base at it.
    shop = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>Fleet shop</title>
<script type="module" src="${server.url}/vin-origin-decoder.js"></script></head>
<body><h1>Fleet shop</h1><vin-origin-decoder api-base="${server.url}"></vin-origin-decoder></body></html>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
    await Promise.all([buildUi(uiDir), mkdir(SCREENSHOTS, { recursive: true })]);
    server = await startServer({ port: 0, dataDir: workDir, adminToken: ADMIN_TOKEN, uiDir, logLevel: 'silent', rateLimitOpen: 0, corsOrigins: [shopOrigin] });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    errors = collectPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await new Promise((resolve) => shop?.close(resolve));
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

  it('logged nothing to the console', () => {
    expect(errors).toEqual([]);
  });

  it('works embedded in a page on another origin: the module from the vino server, decoding through api-base', async () => {
    const shopPage = await context.newPage();
    const shopErrors = collectPageErrors(shopPage);
    await shopPage.goto(`${shopOrigin}/`);
    expect(new URL(shopPage.url()).origin).not.toBe(new URL(server.url).origin);
    await shopPage.locator('vin-identifier-input input').fill('WA1EAAFYXN2065837');
    await shopPage.locator('vin-identifier-input input').press('Enter');
    await expect.poll(() => shopPage.locator('vin-result-card .verdict strong').textContent()).toBe('Transnational Assembly');
    await expect.poll(() => shopPage.locator('vin-result-card section[data-group="assembly"] dt:text-is("Plant country") + dd').textContent()).toBe('Mexico (MX)');
    await expect.poll(() => shopPage.locator('vin-raw-exchange pre.response').textContent()).toMatch(/^HTTP 200/);
    // The shop serves no favicon: Chromium's request for one is the shop's 404, not vino's.
    expect(shopErrors.filter((error) => !error.includes('favicon'))).toEqual([]);
    await shopPage.screenshot({ path: join(SCREENSHOTS, '09-embedded-on-another-origin.png'), fullPage: true });
    await shopPage.close();
  });
});
