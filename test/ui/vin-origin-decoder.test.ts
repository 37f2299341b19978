/**
 * <vin-origin-decoder> in real Chromium against a faked API: what a person types, sees and can do,
 * on the page vino serves and embedded in a page on another origin. The bundle under test is the
 * one esbuild builds for production; one Chromium serves every test, each in a context of its own.
 */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumMissing, launchChromium, reportMissingChromium } from './browser.js';
import { audiMexicoResult, hondaResult, illegalCharactersProblem, mistypedProblem, sparseResult } from './fixtures.js';
import { bundleText, collectPageErrors, FakeApi, PAGE_ORIGIN, servePage } from './page-harness.js';

reportMissingChromium('vin-origin-decoder component tests');

let browser: Browser;
let bundle: string;
beforeAll(async () => {
  if (!chromiumMissing) [browser, bundle] = await Promise.all([launchChromium(), bundleText()]);
});
afterAll(async () => { await browser?.close(); });

describe.skipIf(chromiumMissing)('<vin-origin-decoder> in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let api: FakeApi;
  let errors: string[];

  beforeEach(async () => {
    context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: PAGE_ORIGIN });
    api = new FakeApi();
    api.decodes.set(hondaResult.identifier, { status: 200, body: hondaResult });
    api.decodes.set(audiMexicoResult.identifier, { status: 200, body: audiMexicoResult });
    api.decodes.set(sparseResult.identifier, { status: 200, body: sparseResult });
    api.decodes.set(illegalCharactersProblem.identifier!, { status: 422, body: illegalCharactersProblem });
    api.decodes.set(mistypedProblem.identifier!, { status: 422, body: mistypedProblem });
    await servePage(context, bundle, api);
    page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${PAGE_ORIGIN}/`);
    await page.locator('vin-identifier-input input').waitFor();
  });
  afterEach(async () => { await context.close(); });

  const input = () => page.locator('vin-identifier-input input');
  const counter = () => page.locator('vin-identifier-input .counter');
  const warning = () => page.locator('vin-identifier-input .warning');
  const inputError = () => page.locator('vin-identifier-input .error');
  const verdict = () => page.locator('vin-result-card .verdict strong');
  const group = (id: string) => page.locator(`vin-result-card section[data-group="${id}"]`);
  const row = (id: string, term: string) => group(id).locator(`dt:text-is("${term}") + dd`);

  it('counts characters against 17 as they are typed', async () => {
    await expect.poll(() => counter().textContent()).toBe('0 / 17');
    await input().pressSequentially('1hgcm8');
    await expect.poll(() => counter().textContent()).toBe('6 / 17');
    await input().pressSequentially('2633A004352');
    await expect.poll(() => counter().textContent()).toBe('17 / 17');
    await expect.poll(() => counter().getAttribute('data-state')).toBe('complete');
    await input().press('5');
    await expect.poll(() => counter().getAttribute('data-state')).toBe('long');
    expect(errors).toEqual([]);
  });

  it('warns the moment I, O or Q is typed, naming the positions, in a live region', async () => {
    await input().pressSequentially('1HGCM8263');
    await expect.poll(() => warning().textContent()).toBe('');
    await input().press('o');
    await expect.poll(() => warning().textContent()).toBe('ISO 3779 excludes I, O and Q from VINs because they look like the digits 1 and 0: O at position 10.');
    await input().pressSequentially('A00Q');
    await expect.poll(() => warning().textContent()).toContain('O at position 10 and Q at position 14.');
    await expect.poll(() => warning().getAttribute('aria-live')).toBe('polite');
    await input().fill('1HGCM82633A004352');
    await expect.poll(() => warning().textContent()).toBe('');
  });

  it('says when the text will be read as a partial VIN: the first 11-16 positions, or * for unknown ones', async () => {
    await input().pressSequentially('1hgcm8263');
    await expect.poll(() => counter().textContent()).toBe('9 / 17');
    await input().pressSequentially('3a');
    await expect.poll(() => counter().textContent()).toBe('11 / 17 · partial VIN: positions 12-17 unknown');
    await expect.poll(() => counter().getAttribute('data-state')).toBe('partial');
    await input().fill('1HGCM8*633A004352');
    await expect.poll(() => counter().textContent()).toBe('17 / 17 · partial VIN: position 7 unknown');
    await expect.poll(() => warning().textContent()).toBe('');
    expect(errors).toEqual([]);
  });

  it('offers "Did you mean …?" links for a mistyped VIN, and decodes the one chosen', async () => {
    await input().fill('1HGCM82633A0O4352');
    await input().press('Enter');
    const link = page.locator('vin-suggestion-links a[data-vin="1HGCM82633A004352"]');
    await expect.poll(() => link.count()).toBe(1);
    await expect.poll(() => page.locator('vin-suggestion-links li').first().textContent()).toMatch(/Did you mean\s+1HGCM82633A004352\?\s+O at position 13 is probably 0/);
    await link.click();
    await expect.poll(() => verdict().textContent()).toBe('Verified Origin Alignment');
    await expect.poll(() => input().inputValue()).toBe('1HGCM82633A004352');
    await expect.poll(() => page.locator('vin-suggestion-links a').count()).toBe(0);
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
  });

  it('accepts a JDM chassis number without counting it against 17', async () => {
    await input().fill('JZA80-1004956');
    await expect.poll(() => counter().textContent()).toBe('JDM chassis number · 13 characters');
    await expect.poll(() => counter().getAttribute('data-state')).toBe('chassis');
    await expect.poll(() => warning().textContent()).toBe('');
    await input().press('Enter');
    await expect.poll(() => verdict().textContent()).toBe('Unverified');
  });

  it('decodes on Enter and lays the result out in the five groups, with - for unknown values', async () => {
    await input().fill('1hgcm82633a004352');
    await input().press('Enter');
    await expect.poll(() => verdict().textContent()).toBe('Verified Origin Alignment');
    expect(api.requests.map((request) => request.body)).toEqual(['{"identifier":"1HGCM82633A004352"}']);
    const titles = await page.locator('vin-result-card h2').allTextContents();
    expect(titles).toEqual(['Summary', 'Layer 1 · Corporate Origin', 'Layer 2 · Physical Assembly Line', 'Vehicle Attributes', 'Validation & Diagnostics']);
    await expect.poll(() => row('summary', 'Format').textContent()).toContain('ISO_17_STANDARD');
    await expect.poll(() => row('summary', 'Confidence').textContent()).toContain('HIGH_DETERMINISTIC');
    await expect.poll(() => row('corporate-origin', 'Manufacturer').textContent()).toBe('American Honda Motor Co., Inc.');
    await expect.poll(() => row('corporate-origin', 'Production volume').textContent()).toBe('High-Volume Production');
    await expect.poll(() => row('assembly', 'City / state').textContent()).toBe('Marysville, Ohio');
    await expect.poll(() => row('assembly', 'Source').textContent()).toBe('Government Registry');
    await expect.poll(() => row('vehicle', 'Model').textContent()).toBe('Accord');
    await expect.poll(() => row('vehicle', 'Model year').textContent()).toBe('2003');
    await expect.poll(() => row('validation', 'Check digit').textContent()).toBe('MATCH: calculated 3, actual 3 (mandatory in this region)');
    await expect.poll(() => row('validation', 'Evidence sources').locator('li').allTextContents()).toEqual([
      'Corporate origin: wmi 1HG — NHTSA vPIC',
      'Assembly: plants 1HG/A — NHTSA vPIC',
    ]);
    await expect(page.locator('vin-origin-decoder [role="status"].visually-hidden').textContent())
      .resolves.toBe('1HGCM82633A004352: Verified Origin Alignment, 2003 Honda Accord, assembled in Marysville, Ohio.');
    expect(errors).toEqual([]);
  });

  it('shows what the VIN patterns say the vehicle is, - where they say nothing', async () => {
    await input().fill(hondaResult.identifier);
    await input().press('Enter');
    await verdict().waitFor();
    const vehicleRows = async () => {
      const terms = await group('vehicle').locator('dt').allTextContents();
      const values = await group('vehicle').locator('dd').allTextContents();
      return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
    };
    await expect.poll(vehicleRows).toMatchObject({
      Model: 'Accord', Series: '-', Trim: 'EX-V6', Body: 'Coupe', Doors: '2', Drive: '-',
      Engine: '6 cyl · 3.0 L · J30A4 · V-Shaped · turbo -', Fuel: 'Gasoline · secondary - · electrification -',
      GVWR: 'Class 1C: 4,001 - 5,000 lb (1,814 - 2,268 kg)',
    });
    await input().fill(sparseResult.identifier);
    await input().press('Enter');
    await expect.poll(() => verdict().textContent()).toBe('Unverified');
    await expect.poll(vehicleRows).toMatchObject({ Series: '-', Trim: '-', Body: '-', Doors: '-', Drive: '-', Engine: '-', Fuel: '-', GVWR: '-' });
  });

  it('puts a failing mandatory check digit above the verdict and names it as the reason for LOW', async () => {
    const { decode } = await import('../../src/decode/index.js');
    const tesla = decode('5YJ3E1EA7KF317000');
    if (!tesla.ok) throw new Error('the Tesla VIN did not decode');
    api.decodes.set(tesla.result.identifier, { status: 200, body: tesla.result });
    await input().fill(tesla.result.identifier);
    await input().press('Enter');
    await verdict().waitFor();
    const alert = page.locator('vin-result-card [part="check-digit-alert"]');
    await expect.poll(() => alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toMatch(/Check digit fails:\s+position 9 should be 2, the VIN has\s+7/);
    expect(await row('summary', 'Confidence').textContent()).toContain('Low: the check digit fails (calculated 2, the VIN has 7) where it is mandatory');
    expect(await row('summary', 'Confidence').textContent()).not.toContain('country range');
    await input().fill(hondaResult.identifier);
    await input().press('Enter');
    await expect.poll(() => alert.count()).toBe(0);
  });

  it('shows every unknown plant fact as -', async () => {
    await page.locator('vin-identifier-input input').fill('JZA80-1004956');
    await page.locator('vin-identifier-input button[type="submit"]').click();
    await verdict().waitFor();
    await expect.poll(() => group('assembly').locator('dd').allTextContents()).toEqual(['-', '-', '-', '-', '-']);
  });

  it('decodes a quick pick and shows its verdict', async () => {
    await page.locator('vin-quick-picks button[data-identifier="WA1EAAFYXN2065837"]').click();
    await expect.poll(() => verdict().textContent()).toBe('Transnational Assembly');
    await expect.poll(() => input().inputValue()).toBe('WA1EAAFYXN2065837');
    await expect.poll(() => page.locator('vin-result-card .verdict').getAttribute('data-alignment')).toBe('TRANSNATIONAL_ASSEMBLY');
  });

  it('shows the answer to the last decode even when an earlier one answers later', async () => {
    api.decodes.set(hondaResult.identifier, { status: 200, body: hondaResult, delayMs: 600 });
    await page.locator('vin-quick-picks button[data-identifier="1HGCM82633A004352"]').click();
    await page.locator('vin-quick-picks button[data-identifier="WA1EAAFYXN2065837"]').click();
    await expect.poll(() => verdict().textContent()).toBe('Transnational Assembly');
    await page.waitForTimeout(800);
    await expect.poll(() => verdict().textContent()).toBe('Transnational Assembly');
    await expect.poll(() => input().inputValue()).toBe('WA1EAAFYXN2065837');
  });

  it('shows an API error as a readable sentence beside the input, not JSON', async () => {
    await input().fill('1HGCM8263OA004352');
    await input().press('Enter');
    await expect.poll(() => inputError().textContent()).toBe('Identifier contains characters a VIN cannot have. Position 10 holds O, which ISO 3779 excludes.');
    await expect.poll(() => inputError().getAttribute('role')).toBe('alert');
    await expect.poll(() => page.locator('vin-result-card .verdict').count()).toBe(0);
    await input().press('Backspace');
    await expect.poll(() => inputError().textContent()).toBe('');
    // Chromium logs every 4xx fetch; that is the only console error this path may produce.
    expect(errors.filter((error) => !error.includes('status of 422'))).toEqual([]);
  });

  it('keeps recent lookups across a reload, decodes one again on click, and clears them', async () => {
    await input().fill('1HGCM82633A004352');
    await input().press('Enter');
    await verdict().waitFor();
    await page.locator('vin-quick-picks button[data-identifier="JZA80-1004956"]').click();
    await expect.poll(() => verdict().textContent()).toBe('Unverified');
    await page.reload();
    const lookups = page.locator('vin-recent-lookups button.lookup');
    await expect.poll(() => lookups.locator('.identifier').allTextContents()).toEqual(['JZA80-1004956', '1HGCM82633A004352']);
    await lookups.nth(1).click();
    await expect.poll(() => verdict().textContent()).toBe('Verified Origin Alignment');
    await expect.poll(() => lookups.locator('.identifier').allTextContents()).toEqual(['1HGCM82633A004352', 'JZA80-1004956']);
    await page.locator('vin-recent-lookups button[part="clear-button"]').click();
    await expect.poll(() => lookups.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vino.recentLookups'))).toBeNull();
  });

  it('opens the raw view with the exact request and response, and copies the response', async () => {
    await input().fill('1HGCM82633A004352');
    await input().press('Enter');
    await verdict().waitFor();
    const details = page.locator('vin-raw-exchange details');
    await expect.poll(() => details.getAttribute('open')).toBeNull();
    await page.locator('vin-raw-exchange summary').click();
    await expect.poll(() => details.getAttribute('open')).toBe('');
    await expect.poll(() => page.locator('vin-raw-exchange summary').textContent()).toContain('POST /api/v1/vin/decode');
    await expect(page.locator('vin-raw-exchange pre.request').textContent())
      .resolves.toBe('POST /api/v1/vin/decode\nContent-Type: application/json\n\n{"identifier":"1HGCM82633A004352"}');
    const response = await page.locator('vin-raw-exchange pre.response').textContent();
    expect(response?.startsWith('HTTP 200')).toBe(true);
    expect(JSON.parse(response!.slice(response!.indexOf('{')))).toEqual(hondaResult);
    await page.locator('vin-raw-exchange vin-copy-button[label="Copy response"] button').click();
    await expect.poll(() => page.locator('vin-raw-exchange vin-copy-button[label="Copy response"] .status').textContent()).toBe('Copied');
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(hondaResult);
  });

  it('generates an API key with the admin token and shows it once with a curl example', async () => {
    api.keys = { status: 201, body: { id: 'k_1', label: 'Fleet ERP', key: 'vino_live_abc123', prefix: 'vino_live_ab', createdAt: '2025-01-01T00:00:00.000Z' } };
    await page.locator('#key-label').fill('Fleet ERP');
    await page.locator('#admin-token').fill('admin-token-xyz');
    await page.locator('#admin-token').press('Enter');
    await expect.poll(() => page.locator('vin-api-key-panel code.key').textContent()).toBe('vino_live_abc123');
    const keyRequest = api.requests.at(-1)!;
    expect(keyRequest).toEqual({ url: `${PAGE_ORIGIN}/api/v1/keys`, body: '{"label":"Fleet ERP"}', authorization: 'Bearer admin-token-xyz' });
    const curl = await page.locator('vin-api-key-panel pre.curl').textContent();
    expect(curl).toContain(`'${PAGE_ORIGIN}/api/v1/secure/vin/decode'`);
    expect(curl).toContain("-H 'Authorization: Bearer vino_live_abc123'");
    await page.locator('vin-api-key-panel vin-copy-button[label="Copy key"] button').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('vino_live_abc123');
  });

  it('says so when the admin token is refused', async () => {
    await page.locator('#key-label').fill('Fleet ERP');
    await page.locator('#admin-token').fill('wrong');
    await page.locator('vin-api-key-panel button[type="submit"]').click();
    await expect.poll(() => page.locator('vin-api-key-panel .error').textContent()).toBe('The admin token was not accepted.');
    await expect.poll(() => page.locator('vin-api-key-panel code.key').count()).toBe(0);
  });

  it('works from the keyboard alone: type, Enter, Tab to a quick pick, Enter', async () => {
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.shadowRoot?.activeElement?.id)).toBe('identifier');
    await page.keyboard.type('1HGCM82633A004352');
    await page.keyboard.press('Enter');
    await expect.poll(() => verdict().textContent()).toBe('Verified Origin Alignment');
    for (let presses = 0; presses < 12; presses++) {
      const focused = await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.shadowRoot?.activeElement?.getAttribute('data-identifier'));
      if (focused === 'WA1EAAFYXN2065837') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => verdict().textContent()).toBe('Transnational Assembly');
  });

  it('fits a phone-width screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await input().fill('1HGCM82633A004352');
    await input().press('Enter');
    await verdict().waitFor();
    // The raw view's long JSON lines are the widest content on the page.
    await page.locator('vin-raw-exchange summary').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The vehicle's GVWR and engine are the longest values in the card: they wrap, not spill.
    const cellsOverflowing = await group('vehicle').locator('dd').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).length);
    expect(cellsOverflowing).toBe(0);
  });

  it('lets the embedding page restyle it through custom properties and ::part', async () => {
    // The page's CSP forbids inline <style>, so the embedding styles arrive as a constructed sheet.
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('vin-origin-decoder { --vino-accent: rgb(200, 0, 100); } vin-origin-decoder::part(verdict) { outline: 4px dotted rgb(1, 2, 3); }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    await input().fill('1HGCM82633A004352');
    await input().press('Enter');
    await verdict().waitFor();
    await expect.poll(() => page.locator('vin-identifier-input button[type="submit"]').evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(200, 0, 100)');
    await expect.poll(() => page.locator('vin-result-card .verdict').evaluate((banner) => getComputedStyle(banner).outlineColor)).toBe('rgb(1, 2, 3)');
  });
});

/**
 * Embedding on another origin: a page on https://shop.test copies the module next to its own files
 * and points `api-base` at the vino server on https://api.test, which allows that origin (CORS).
 */
const SHOP = 'https://shop.test';
const API = 'https://api.test';
const EMBED_PAGE = `<!doctype html><html><head><script type="module" src="/js/vin-origin-decoder.js"></script></head>
<body><h1>Fleet shop</h1><vin-origin-decoder api-base="${API}/"></vin-origin-decoder></body></html>`;

describe.skipIf(chromiumMissing)('embedding <vin-origin-decoder> on another origin', () => {
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
