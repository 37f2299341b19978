// Headers every response carries. API answers are data, never documents: a browser must not sniff,
// frame or cache them, and a Content-Security-Policy of 'none' keeps any of them from running as a
// page. The page itself (static-ui.ts) replaces the policy with one that lets its own script run,
// and adds the headers that only matter for documents.
import type { ServerResponse } from 'node:http';

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  res.setHeader('Cache-Control', 'no-store');
}
