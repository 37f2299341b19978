// Configuration: flags over environment variables over defaults that work on a fresh machine.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { ConfigError, defaultDataDir, DEFAULT_RATE_LIMIT_BAD_KEY, DEFAULT_RATE_LIMIT_KEY, DEFAULT_RATE_LIMIT_OPEN, parseOrigins, resolveConfig, type ConfigFlags } from '../../src/config.js';

/** `vino serve <args>` parsed as the CLI does with `env` set, and resolved; the server is not started. */
function serveConfig(args: string[], env: Record<string, string>) {
  const saved = { ...process.env };
  try {
    for (const name of Object.keys(process.env)) if (name.startsWith('VINO_')) delete process.env[name];
    Object.assign(process.env, env);
    const program = buildProgram();
    const serve = program.commands.find((c) => c.name() === 'serve')!;
    let flags: ConfigFlags = {};
    serve.action((options: ConfigFlags) => { flags = options; });
    program.parse(['serve', ...args], { from: 'user' });
    return resolveConfig(flags, process.env);
  } finally {
    process.env = saved;
  }
}

describe('resolveConfig', () => {
  it('has defaults that need nothing set', () => {
    expect(resolveConfig({}, {})).toEqual({
      host: '127.0.0.1', port: 8080, dataDir: join(homedir(), '.local', 'share', 'vino'), keystoreUrl: `sqlite://${join(homedir(), '.local', 'share', 'vino', 'vino.sqlite')}`,
      adminToken: undefined, corsOrigins: [], rateLimitOpen: DEFAULT_RATE_LIMIT_OPEN, rateLimitKey: DEFAULT_RATE_LIMIT_KEY,
      rateLimitBadKey: DEFAULT_RATE_LIMIT_BAD_KEY, workers: 1, maxConnections: 2048, trustedProxies: [], logLevel: 'info',
    });
  });

  it('reads the VINO_* variables (those with a flag through commander\'s Option.env)', () => {
    const config = serveConfig([], {
      VINO_HOST: '0.0.0.0', VINO_PORT: '9000', VINO_DATA_DIR: '/var/lib/vino', VINO_ADMIN_TOKEN: 'a-long-enough-admin-token',
      VINO_CORS_ORIGINS: 'https://shop.example.com, http://localhost:5173', VINO_RATE_LIMIT_OPEN: '0', VINO_RATE_LIMIT_KEY: '120',
      VINO_RATE_LIMIT_BAD_KEY: '5', VINO_WORKERS: '3', VINO_MAX_CONNECTIONS: '500', VINO_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 fd00::/8', VINO_LOG_LEVEL: 'debug',
    });
    expect(config).toEqual({
      host: '0.0.0.0', port: 9000, dataDir: '/var/lib/vino', keystoreUrl: 'sqlite:///var/lib/vino/vino.sqlite',
      adminToken: 'a-long-enough-admin-token', corsOrigins: ['https://shop.example.com', 'http://localhost:5173'],
      rateLimitOpen: 0, rateLimitKey: 120, rateLimitBadKey: 5, workers: 3, maxConnections: 500, trustedProxies: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'], logLevel: 'debug',
    });
  });

  it('lets flags win over variables, and the store URL over the data folder', () => {
    const env = { VINO_PORT: '9000', VINO_HOST: '0.0.0.0', VINO_DATA_DIR: '/env', VINO_KEYSTORE_URL: 'redis://cache:6379' };
    expect(serveConfig(['--port', '0', '--host', '::1', '--data-dir', '/flag'], env)).toMatchObject({ port: 0, host: '::1', dataDir: '/flag', keystoreUrl: 'redis://cache:6379' });
    expect(serveConfig(['--keystore', 'postgresql://db/vino'], env).keystoreUrl).toBe('postgresql://db/vino');
    expect(serveConfig(['--data-dir', '/flag'], {}).keystoreUrl).toBe('sqlite:///flag/vino.sqlite');
  });

  it('treats empty variables as unset', () => {
    expect(serveConfig([], { VINO_PORT: '', VINO_ADMIN_TOKEN: '  ', VINO_RATE_LIMIT_OPEN: '' })).toMatchObject({ port: 8080, adminToken: undefined, rateLimitOpen: DEFAULT_RATE_LIMIT_OPEN });
  });

  it.each([
    [{ port: '80a' }, {}, /port/],
    [{ port: '70000' }, {}, /port/],
    [{}, { VINO_RATE_LIMIT_OPEN: '-1' }, /VINO_RATE_LIMIT_OPEN/],
    [{}, { VINO_RATE_LIMIT_KEY: '1.5' }, /VINO_RATE_LIMIT_KEY/],
    [{}, { VINO_RATE_LIMIT_BAD_KEY: 'off' }, /VINO_RATE_LIMIT_BAD_KEY/],
    [{ workers: '0' }, {}, /workers/],
    [{}, { VINO_ADMIN_TOKEN: 'too-short' }, /VINO_ADMIN_TOKEN/],
    [{}, { VINO_LOG_LEVEL: 'loud' }, /VINO_LOG_LEVEL/],
    [{}, { VINO_CORS_ORIGINS: 'shop.example.com' }, /VINO_CORS_ORIGINS/],
    [{}, { VINO_MAX_CONNECTIONS: '0' }, /VINO_MAX_CONNECTIONS/],
    [{}, { VINO_TRUST_PROXY: '1' }, /VINO_TRUST_PROXY takes the addresses of your proxies/],
    [{}, { VINO_TRUST_PROXY: 'true' }, /VINO_TRUST_PROXY takes the addresses of your proxies/],
    [{}, { VINO_TRUST_PROXY: '10.0.0.0/33' }, /VINO_TRUST_PROXY: "10.0.0.0\/33" is not an IP address or CIDR range/],
    [{}, { VINO_TRUST_PROXY: 'proxy.internal' }, /VINO_TRUST_PROXY/],
  ])('refuses %j %j', (flags, env, message) => {
    expect(() => resolveConfig(flags, env)).toThrow(ConfigError);
    expect(() => resolveConfig(flags, env)).toThrow(message);
  });

  it('takes "auto" workers as one per core', () => {
    expect(resolveConfig({ workers: 'auto' }, {}).workers).toBeGreaterThanOrEqual(1);
  });
});

describe('defaultDataDir', () => {
  it.each([
    ['XDG_DATA_HOME when it is absolute', { XDG_DATA_HOME: '/srv/xdg' }, 'linux', '/srv/xdg/vino'],
    ['~/.local/share without it', {}, 'linux', '/home/ana/.local/share/vino'],
    ['~/.local/share when XDG_DATA_HOME is relative (invalid)', { XDG_DATA_HOME: 'xdg' }, 'linux', '/home/ana/.local/share/vino'],
    ['Application Support on macOS', {}, 'darwin', '/home/ana/Library/Application Support/vino'],
  ])('is %s', (_name, env, os, want) => {
    expect(defaultDataDir(env, os, '/home/ana')).toBe(want);
  });

  it('does not depend on the working folder', () => {
    expect(isAbsolute(resolveConfig({}, {}).dataDir)).toBe(true);
  });
});

describe('parseOrigins', () => {
  it('normalises origins and keeps *', () => {
    expect(parseOrigins('https://Shop.Example.com:443 http://localhost:5173/ *')).toEqual(['https://shop.example.com', 'http://localhost:5173', '*']);
  });

  it.each(['https://shop.example.com/path', 'https://shop.example.com?x=1', 'file:///tmp', 'not a url'])('refuses %s', (origin) => {
    expect(() => parseOrigins(origin)).toThrow(ConfigError);
  });
});
