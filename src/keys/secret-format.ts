// Format of the secrets vino hands out: API keys (`vino_…`) and the admin token (`vinoadm_…`).
// A fixed prefix plus a CRC32 checksum lets secret scanners (and vino itself) tell a real
// secret from a typo without a store lookup, the scheme GitHub uses for its tokens.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32, so every CRC32 fits

export const API_KEY_PREFIX = 'vino_';
export const ADMIN_TOKEN_PREFIX = 'vinoadm_';
/** 32 base62 characters carry about 190 bits of randomness. */
export const API_KEY_RANDOM_LENGTH = 32;
export const ADMIN_TOKEN_RANDOM_LENGTH = 40;
/** Longest secret worth hashing; anything longer is refused before any work is done. */
export const MAX_SECRET_LENGTH = 128;

/** Uniform base62 characters: bytes >= 248 are dropped so that no character is more likely. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  let value = crc32(body);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

export function generateSecret(prefix: string, randomLength: number): string {
  const body = prefix + randomBase62(randomLength);
  return body + checksum(body);
}

/** True when the secret has the prefix, only base62 after it, and a checksum that matches. */
export function hasValidChecksum(secret: string, prefix: string, randomLength: number): boolean {
  if (secret.length !== prefix.length + randomLength + CHECKSUM_LENGTH || !secret.startsWith(prefix)) return false;
  for (let i = prefix.length; i < secret.length; i++) {
    if (!BASE62.includes(secret[i]!)) return false;
  }
  const body = secret.slice(0, -CHECKSUM_LENGTH);
  return checksum(body) === secret.slice(-CHECKSUM_LENGTH);
}

export function generateApiKey(): string {
  return generateSecret(API_KEY_PREFIX, API_KEY_RANDOM_LENGTH);
}

export function isWellFormedApiKey(key: string): boolean {
  return hasValidChecksum(key, API_KEY_PREFIX, API_KEY_RANDOM_LENGTH);
}

export function generateAdminToken(): string {
  return generateSecret(ADMIN_TOKEN_PREFIX, ADMIN_TOKEN_RANDOM_LENGTH);
}

export function isWellFormedAdminToken(token: string): boolean {
  return hasValidChecksum(token, ADMIN_TOKEN_PREFIX, ADMIN_TOKEN_RANDOM_LENGTH);
}

/** SHA-256, hex: the only form in which a secret is ever stored. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** Constant-time comparison of two hex hashes, so response timing says nothing about how much matched. */
export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'latin1'), Buffer.from(b, 'latin1'));
}

/** What lists show so a person can tell keys apart: the prefix and the first 6 random characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 6);
}
