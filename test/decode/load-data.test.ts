// The generated data files are checked when loaded, not cast: a file that is not what codegen
// writes fails naming the file and what is wrong, and a damaged plant group fails when its WMI is
// first decoded rather than answering from garbage.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { JDM_TABLE, loadGeneratedData, PLANT_GROUPS, WMI_TABLE } from '../../src/decode/load-data.js';
import { decodePlantGroup } from '../../src/decode/registry-data.js';
import { vehicleDataFromFiles } from '../../src/decode/vehicle-file.js';
import { PLANTS } from '../../src/generated/plants.js';
import { WMI } from '../../src/generated/wmi.js';
import { tempDir } from '../server/harness.js';

const dir = tempDir('vino-load-data-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(content: string): URL {
  const path = join(dir, `table-${n++}.json`);
  writeFileSync(path, content);
  return pathToFileURL(path);
}
const wmiRow = ['WA1', 'Audi AG', 'Audi', 'DE', 'Multipurpose Passenger Vehicle (MPV)', 0];

describe('loadGeneratedData', () => {
  it('the built tables load and hold what their types say', () => {
    expect(WMI.rows.length).toBeGreaterThan(12_000);
    expect(WMI.rows.every((r) => r[5] < WMI.sources.length)).toBe(true);
    const [wmi, text] = Object.entries(PLANTS.groups).find(([w]) => w === 'WA1')!;
    expect(decodePlantGroup(wmi, text, PLANTS.sources.length).length).toBeGreaterThan(0);
  });

  it('returns a well-formed table without its banner', () => {
    const table = loadGeneratedData(file(JSON.stringify({ generated: 'GENERATED FILE', sources: ['S'], rows: [wmiRow] })), WMI_TABLE);
    expect(table).toEqual({ sources: ['S'], rows: [wmiRow] });
  });

  it.each([
    ['not JSON', '{"sources": [', /cannot be read/],
    ['a list, not an object', '[]', /not a JSON object/],
    ['no sources', JSON.stringify({ rows: [] }), /sources is not a list of texts/],
    ['a row with a column missing', JSON.stringify({ sources: ['S'], rows: [wmiRow.slice(0, 5)] }), /row 1 is not a row of 6 columns/],
    ['a number where text belongs', JSON.stringify({ sources: ['S'], rows: [wmiRow, [1, ...wmiRow.slice(1)]] }), /row 2 column 1 is 1, not a text/],
    ['a source index past the sources', JSON.stringify({ sources: ['S'], rows: [[...wmiRow.slice(0, 5), 1]] }), /row 1 names source 1, and there are 1/],
  ])('refuses %s, naming the file', (_, content, message) => {
    const url = file(content);
    expect(() => loadGeneratedData(url, WMI_TABLE)).toThrow(message);
    expect(() => loadGeneratedData(url, WMI_TABLE)).toThrow(/table-\d+\.json .*run npm run build/);
  });

  it('checks JDM rows by their own columns', () => {
    const row = ['JZA80', 0, 'Toyota Motor Corporation', 'Toyota', 'Supra', 1993, 2002, 'Motomachi', 'Toyota', 'Aichi', 0];
    expect(loadGeneratedData(file(JSON.stringify({ sources: ['S'], rows: [row] })), JDM_TABLE).rows).toEqual([row]);
    expect(() => loadGeneratedData(file(JSON.stringify({ sources: ['S'], rows: [[...row.slice(0, 5), '1993', ...row.slice(6)]] })), JDM_TABLE)).toThrow(/column 6 is "1993", not a number/);
  });

  it('refuses plant groups that are not texts, and a damaged group when it is parsed', () => {
    expect(() => loadGeneratedData(file(JSON.stringify({ sources: ['S'], groups: { WA1: 3 } })), PLANT_GROUPS)).toThrow(/groups is not an object of texts/);
    const good = 'WA1\t2\t2017\t0\t\tMX\tSan José Chiapa\tPuebla\tAudi México\t0';
    expect(decodePlantGroup('WA1', good, 1)).toEqual([['WA1', '2', 2017, 0, '', 'MX', 'San José Chiapa', 'Puebla', 'Audi México', 0]]);
    expect(() => decodePlantGroup('WA1', 'WA1\t2\tlate\t0\t\tMX\t\t\t\t0', 1)).toThrow(/compiled plants of WA1 .*row 1 column 3 is null, not a number/);
    expect(() => decodePlantGroup('WA1', `${good}\nWA1\t2`, 1)).toThrow(/row 2 column 3/);
    expect(() => decodePlantGroup('WA1', good, 0)).toThrow(/names source 0, and there are 0/);
  });
});

describe('the vehicle tables', () => {
  const vehicleDir = (index: unknown, lines: string): URL => {
    const path = join(dir, `vehicle-${n++}/`);
    mkdirSync(path);
    writeFileSync(join(path, 'index.json'), JSON.stringify(index));
    writeFileSync(join(path, 'schemas.jsonl'), lines);
    return pathToFileURL(path);
  };
  const line = JSON.stringify([7, 'Test schema', 'A****', [0], [1], ['Model A'], [0], ['Make'], [0]]) + '\n';
  const index = { source: 'NHTSA vPIC', schemaIds: [7], schemaOffsets: [0, Buffer.byteLength(line)], links: { ABC: [7, 2000, 0] }, engines: {}, serialReads: {} };

  it('reads a well-formed index and schema line', () => {
    const data = vehicleDataFromFiles(vehicleDir(index, line));
    expect(data.linksOf('ABC')).toEqual([[7, 2000, 0]]);
    expect(data.schema(7)).toEqual({ id: 7, name: 'Test schema', keys: 'A****', elements: [0], ranks: [1], values: ['Model A'], valueOf: [0], makes: ['Make'], makeOf: [0] });
  });

  it.each([
    ['offsets that do not match the ids', { ...index, schemaOffsets: [0] }, /schemaOffsets is not a list of one more number/],
    ['links that are not number lists', { ...index, links: { ABC: ['7'] } }, /links is not an object of number lists/],
    ['an engine fill-in of the wrong shape', { ...index, engines: { V6: [[1, 2, 3]] } }, /engines is not an object/],
  ])('refuses an index with %s', (_, bad, message) => {
    const data = vehicleDataFromFiles(vehicleDir(bad, line));
    expect(() => data.linksOf('ABC')).toThrow(message);
    expect(() => data.linksOf('ABC')).toThrow(/run npm run build/);
  });

  it('refuses a schema line with a column of the wrong kind', () => {
    const bad = JSON.stringify([7, 'Test schema', 'A****', [0], ['1'], ['Model A'], [0], ['Make'], [0]]) + '\n';
    const data = vehicleDataFromFiles(vehicleDir({ ...index, schemaOffsets: [0, Buffer.byteLength(bad)] }, bad));
    expect(() => data.schema(7)).toThrow(/schema 7 .*column of the wrong kind.*run npm run build/);
  });
});
