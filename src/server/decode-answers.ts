// Decode answers as the bytes the API sends. A decode is deterministic for a given build of the
// registry (DESIGN.md), so the answer for an identifier seen recently is reused as it is: repeat
// lookups (the page's quick picks, an ERP re-checking its fleet) skip decoding and serialising,
// which is most of a request's own work. Bounded; the oldest entry goes first.
import type { DecodeOutcome } from '../decode/outcome.js';
import { decodeProblem } from '../problem.js';

export interface DecodeAnswer {
  status: 200 | 422;
  /** The DecodeResult, or the 422 problem, as JSON. */
  body: Buffer;
  /** The format decoded or the error code, for metrics. */
  outcome: string;
}

export type Decoder = (identifier: string) => DecodeOutcome;

export const DEFAULT_ANSWER_CACHE_SIZE = 2048;

export class DecodeAnswers {
  private readonly recent = new Map<string, DecodeAnswer>();

  constructor(private readonly decode: Decoder, private readonly maxEntries = DEFAULT_ANSWER_CACHE_SIZE) {}

  answer(identifier: string): DecodeAnswer {
    const known = this.recent.get(identifier);
    if (known) return known;
    const answer = toAnswer(this.decode(identifier));
    if (this.maxEntries > 0) {
      if (this.recent.size >= this.maxEntries) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(identifier, answer);
    }
    return answer;
  }
}

function toAnswer(outcome: DecodeOutcome): DecodeAnswer {
  return outcome.ok
    ? { status: 200, body: Buffer.from(JSON.stringify(outcome.result)), outcome: outcome.result.summary.format }
    : { status: 422, body: Buffer.from(JSON.stringify(decodeProblem(outcome.error))), outcome: outcome.error.code };
}
