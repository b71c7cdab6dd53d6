import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number in E.164, read in `defaultCountry` when it carries no country code (a leading + or 00); null
 * when it is not a valid number there.
 */
export function toE164(raw: string, defaultCountry: string | null): string | null {
  const text = raw.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(text, (defaultCountry ?? undefined) as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}
