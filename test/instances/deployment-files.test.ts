// The Dockerfile, compose.yaml and deploy/haproxy.cfg cannot be built or run here (no container
// engine), so this reads them against the project: every path they copy or mount exists, every
// script they run is in package.json, every VINO_* variable they set is one the configuration reads,
// the ports and the health-check path agree, and the container's own command and HEALTHCHECK are
// run against a real `vino serve` started with the image's and the compose file's environment.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listening, REDIS_URL } from '../keys/probe.js';
import { startServe } from './vino-process.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
// js-yaml is a dev dependency, for these tests.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): any };

interface Instruction { keyword: string; args: string }
interface Stage { from: string; name: string | undefined; instructions: Instruction[] }

/** Dockerfile instructions by stage, with line continuations joined and comments dropped. */
function dockerfileStages(text: string): Stage[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [from = '', , name] = args.split(/\s+/);
      stages.push({ from, name, instructions: [] });
    } else if (stages.length) {
      stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

const all = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
const one = (stage: Stage, keyword: string) => all(stage, keyword).at(-1) ?? '';
/** ENV a=b c=d (one instruction) as an object. */
const envOf = (stage: Stage) => Object.fromEntries(all(stage, 'ENV').flatMap((args) => [...args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])));

/**
 * The VINO_* variables vino reads: src/config.ts for those without a flag, and the commands'
 * Option.env() for the rest.
 */
const configVariables = new Set(['src/config.ts', 'src/cli/commands/key-store-options.ts', 'src/cli/commands/serve.ts']
  .flatMap((file) => [...read(file).matchAll(/['.](VINO_[A-Z_]+)/g)].map((m) => m[1]!)));

const dockerfile = dockerfileStages(read('Dockerfile'));
const [build, runtime] = [dockerfile[0]!, dockerfile.at(-1)!];
const runtimeEnv = envOf(runtime);
const compose = yaml.load(read('compose.yaml'));
const haproxy = read('deploy/haproxy.cfg');
const dockerignore = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

describe('Dockerfile', () => {
  it('builds in one stage and runs in another, as a user other than root', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(2);
    expect(runtime.name).toBeDefined();
    expect(one(runtime, 'USER')).toMatch(/^(?!root$|0$)\w+$/);
    expect(all(runtime, 'RUN').join(' ')).not.toMatch(/npm (ci|install)/);
  });

  it('copies into the build only what exists and is not left out of the context', () => {
    const sources = all(build, 'COPY').filter((args) => !args.startsWith('--from')).flatMap((args) => args.split(/\s+/).slice(0, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(join(root, source)), `${source} exists`).toBe(true);
      expect(dockerignore, `${source} is not in .dockerignore`).not.toContain(source);
    }
    expect(dockerignore).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.git']));
  });

  it('copies everything npm run build reads, and runs only scripts that exist', () => {
    const copied = new Set(all(build, 'COPY').flatMap((args) => args.split(/\s+/).slice(0, -1)));
    const buildScript = pkg.scripts.build!;
    const tsconfig = JSON.parse(read('tsconfig.build.json')) as { extends: string; include: string[] };
    const needed = [
      ...[...buildScript.matchAll(/(?:-p |node (?:--import tsx )?)(\S+)/g)].map((m) => m[1]!),
      tsconfig.extends, ...tsconfig.include,
    ].map((path) => path.replace(/^\.\//, '').split('/')[0]!);
    for (const path of needed) expect(copied, `the build needs ${path}`).toContain(path);
    for (const args of all(build, 'RUN')) {
      for (const [, script] of args.matchAll(/npm run (\S+)/g)) expect(Object.keys(pkg.scripts)).toContain(script);
    }
  });

  it('gives the runtime stage what `vino serve` loads, and sets only variables vino reads', () => {
    const fromBuild = all(runtime, 'COPY').filter((args) => args.startsWith(`--from=${build.name}`)).map((args) => args.split(/\s+/)[1]!.replace('/app/', ''));
    expect(fromBuild).toEqual(expect.arrayContaining(['package.json', 'node_modules', 'bin', 'dist']));
    for (const name of Object.keys(runtimeEnv).filter((n) => n.startsWith('VINO_'))) expect(configVariables, name).toContain(name);
    expect(runtimeEnv.VINO_HOST).toBe('0.0.0.0');
    expect(one(runtime, 'EXPOSE')).toBe(runtimeEnv.VINO_PORT);
    expect(one(runtime, 'VOLUME')).toBe(runtimeEnv.VINO_DATA_DIR);
    // As `vino` runs: with the Node flags of the bin's first line (#!/usr/bin/env -S node ...).
    const binFlags = readFileSync(join(root, 'bin/vino.js'), 'utf8').split('\n')[0]!.split(/\s+/).slice(3);
    expect(binFlags.length).toBeGreaterThan(0);
    expect(JSON.parse(one(runtime, 'ENTRYPOINT'))).toEqual(['node', ...binFlags, 'bin/vino.js']);
    expect(JSON.parse(one(runtime, 'CMD'))).toEqual(['serve']);
  });
});

describe('compose.yaml and deploy/haproxy.cfg', () => {
  const services = compose.services as Record<string, any>;
  const vino = services.vino;
  const lbName = Object.keys(services).find((name) => JSON.stringify(services[name].volumes ?? []).includes('haproxy.cfg'))!;

  it('runs several vino instances built from this Dockerfile, on Redis, with the admin token from the environment', () => {
    expect(vino.build).toBe('.');
    expect(vino.deploy.replicas).toBeGreaterThanOrEqual(2);
    for (const name of Object.keys(vino.environment)) expect(configVariables, name).toContain(name);
    const keystore = new URL(vino.environment.VINO_KEYSTORE_URL);
    expect(keystore.protocol).toBe('redis:');
    expect(Object.keys(services)).toContain(keystore.hostname);
    expect(vino.environment.VINO_ADMIN_TOKEN).toMatch(/^\$\{VINO_ADMIN_TOKEN:\?/);
    expect(vino.environment.VINO_TRUST_PROXY).toBe(compose.networks.default.ipam.config[0].subnet);
    expect(vino.depends_on[keystore.hostname].condition).toBe('service_healthy');
    // Past vino's 10 s for requests in flight, or Docker kills it mid-answer.
    expect(parseInt(vino.stop_grace_period, 10)).toBeGreaterThan(10);
  });

  it('puts a load balancer in front whose configuration exists and reaches every instance on vino\'s port', () => {
    expect(lbName).toBeDefined();
    const lb = services[lbName];
    const [source, target] = (lb.volumes as string[]).find((v) => v.includes('haproxy.cfg'))!.split(':');
    expect(existsSync(join(root, source!))).toBe(true);
    expect(target).toBe('/usr/local/etc/haproxy/haproxy.cfg');
    const published = (lb.ports as string[])[0]!.split(':').at(-1);
    expect(haproxy).toMatch(new RegExp(`^\\s*bind :${published}$`, 'm'));
    expect(haproxy).toMatch(new RegExp(`^\\s*server-template \\S+ \\S+ vino:${runtimeEnv.VINO_PORT} .*\\bcheck\\b.*\\bresolvers docker\\b`, 'm'));
    expect(haproxy).toMatch(/^\s*option httpchk GET \/healthz$/m);
    // Appending would let a client choose the address its requests are counted under.
    expect(haproxy).toMatch(/^\s*http-request set-header X-Forwarded-For %\[src\]$/m);
    expect(haproxy).not.toMatch(/^\s*option forwardfor/m);
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const redisUp = await listening(REDIS_URL, 6379);
if (!redisUp) console.warn(`test/instances/deployment-files: no Redis at ${REDIS_URL}; the container's command runs on SQLite instead`);

describe('the container\'s command and HEALTHCHECK', () => {
  it('start vino with the image\'s and compose\'s environment and report it healthy, then unhealthy once it stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vino-container-'));
    const port = String(await freePort());
    const env: Record<string, string> = { ...runtimeEnv, VINO_DATA_DIR: dataDir, VINO_PORT: port };
    for (const [name, value] of Object.entries(compose.services.vino.environment as Record<string, string>)) {
      if (name === 'VINO_KEYSTORE_URL') { if (redisUp) env[name] = REDIS_URL; } else env[name] = value.startsWith('${') ? '' : value;
    }
    env.VINO_ADMIN_TOKEN = 'container-admin-token-0123456789';
    const healthcheck = JSON.parse(one(runtime, 'HEALTHCHECK').replace(/^.*?CMD\s+/, '')) as string[];
    const probe = () => spawnSync(healthcheck[0] === 'node' ? process.execPath : healthcheck[0]!, healthcheck.slice(1), { env: { ...process.env, VINO_PORT: port }, timeout: 10_000 }).status;
    // The image runs `node bin/vino.js serve` in /app; startServe runs the same script of this checkout.
    const serve = await startServe([], env).catch((error) => { rmSync(dataDir, { recursive: true, force: true }); throw error; });
    try {
      expect(serve.url).toBe(`http://0.0.0.0:${port}`);
      expect(probe()).toBe(0);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      await serve.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(probe()).toBe(1);
  });
});
