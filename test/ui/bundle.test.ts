/** The shipped files: one small ES module, and a page the server's CSP (script-src/style-src 'self') allows. */
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../ui/build.js';

const GZIP_BUDGET_BYTES = 40 * 1024;

describe('ui bundle', () => {
  it(`is one ES module under ${GZIP_BUDGET_BYTES / 1024} KB gzipped that defines every element`, async () => {
    const result = await build({ ...bundleOptions, write: false, outfile: 'vin-origin-decoder.js', metafile: true });
    expect(result.outputFiles).toHaveLength(1);
    const text = result.outputFiles[0]!.text;
    expect(gzipSync(text, { level: 9 }).length).toBeLessThan(GZIP_BUDGET_BYTES);
    expect(result.metafile.outputs['vin-origin-decoder.js']?.imports).toEqual([]);
    for (const tag of ['vin-origin-decoder', 'vin-identifier-input', 'vin-result-card', 'vin-quick-picks', 'vin-recent-lookups', 'vin-raw-exchange', 'vin-api-key-panel', 'vin-copy-button']) {
      expect(text).toContain(`"${tag}"`);
    }
  });
});

describe('ui/index.html', async () => {
  const html = await readFile(join(import.meta.dirname, '..', '..', 'ui', 'index.html'), 'utf8');

  it('loads the component as an external module', () => {
    expect(html).toMatch(/<script type="module" src="\.\/vin-origin-decoder\.js"><\/script>/);
    expect(html).toContain('<vin-origin-decoder>');
  });

  it('has no inline script, inline style or event-handler attribute', () => {
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/^<script\b[^>]*\bsrc="[^"]+"[^>]*><\/script>$/);
    expect(html).not.toMatch(/<style\b/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/\son[a-z]+="/);
  });
});
