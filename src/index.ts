// vino as a library (`import { decode, createDecoder } from 'vino'`): the decoder in process, with
// the types of what it answers. package.json's `exports` names this module alone, so everything
// else under dist/ (the server, the CLI, codegen) stays private and free to change.
import { createDecoder as createTableDecoder, type Decoder } from './decode/decode.js';
import type { RegistryData } from './decode/registry-data.js';
import { indexTables } from './decode/tables.js';

export { decode } from './decode/index.js';
export { decodeProblem } from './problem.js';
export type { Decoder } from './decode/decode.js';
export type { DecodeError, DecodeErrorCode, DecodedResult, DecodeOutcome, DeepReadonly } from './decode/outcome.js';
export type { DecodeResult, Problem } from './generated/contract.js';
export type {
  CountryCodeTuple, GroupedTable, Iso3780Tuple, JdmTuple, ModelYearTuple, PlantTuple, RegistryData, SourcedTable, WmiTuple,
} from './decode/registry-data.js';

/**
 * A decoder over a registry of one's own, in the compiled form codegen emits (registry-data.ts and
 * registry/README.md describe every field): a five-row registry decodes as the built-in one does.
 * Indexes are built once, here; the returned function never throws.
 */
export function createDecoder(registry: RegistryData): Decoder {
  return createTableDecoder(indexTables(registry));
}
