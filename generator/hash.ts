import { createHash } from 'node:crypto';

/** A cache key: the SHA-256 of the parts (each ended by a NUL, so that `a`,`bc` ≠ `ab`,`c`), 32 hex digits. */
export const sha = (...parts: string[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 32);
};

/** The content hash in a published file's name (`code.<hash>.css`): `length` hex digits of its SHA-256. */
export const shortHash = (data: string | Buffer, length = 10): string => createHash('sha256').update(data).digest('hex').slice(0, length);
