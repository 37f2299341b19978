// Ajv validators for request bodies, compiled once from schemas/ when this module loads, so a
// request pays only for running generated code. Failures become 400 VALIDATION_FAILED with paths.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { DecodeBatchRequest, DecodeRequest, KeyCreateRequest } from '../generated/contract.js';
import decodeRequestSchema from '../../schemas/decode-request.schema.json' with { type: 'json' };
import decodeBatchRequestSchema from '../../schemas/decode-batch-request.schema.json' with { type: 'json' };
import keyCreateRequestSchema from '../../schemas/key-create-request.schema.json' with { type: 'json' };
import { problems } from './http-problem.js';
import { schemaDepth } from './json-depth.js';

/** Reported paths are capped: a 1,000-item batch of wrong types needs no 1,000-line answer. */
const MAX_REPORTED_ERRORS = 20;

const ajv = new Ajv2020({ allErrors: true, strict: true });
const decodeRequest = ajv.compile<DecodeRequest>(decodeRequestSchema);
const decodeBatchRequest = ajv.compile<DecodeBatchRequest>(decodeBatchRequestSchema);
const keyCreateRequest = ajv.compile<KeyCreateRequest>(keyCreateRequestSchema);

/** How deep each valid body nests: deeper bodies are refused while they are read (body.ts). */
export const DECODE_REQUEST_DEPTH = schemaDepth(decodeRequestSchema);
export const DECODE_BATCH_REQUEST_DEPTH = schemaDepth(decodeBatchRequestSchema);
export const KEY_CREATE_REQUEST_DEPTH = schemaDepth(keyCreateRequestSchema);

function describe(error: ErrorObject): { path: string; message: string } {
  const at = error.instancePath || '/';
  if (error.keyword === 'required') {
    return { path: `${error.instancePath}/${(error.params as { missingProperty: string }).missingProperty}`, message: 'is required' };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return { path: `${error.instancePath}/${extra.slice(0, 64)}`, message: 'is not allowed' };
  }
  return { path: at, message: error.message ?? 'is not valid' };
}

function check<T>(validate: ValidateFunction<T>, body: unknown): T {
  if (validate(body)) return body;
  throw problems.validationFailed((validate.errors ?? []).slice(0, MAX_REPORTED_ERRORS).map(describe));
}

export const validateDecodeRequest = (body: unknown): DecodeRequest => check(decodeRequest, body);
export const validateDecodeBatchRequest = (body: unknown): DecodeBatchRequest => check(decodeBatchRequest, body);
export const validateKeyCreateRequest = (body: unknown): KeyCreateRequest => check(keyCreateRequest, body);
/** The CLI's check of `vino keys create <label>`: the same rule as the HTTP body. */
export const isValidKeyLabel = (label: string): boolean => keyCreateRequest({ label });
