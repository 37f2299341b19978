/**
 * Bundles the web component into one minified ES module and copies the page around it:
 * dist/ui/vin-origin-decoder.js, dist/ui/index.html, page.css and favicon.svg. The server serves that
 * directory; other sites load the module with a <script type="module"> tag.
 *
 * Run: node --import tsx ui/build.ts   (part of `npm run build`)
 */
import { build, type BuildOptions } from 'esbuild';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const uiDir = dirname(fileURLToPath(import.meta.url));
export const defaultOutDir = join(uiDir, '..', 'dist', 'ui');

/** One self-contained module (Lit included) for evergreen browsers; no source map, so nothing else to serve. */
export const bundleOptions: BuildOptions = {
  entryPoints: [join(uiDir, 'vin-origin-decoder.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  tsconfig: join(uiDir, '..', 'tsconfig.json'),
  logLevel: 'warning',
};

const PAGE_FILES = ['index.html', 'page.css', 'favicon.svg'];

/** `outDir` other than dist/ui lets a test build its own copy without racing `npm run build`. */
export async function buildUi(outDir = defaultOutDir): Promise<{ bytes: number; gzipBytes: number }> {
  const bundlePath = join(outDir, 'vin-origin-decoder.js');
  await mkdir(outDir, { recursive: true });
  await build({ ...bundleOptions, outfile: bundlePath });
  await Promise.all(PAGE_FILES.map((file) => copyFile(join(uiDir, file), join(outDir, file))));
  const bundle = await readFile(bundlePath);
  return { bytes: bundle.length, gzipBytes: gzipSync(bundle, { level: 9 }).length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { bytes, gzipBytes } = await buildUi();
  console.log(`ui: dist/ui/vin-origin-decoder.js ${(bytes / 1024).toFixed(1)} KB, ${(gzipBytes / 1024).toFixed(1)} KB gzipped`);
}
