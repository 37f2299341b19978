#!/usr/bin/env node
// The `vino` command: runs the compiled CLI (npm run build writes dist/).
import('../dist/src/cli/main.js').then((cli) => cli.main(process.argv)).catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/src/cli/main.js')) {
    process.stderr.write('vino: not built yet; run `npm install` (or `npm run build`) first\n');
  } else {
    process.stderr.write(`vino: ${err && err.stack ? err.stack : err}\n`);
  }
  process.exit(1);
});
