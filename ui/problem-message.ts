/**
 * Turns an API error into the sentence shown beside the input. RFC 9457 bodies already carry a
 * human `title` and `detail`; this adds what the body cannot know (when to retry) and covers
 * answers that are not problem documents at all (a proxy's 502, a dropped connection).
 */
import type { Problem } from '../src/generated/contract.js';

export function problemMessage(status: number, statusText: string, problem: Problem | null, retryAfter: string | null): string {
  if (!problem) return `The service answered ${status}${statusText ? ` ${statusText}` : ''} instead of a result.`;
  const parts = [sentence(problem.title)];
  if (problem.detail && problem.detail !== problem.title) parts.push(sentence(problem.detail));
  for (const error of problem.errors ?? []) parts.push(sentence(`${error.path || 'body'}: ${error.message}`));
  if (status === 429 && retryAfter) parts.push(`Try again in ${retryAfter} seconds.`);
  return parts.join(' ');
}

export function unreachableMessage(url: string, error: unknown): string {
  const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
  return `Could not reach the vino service at ${url}${reason}.`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
