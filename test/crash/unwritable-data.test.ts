// A data folder vino cannot write: a file where the folder should be, a read-only folder, a full
// disk. Each gives a clear error naming the folder and the cause, writes nothing half-way, and the
// keys already there are intact afterwards. Root ignores permission bits, so the read-only folder is
// a read-only bind mount (or, where mounting is not allowed, an immutable folder: chattr +i) and the
// full disk a 512 KB tmpfs; where neither can be made here the test says so and skips.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runVino, startServe, type VinoServe } from '../instances/vino-process.js';
import { folderSnapshot, integrityCheck } from './sqlite-store.js';

const HONDA_VIN = '1HGCM82633A004352';
const ADMIN_TOKEN = 'crash-admin-token-0123456789';
const root = mkdtempSync(join(tmpdir(), 'vino-unwritable-'));
const mounts: string[] = [];
const immutable: string[] = [];
const servers: VinoServe[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  for (const dir of immutable) spawnSync('chattr', ['-i', dir]);
  for (const dir of mounts.reverse()) spawnSync('umount', [dir]);
  rmSync(root, { recursive: true, force: true });
});

const sh = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });

/** Makes `dir` read-only in a way that holds for root too; how, or undefined when nothing works here. */
function makeReadOnly(dir: string): string | undefined {
  const view = `${dir}-ro`;
  mkdirSync(view);
  if (sh('mount', ['--bind', '-o', 'ro', dir, view]).status === 0) {
    mounts.push(view);
    return view;
  }
  if (sh('chattr', ['+i', dir]).status === 0) {
    immutable.push(dir);
    return dir;
  }
  return undefined;
}

function tinyDisk(dir: string): boolean {
  mkdirSync(dir);
  if (sh('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', dir]).status !== 0) return false;
  mounts.push(dir);
  return true;
}

/** Writes zeros until the disk refuses more. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(4096);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

async function createKeys(dataDir: string, labels: string[]): Promise<{ id: string; key: string }[]> {
  const created = [];
  for (const label of labels) {
    const run = await runVino(['keys', 'create', label, '--json', '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    created.push(JSON.parse(run.stdout));
  }
  return created;
}

async function listedLabels(dataDir: string): Promise<string[]> {
  const run = await runVino(['keys', 'list', '--json', '--data-dir', dataDir]);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout).keys as { label: string }[]).map((k) => k.label).sort();
}

describe('a data folder vino cannot write', () => {
  it('is a file: the CLI and the server say so and exit 1, and the file is untouched', async () => {
    const file = join(root, 'not-a-folder');
    writeFileSync(file, 'someone else\'s file\n');
    for (const dataDir of [file, join(file, 'data')]) {
      const create = await runVino(['keys', 'create', 'Nowhere', '--data-dir', dataDir]);
      expect(create.code).toBe(1);
      expect(create.stderr).toBe(`vino: cannot create the data folder ${dataDir}: ${file} is a file, where a folder should be\n`);
      await expect(startServe(['--data-dir', dataDir], { VINO_ADMIN_TOKEN: ADMIN_TOKEN })).rejects.toThrow(`${file} is a file, where a folder should be`);
    }
    expect(readFileSync(file, 'utf8')).toBe('someone else\'s file\n');
  });

  const readOnlyProbe = join(root, 'probe');
  mkdirSync(readOnlyProbe);
  const canMakeReadOnly = makeReadOnly(readOnlyProbe) !== undefined;
  if (!canMakeReadOnly) console.warn('test/crash/unwritable-data: skipping the read-only folder: neither a read-only bind mount nor chattr +i works here');

  it.skipIf(!canMakeReadOnly)('is read-only: a clear error, nothing written, the keys there intact', async () => {
    const dataDir = join(root, 'read-only');
    const keys = await createKeys(dataDir, ['Before A', 'Before B']);
    const before = folderSnapshot(dataDir);
    const readOnly = makeReadOnly(dataDir)!;
    const cause = readOnly === dataDir ? `${dataDir} is not writable (immutable)` : `${readOnly} is not writable (read-only file system)`;

    const create = await runVino(['keys', 'create', 'Refused', '--data-dir', readOnly]);
    expect(create.code).toBe(1);
    // Either the folder check (it now comes first and names the folder) or SQLite itself refuses.
    expect(create.stderr).toMatch(/^vino: (cannot create the data folder [^:\n]+: |opening the key store .*vino\.sqlite failed: SQLITE_\w+: [^;\n]+; )/);
    expect(create.stderr).toContain(cause);
    await expect(startServe(['--data-dir', readOnly], { VINO_ADMIN_TOKEN: ADMIN_TOKEN })).rejects.toThrow(cause);
    const sub = await runVino(['keys', 'create', 'Refused', '--data-dir', join(readOnly, 'sub')]);
    expect(sub.code).toBe(1);
    expect(sub.stderr).toContain(cause);

    expect(folderSnapshot(dataDir)).toEqual(before);
    if (readOnly === dataDir) spawnSync('chattr', ['-i', dataDir]);
    expect(await integrityCheck(join(dataDir, 'vino.sqlite'))).toBe('ok');
    expect(await listedLabels(dataDir)).toEqual(['Before A', 'Before B']);
    const server = await startServe(['--data-dir', dataDir], { VINO_ADMIN_TOKEN: ADMIN_TOKEN });
    servers.push(server);
    for (const { key } of keys) {
      const decoded = await fetch(`${server.url}/api/v1/secure/vin/decode`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ identifier: HONDA_VIN }) });
      expect(decoded.status).toBe(200);
    }
  });

  const canFillDisk = tinyDisk(join(root, 'probe-disk'));
  if (!canFillDisk) console.warn('test/crash/unwritable-data: skipping the full disk: mounting a small tmpfs is not allowed here');

  it.skipIf(!canFillDisk)('is on a full disk: 503 and a log line saying so, the CLI exits 1, nothing half-written, and writes resume once there is room', async () => {
    const disk = join(root, 'disk');
    tinyDisk(disk);
    const dataDir = join(disk, 'data');
    const server = await startServe(['--data-dir', dataDir], { VINO_ADMIN_TOKEN: ADMIN_TOKEN });
    servers.push(server);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const createOverHttp = (label: string) => fetch(`${server.url}/api/v1/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ label }) });
    const before = [];
    for (const label of ['Before A', 'Before B']) before.push(await (await createOverHttp(label)).json());

    fill(join(disk, 'filler'));
    const statuses: number[] = [];
    const accepted: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await createOverHttp(`While full ${i}`);
      statuses.push(response.status);
      const body = await response.json();
      if (response.status === 201) accepted.push(body.label);
      else {
        expect(response.headers.get('content-type')).toBe('application/problem+json');
        expect(body.code).toBe('STORE_UNAVAILABLE');
      }
    }
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(server.stdout()).toContain(`the disk holding ${dataDir} is full`);
    const cli = await runVino(['keys', 'create', 'From the CLI while full', '--data-dir', dataDir]);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/^vino: .* failed: SQLITE_(FULL|IOERR)[^\n]*; the disk holding .* is full\n$/);
    // Reading needs no room: keys made before still work, and the instance says it is ready.
    const decoded = await fetch(`${server.url}/api/v1/secure/vin/decode`, { method: 'POST', headers: { 'x-api-key': before[0].key, 'content-type': 'application/json' }, body: JSON.stringify({ identifier: HONDA_VIN }) });
    expect(decoded.status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    rmSync(join(disk, 'filler'));
    const after = await createOverHttp('After room was made');
    expect(after.status, 'writes resume without a restart').toBe(201);
    const listed = await fetch(`${server.url}/api/v1/keys`, { headers: admin });
    const labels = ((await listed.json()).keys as { label: string }[]).map((k) => k.label).sort();
    expect(labels).toEqual(['After room was made', 'Before A', 'Before B', ...accepted].sort());
    console.info(`full disk: ${statuses.length} creations tried while full, statuses ${statuses.join(' ')}; the CLI exited ${cli.code}; nothing else stored`);
    await server.kill();
    expect(await integrityCheck(join(dataDir, 'vino.sqlite'))).toBe('ok');
  });
});
