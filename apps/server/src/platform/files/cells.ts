/**
 * A cell as it may be written to a file that a spreadsheet opens: text that a spreadsheet would run as a formula
 * (starting with =, @, +, - or a tab or carriage return) gets a leading ' (CSV injection). A plain number or phone
 * number ("+85251234567", "-12.5") stays as it is: a spreadsheet reads it as a value, never as a formula.
 */
export function safeCell(value: string): string {
  if (!/^[=@+\-\t\r]/.test(value)) return value;
  if (/^[+-]?[\d\s().]+$/.test(value)) return value;
  return `'${value}`;
}

/** Undoes `safeCell` when a file exported here is imported again. */
export const unescapeCell = (value: string) => (/^'[=@+\-\t\r]/.test(value) ? value.slice(1) : value);
