#!/usr/bin/env node
// The `vino` command: runs the compiled CLI (npm run build writes dist/), with the data steward's
// `vino registry` commands, which run codegen, added from dist/codegen/.
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
