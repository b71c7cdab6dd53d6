import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets kept in the database (setting values, channel tokens): the port modules use. The box below does it
 * with AES-256-GCM: `enc:v1:` + base64url(iv | tag | ciphertext).
 */
export interface SecretSealer {
  seal(plain: string): string;
  /** Decrypts a sealed value; a value stored before encryption existed comes back unchanged. */
  open(stored: string): string;
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

export function createSecretBox(keyMaterial: string | Buffer): SecretSealer {
  // a key object, prepared once: a raw buffer is prepared again by every cipher made from it
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', keyMaterial, '', 'omnichat system settings v1', 32)));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * SECRETS_KEY when set; otherwise a key generated once into DATA_DIR/secrets.key (mode 0600). The file is per
 * machine, so processes sharing one PostgreSQL database must all be given the same SECRETS_KEY instead.
 */
export async function loadSecretsKey(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // another process on this machine wrote it first: use theirs
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(file, 'utf8')).trim();
}
