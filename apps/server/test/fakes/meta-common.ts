import { createHmac, randomBytes, randomInt } from 'node:crypto';

// ---------------------------------------------------------------------------------------------------------------
// Signing and serialisation

/** The `X-Hub-Signature-256` header Meta sends: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed by the app secret. */
export function signMetaBody(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * JSON the way Meta writes it: compact, every character past ASCII escaped as `\uXXXX` (lower-case hex, emoji as
 * surrogate pairs) and `/` escaped as `\/`. `JSON.parse` gives the same value back, but `JSON.stringify` of that
 * value gives other bytes, so a signature checked over a re-serialisation fails as it would in production.
 */
export function metaJson(payload: object): string {
  return JSON.stringify(payload)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Ids and times

export const digits = (length: number) =>
  String(randomInt(1, 10)) + Array.from({ length: length - 1 }, () => randomInt(0, 10)).join('');
const upperHex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/**
 * A WhatsApp message id as the Cloud API makes them: `wamid.` and the base64 of a small record holding the user's
 * number and a hex message key (inbound keys are 20 characters, outbound 18), e.g.
 * `wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=` from Meta's docs.
 */
export function randomWamid(userPhone = digits(12), direction: 'inbound' | 'outbound' = 'inbound'): string {
  const phone = Buffer.from(userPhone.replace(/\D/g, '') || digits(12), 'ascii');
  const key = Buffer.from(direction === 'inbound' ? `3A${upperHex(9)}` : upperHex(9), 'ascii');
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, phone.length]),
    phone,
    Buffer.from([0x15, 0x02, 0x00, direction === 'inbound' ? 0x12 : 0x11, 0x18, key.length]),
    key,
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString('base64')}`;
}

/** A Messenger message id (`m_` and 86 base64url characters, as current Messenger mids are). */
export const randomMessengerMid = () => `m_${randomBytes(64).toString('base64url')}`;

/** An Instagram message id: unpadded base64 of an `ig_message_item` key (real ones start `aWdf…`). */
export const randomInstagramMid = (accountId: string) =>
  Buffer.from(`ig_message_item:1:IGMessageData:${accountId}:${digits(39)}`)
    .toString('base64')
    .replace(/=+$/, '');

/** A page- or Instagram-scoped user id: 16 or 17 digits. */
export const randomScopedId = () => digits(randomInt(16, 18));

/** A business-scoped user id (BSUID): a country code, a dot and digits, e.g. `US.13491208655302741918`. */
export const randomBsuid = (country = 'US') => `${country}.${digits(20)}`;

/** A WhatsApp media id: 15 or 16 digits. */
export const randomMediaId = () => digits(randomInt(15, 17));

/** WhatsApp times are unix seconds as a string; numbers are taken as seconds. */
export type WhatsappTime = number | string | Date;
export const unixSeconds = (time: WhatsappTime | undefined): string => {
  if (time === undefined) return String(Math.floor(Date.now() / 1000));
  if (time instanceof Date) return String(Math.floor(time.getTime() / 1000));
  return String(time);
};
