import { type ChangeEvent, type FocusEvent, useState } from 'react';

/**
 * The text a keystroke leads to (SPEC 5): only digits, one leading minus and one dot (at most
 * `maxDecimals` digits after it). Other characters are dropped; a change that still breaks the rules
 * (a second dot, an inner minus) is refused and the previous text stays.
 */
export function cleanNumberText(next: string, previous: string, maxDecimals?: number): string {
  const stripped = next.replace(/[^\d.-]/g, '');
  const decimals = maxDecimals === undefined ? '\\d*' : `\\d{0,${maxDecimals}}`;
  return new RegExp(`^-?\\d*(\\.${decimals})?$`).test(stripped) ? stripped : previous;
}

/** '' and a lone '-' (or '.') report 0; '12.' reports 12. */
export function parseNumberText(text: string): number {
  const value = Number(text);
  return /^-?\.?$/.test(text) || !Number.isFinite(value) ? 0 : value || 0;
}

/** Dollar text to integer cents, without floating-point drift: "12.3" → 1230, "-0.05" → -5. */
export function parseCentsText(text: string): number {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return 0;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return sign && cents ? -cents : cents;
}

/** Integer cents to D.CC: 1234 → "12.34", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const rounded = Math.round(cents);
  const absolute = Math.abs(rounded);
  return `${rounded < 0 ? '-' : ''}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

interface NumericTextOptions {
  value: number | null | undefined;
  onChange?: (value: number) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  parse: (text: string) => number;
  format: (value: number) => string;
  maxDecimals?: number;
}

/** Keeps the typed text (so "12." or "-" survive) in step with a numeric controlled value. */
export function useNumericText({ value, onChange, onBlur, parse, format, maxDecimals }: NumericTextOptions) {
  const [text, setText] = useState(() => (value == null ? '' : format(value)));
  // the last value prop seen, so that only a change from outside rewrites the text
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    // the value changed from outside (form reset, loaded data): show it unless the text already means it
    setSeen(value);
    if (value == null) setText('');
    else if (parse(text) !== value) setText(format(value));
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = cleanNumberText(event.target.value, text, maxDecimals);
    if (next === text) return;
    setText(next);
    onChange?.(parse(next));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (text !== '') setText(format(parse(text)));
    onBlur?.(event);
  };

  return { text, handleChange, handleBlur };
}
