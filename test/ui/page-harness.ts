/**
 * Runs the real bundle in Chromium against a faked API: every request to the page's origin is
 * answered here (playwright routing), so component suites need no server. The page is sent with
 * the server's Content-Security-Policy, so an inline script or style would show as a console error.
 */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { bundleOptions } from '../../ui/build.js';

export const PAGE_ORIGIN = 'https://vino.test';
export const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' https://api.test";

export async function bundleText(): Promise<string> {
  const result = await build({ ...bundleOptions, write: false, outfile: 'vin-origin-decoder.js' });
  return result.outputFiles?.[0]?.text ?? '';
}

export interface FakeResponse { status: number; body: unknown; contentType?: string; headers?: Record<string, string>; delayMs?: number }
export interface SeenRequest { url: string; body: string; authorization: string | null }

/** Answers API calls from a table keyed by identifier (decode) or from one fixed response (keys). */
export class FakeApi {
  readonly requests: SeenRequest[] = [];
  decodes = new Map<string, FakeResponse>();
  keys: FakeResponse = { status: 401, body: { type: 'x', title: 'Unauthorized', status: 401, detail: 'Bad admin token', code: 'UNAUTHORIZED' } };
  /** Allow the page's origin when answering from another origin (the api-base case). */
  corsOrigin: string | null = null;

  async handle(route: Route): Promise<void> {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: this._cors({ 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'content-type, authorization' }) });
    const body = request.postData() ?? '';
    this.requests.push({ url: request.url(), body, authorization: await request.headerValue('authorization') });
    const answer = request.url().endsWith('/api/v1/keys') ? this.keys : this._decode(body);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    return route.fulfill({
      status: answer.status,
      headers: this._cors({ 'content-type': answer.contentType ?? (answer.status < 400 ? 'application/json' : 'application/problem+json'), ...answer.headers }),
      body: JSON.stringify(answer.body),
    });
  }

  private _decode(body: string): FakeResponse {
    const identifier = (JSON.parse(body) as { identifier: string }).identifier;
    return this.decodes.get(identifier) ?? { status: 422, body: { type: 'x', title: 'Identifier is neither a VIN nor a chassis number', status: 422, detail: `${identifier} is not 17 characters and has no chassis-number hyphen.`, code: 'UNRECOGNISED_FORMAT' } };
  }

  private _cors(headers: Record<string, string>): Record<string, string> {
    return this.corsOrigin ? { 'access-control-allow-origin': this.corsOrigin, ...headers } : headers;
  }
}

/** Serves the real index.html, page.css, favicon and bundle at PAGE_ORIGIN; API paths go to `api`. */
export async function servePage(context: BrowserContext, bundle: string, api: FakeApi, html?: string): Promise<void> {
  const uiDir = join(import.meta.dirname, '..', '..', 'ui');
  const indexHtml = html ?? await readFile(join(uiDir, 'index.html'), 'utf8');
  const [pageCss, favicon] = await Promise.all([readFile(join(uiDir, 'page.css'), 'utf8'), readFile(join(uiDir, 'favicon.svg'), 'utf8')]);
  await context.route(`${PAGE_ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path.startsWith('/api/')) return api.handle(route);
    const files: Record<string, [string, string]> = {
      '/': ['text/html', indexHtml],
      '/page.css': ['text/css', pageCss],
      '/favicon.svg': ['image/svg+xml', favicon],
      '/vin-origin-decoder.js': ['text/javascript', bundle],
    };
    const file = files[path];
    if (!file) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, headers: { 'content-type': file[0], 'content-security-policy': CSP }, body: file[1] });
  });
}

/** Collects console errors, failed CSP checks and uncaught exceptions; a suite asserts the list stays empty. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
