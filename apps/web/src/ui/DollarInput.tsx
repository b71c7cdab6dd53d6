import { Input, type InputProps } from 'antd';
import { formatCents, parseCentsText, useNumericText } from './numeric-text.ts';

export interface DollarInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue' | 'prefix'> {
  /** Integer cents: 1234 shows as $12.34. */
  value?: number | null;
  /** Reports integer cents: typing "12.3" reports 1230; '' and '-' report 0. */
  onChange?: (cents: number) => void;
}

/** Money box (SPEC 3, 5): the number-input rules with a $ prefix and at most two decimals. */
export function DollarInput({ value, onChange, onBlur, ...rest }: DollarInputProps) {
  const { text, handleChange, handleBlur } = useNumericText({
    value,
    onChange,
    onBlur,
    parse: parseCentsText,
    format: formatCents,
    maxDecimals: 2,
  });
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      prefix="$"
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
}
