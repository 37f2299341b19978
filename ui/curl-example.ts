/** The curl command shown with a new key, so an integrator can try the secure endpoint at once. */
import { apiUrl, SECURE_DECODE_PATH } from './api-client.js';

export const CURL_EXAMPLE_IDENTIFIER = '1HGCM82633A004352';

/** `origin` is the API's origin: the `api-base` attribute, or the page's own origin when that is empty. */
export function secureDecodeCurl(origin: string, key: string, identifier = CURL_EXAMPLE_IDENTIFIER): string {
  return [
    `curl -X POST '${apiUrl(origin, SECURE_DECODE_PATH)}' \\`,
    `  -H 'Authorization: Bearer ${key}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify({ identifier })}'`,
  ].join('\n');
}
