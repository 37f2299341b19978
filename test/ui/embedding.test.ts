/**
 * Embedding on another origin: a page on https://shop.test copies the module next to its own files
 * and points `api-base` at the vino server on https://api.test, which allows that origin (CORS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launchChromium, reportMissingChromium } from './browser.js';
import { hondaResult } from './fixtures.js';
import { bundleText, collectPageErrors, FakeApi } from './page-harness.js';

reportMissingChromium('vin-origin-decoder embedding tests');

const SHOP = 'https://shop.test';
const API = 'https://api.test';
const EMBED_PAGE = `<!doctype html><html><head><script type="module" src="/js/vin-origin-decoder.js"></script></head>
<body><h1>Fleet shop</h1><vin-origin-decoder api-base="${API}/"></vin-origin-decoder></body></html>`;

describe.skipIf(chromiumMissing)('embedding <vin-origin-decoder> on another origin', () => {
  let browser: Browser;
  let bundle: string;

  beforeAll(async () => { [browser, bundle] = await Promise.all([launchChromium(), bundleText()]); });
  afterAll(async () => { await browser?.close(); });

  it('sends decode and key requests to api-base and shows the answer', async () => {
    const context = await browser.newContext();
    const api = new FakeApi();
    api.corsOrigin = SHOP;
    api.decodes.set(hondaResult.identifier, { status: 200, body: hondaResult });
    api.keys = { status: 201, body: { id: 'k_2', label: 'Shop', key: 'vino_shop_key', prefix: 'vino_sho', createdAt: '2025-01-01T00:00:00.000Z' } };
    await context.route(`${API}/**`, (route) => api.handle(route));
    await context.route(`${SHOP}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/js/vin-origin-decoder.js') return route.fulfill({ status: 200, contentType: 'text/javascript', body: bundle });
      return route.fulfill({ status: 200, contentType: 'text/html', headers: { 'content-security-policy': `script-src 'self'; connect-src ${API}` }, body: EMBED_PAGE });
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${SHOP}/`);

    await page.locator('vin-identifier-input input').fill('1HGCM82633A004352');
    await page.locator('vin-identifier-input input').press('Enter');
    await expect.poll(() => page.locator('vin-result-card .verdict strong').textContent()).toBe('Verified Origin Alignment');
    expect(api.requests.map((request) => request.url)).toEqual([`${API}/api/v1/vin/decode`]);

    await page.locator('#key-label').fill('Shop');
    await page.locator('#admin-token').fill('token');
    await page.locator('#admin-token').press('Enter');
    await expect.poll(() => page.locator('vin-api-key-panel pre.curl').textContent()).toContain(`'${API}/api/v1/secure/vin/decode'`);
    expect(api.requests.at(-1)?.url).toBe(`${API}/api/v1/keys`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
