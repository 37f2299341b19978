/**
 * Embedding on another origin, end to end: a shop page on http://localhost:<port> loads the module
 * from the vino server on http://127.0.0.1:<port> and points `api-base` at it; the server lists the
 * shop's origin in its CORS origins (VINO_CORS_ORIGINS), as docs/ui.md tells integrators to do.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { buildUi } from '../../ui/build.js';
import { chromiumMissing, launchChromium, reportMissingChromium } from '../ui/browser.js';
import { collectPageErrors } from '../ui/page-harness.js';

reportMissingChromium('end-to-end embedding tests');

describe.skipIf(chromiumMissing)('<vin-origin-decoder> embedded in a page on another origin', () => {
  let workDir: string;
  let shop: Server;
  let shopOrigin: string;
  let vino: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'vino-embed-'));
    let vinoUrl = '';
    shop = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html><head><title>Fleet shop</title>
<script type="module" src="${vinoUrl}/vin-origin-decoder.js"></script></head>
<body><h1>Fleet shop</h1><vin-origin-decoder api-base="${vinoUrl}"></vin-origin-decoder></body></html>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
    const uiDir = join(workDir, 'ui');
    await buildUi(uiDir);
    vino = await startServer({ port: 0, dataDir: workDir, adminToken: 'embed-admin-token-0123456789', uiDir, logLevel: 'silent', corsOrigins: [shopOrigin] });
    vinoUrl = vino.url;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await vino?.close();
    await new Promise((resolve) => shop?.close(resolve));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('loads from the vino server and decodes through api-base', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${shopOrigin}/`);
    expect(new URL(page.url()).origin).not.toBe(new URL(vino.url).origin);
    await page.locator('vin-identifier-input input').fill('WA1EAAFYXN2065837');
    await page.locator('vin-identifier-input input').press('Enter');
    await expect.poll(() => page.locator('vin-result-card .verdict strong').textContent()).toBe('Transnational Assembly');
    await expect.poll(() => page.locator('vin-raw-exchange pre.response').textContent()).toMatch(/^HTTP 200/);
    expect(errors.filter((error) => !error.includes('favicon'))).toEqual([]);
    await page.close();
  });
});
