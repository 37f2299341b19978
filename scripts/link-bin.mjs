// Part of `npm install` (prepare): npm links the bins of dependencies into node_modules/.bin but
// not the project's own, so `node_modules/.bin/vino` (what scripts and the evaluation call) is
// linked here to bin/vino.js.
import { chmodSync, lstatSync, mkdirSync, symlinkSync, unlinkSync } from 'node:fs';

const bin = new URL('../node_modules/.bin/', import.meta.url);
const link = new URL('vino', bin);
mkdirSync(bin, { recursive: true });
try {
  lstatSync(link);
  unlinkSync(link);
} catch {
  // nothing there yet
}
symlinkSync('../../bin/vino.js', link);
chmodSync(new URL('../bin/vino.js', import.meta.url), 0o755);
