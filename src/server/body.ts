// A JSON body reader for the API: checks the media type, enforces a byte limit and a nesting depth
// while reading (the size also from Content-Length before reading), insists on UTF-8, and parses. Hand-written because a
// generic body parser costs more per request than everything else on the decode path together.
import type { IncomingMessage } from 'node:http';
import { problems } from './http-problem.js';
import { JsonDepthGauge } from './json-depth.js';
import { plainIdentifierBody } from './plain-identifier-body.js';

export const SINGLE_BODY_LIMIT = 64 * 1024;
/**
 * 1,000 identifiers of the schema's 64 characters, quoted, comma-separated and indented, fit in
 * 80 KB; 128 KB leaves room for a pretty-printer. (It was 1 MB: room for 800 KB of `[` that cost
 * JSON.parse a third of a second.)
 */
export const BATCH_BODY_LIMIT = 128 * 1024;
export const ADMIN_BODY_LIMIT = 4 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `application/json`, optionally with parameters such as `; charset=utf-8`, in any case. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === 'application/json') return true;
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const type = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim();
  return type.length === 16 && type.toLowerCase() === 'application/json';
}

/**
 * The body as JSON. `maxDepth` is how deep a valid body nests (schemaDepth of its schema): a body
 * nested deeper is refused (400 VALIDATION_FAILED) at the byte that goes too deep. Parsed where the
 * body ends, in the one promise that reads it, rather than a level of async functions above it.
 */
export function readJsonBody(req: IncomingMessage, limit: number, maxDepth: number): Promise<unknown> {
  if (!isJsonMediaType(req.headers['content-type'])) return Promise.reject(problems.unsupportedMediaType());
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(problems.payloadTooLarge(limit));
  return readParsed(req, limit, new JsonDepthGauge(maxDepth));
}

/** Throws the 400 problem for a body that is not UTF-8 or not JSON. */
function parseJson(raw: Buffer): unknown {
  const plain = plainIdentifierBody(raw);
  if (plain) return plain;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw problems.invalidJson('The body is not valid UTF-8.');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw problems.invalidJson(`The body is not valid JSON: ${(error as Error).message}`.slice(0, 300));
  }
}

/** Reads the body within `limit` and `depth`, and resolves with it parsed. */
function readParsed(req: IncomingMessage, limit: number, depth: JsonDepthGauge): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let first: Buffer | undefined;
    let rest: Buffer[] | undefined;
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // Stop reading: the 413 closes the connection instead of draining a huge body.
        req.pause();
        reject(problems.payloadTooLarge(limit));
      } else if (!depth.accept(chunk)) {
        cleanup();
        req.pause();
        reject(problems.nestedTooDeep(depth.maxDepth));
      } else if (!first) first = chunk;
      else (rest ??= [first]).push(chunk);
    };
    // Once the body has ended nothing more arrives: the listeners stay rather than cost three
    // removals on every request (the error listener staying also keeps a late error from throwing).
    const onEnd = () => {
      try {
        resolve(parseJson(rest ? Buffer.concat(rest, size) : (first ?? Buffer.alloc(0))));
      } catch (problem) {
        reject(problem);
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(problems.badRequest(`The body could not be read: ${error.message}`.slice(0, 200)));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
