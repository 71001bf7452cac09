import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A stream's event ids. Each event carries its own stream's count (1, 2, 3… since the stream
 * first opened), never the change feed's position, so gaps reveal nothing of other users'
 * activity. The SSE id is both, the feed position to resume after and the count to go on from,
 * encrypted into one opaque token (one AES block, with a check value): a reconnecting client
 * sends it back and the stream resumes exactly where it was, on any app server sharing the key.
 * A token that does not open (another key, made up, from before this scheme) resumes with one
 * `reset`.
 */
export interface StreamIds {
  encode(position: number, count: number): string;
  decode(id: string): { position: number; count: number } | null;
}

const check = 0x4e61_6176; // "Naav"

/** Ids under a key derived from `secret` (every app server sharing the session secret reads each other's); none: a random key for this process. */
export function streamIds(secret?: string): StreamIds {
  const key = secret ? createHash('sha256').update(`naav live stream ids\u0000${secret}`).digest() : randomBytes(32);
  return {
    encode(position, count) {
      const block = Buffer.alloc(16);
      block.writeUIntBE(position, 0, 6);
      block.writeUIntBE(count, 6, 6);
      block.writeUInt32BE(check, 12);
      const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false);
      return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
    },
    decode(id) {
      const bytes = Buffer.from(id, 'base64url');
      if (bytes.length !== 16 || bytes.toString('base64url') !== id) return null;
      const decipher = createDecipheriv('aes-256-ecb', key, null).setAutoPadding(false);
      const block = Buffer.concat([decipher.update(bytes), decipher.final()]);
      if (block.readUInt32BE(12) !== check) return null;
      return { position: block.readUIntBE(0, 6), count: block.readUIntBE(6, 6) };
    },
  };
}
