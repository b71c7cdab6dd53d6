import { Input, type InputProps } from 'antd';
import { parseNumberText, useNumericText } from './numeric-text.ts';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  value?: number | null;
  /** Reports the number on every accepted keystroke; '' and '-' report 0. */
  onChange?: (value: number) => void;
}

/** Text box for numbers (SPEC 5): digits, one leading minus and one dot; anything else is refused. */
export function NumberInput({ value, onChange, onBlur, ...rest }: NumberInputProps) {
  const { text, handleChange, handleBlur } = useNumericText({
    value,
    onChange,
    onBlur,
    parse: parseNumberText,
    format: String,
  });
  return (
    <Input inputMode="decimal" autoComplete="off" {...rest} value={text} onChange={handleChange} onBlur={handleBlur} />
  );
}
