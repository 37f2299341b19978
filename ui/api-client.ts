/**
 * The two calls the page makes. Each returns the exchange as it happened (method, path, exact
 * request body, status, response text) so the raw view can show it, plus either the parsed body or
 * a sentence a person can read. Nothing here throws: a network failure is an outcome too.
 */
import type { DecodeResult, Problem } from '../src/generated/contract.js';
import { problemMessage, unreachableMessage } from './problem-message.js';

export const DECODE_PATH = '/api/v1/vin/decode';
export const SECURE_DECODE_PATH = '/api/v1/secure/vin/decode';
export const KEYS_PATH = '/api/v1/keys';

export interface HttpExchange {
  method: 'POST';
  path: string;
  url: string;
  /** Exactly the bytes sent. */
  requestBody: string;
  /** null when no response arrived. */
  status: number | null;
  statusText: string;
  contentType: string | null;
  responseText: string;
}

import type { CreatedApiKey } from '../src/keys/key-store.js';

export type ApiOutcome<T> =
  | { ok: true; body: T; exchange: HttpExchange }
  | { ok: false; message: string; problem: Problem | null; exchange: HttpExchange };

/** What `POST /api/v1/keys` answers with 201 (the server's own type): the only time the key is sent. */
export type { CreatedApiKey } from '../src/keys/key-store.js';

/** `api-base` may be '' (same origin) or an origin such as `https://vino.example`, with or without a trailing slash. */
export function apiUrl(apiBase: string, path: string): string {
  return apiBase.replace(/\/+$/, '') + path;
}

export function decodeIdentifier(apiBase: string, identifier: string, fetchImpl: typeof fetch = fetch): Promise<ApiOutcome<DecodeResult>> {
  return postJson<DecodeResult>(fetchImpl, apiBase, DECODE_PATH, { identifier }, {});
}

export function createApiKey(apiBase: string, label: string, adminToken: string, fetchImpl: typeof fetch = fetch): Promise<ApiOutcome<CreatedApiKey>> {
  return postJson<CreatedApiKey>(fetchImpl, apiBase, KEYS_PATH, { label }, { Authorization: `Bearer ${adminToken}` });
}

async function postJson<T>(fetchImpl: typeof fetch, apiBase: string, path: string, body: unknown, headers: Record<string, string>): Promise<ApiOutcome<T>> {
  const url = apiUrl(apiBase, path);
  const requestBody = JSON.stringify(body);
  const exchange: HttpExchange = { method: 'POST', path, url, requestBody, status: null, statusText: '', contentType: null, responseText: '' };
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: requestBody,
    });
    exchange.responseText = await response.text();
  } catch (error) {
    return { ok: false, message: unreachableMessage(url, error), problem: null, exchange };
  }
  exchange.status = response.status;
  exchange.statusText = response.statusText;
  exchange.contentType = response.headers.get('content-type');
  const parsed = parseJson(exchange.responseText);
  if (response.ok && parsed !== undefined) return { ok: true, body: parsed as T, exchange };
  const problem = isProblem(parsed) ? parsed : null;
  return { ok: false, message: problemMessage(response.status, response.statusText, problem, response.headers.get('retry-after')), problem, exchange };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && typeof (value as Problem).code === 'string' && typeof (value as Problem).title === 'string';
}
