#!/usr/bin/env -S node --max-semi-space-size=4
// The `vino` command: runs the compiled CLI (npm run build writes dist/), with the data steward's
// `vino registry` commands, which run codegen, added from dist/codegen/.
//
// A 4 MB semi-space (V8's young generation is two of them; Node's default lets each grow to 16 MB):
// decoding a fleet file makes a result and a JSON line per VIN, all dead within the line, so a
// young generation of 32 MB only holds garbage longer. With it a million-line `vino decode --json`
// peaked at 161-166 MB; with 4 MB at 127-136 MB, for about 5% more time (npm run bench). Run as
// `node bin/vino.js` the flag is not applied: the command is `vino` (npx vino, node_modules/.bin/vino).
Promise.all([import('../dist/src/cli/main.js'), import('../dist/codegen/registry-command.js')])
  .then(([cli, registry]) => cli.main(process.argv, [registry.registerRegistry]))
  .catch((err) => {
    if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('/dist/')) {
      process.stderr.write('vino: not built yet; run `npm install` (or `npm run build`) first\n');
    } else {
      process.stderr.write(`vino: ${err && err.stack ? err.stack : err}\n`);
    }
    process.exit(1);
  });
