import type { InputRef } from 'antd';
import { useRef } from 'react';
import { NumberInput, type NumberInputProps } from '../../ui/NumberInput.tsx';

export interface NullableNumberInputProps extends Omit<NumberInputProps, 'onChange'> {
  onChange?: (value: number | null) => void;
}

/** NumberInput where an empty box means "none" (unlimited, keep forever): reports null instead of 0. */
export function NullableNumberInput({ onChange, ...rest }: NullableNumberInputProps) {
  const ref = useRef<InputRef>(null);
  const handleChange = (value: number) => {
    // the box's own text tells an emptied box (reported as 0) from a typed 0
    const raw = ref.current?.input?.value ?? '';
    onChange?.(raw.replace(/[^\d.-]/g, '') === '' ? null : value);
  };
  const props = { ...rest, ref } as NumberInputProps;
  return <NumberInput {...props} onChange={handleChange} />;
}

/** A form rule: empty, or a whole number of at least 0. */
export const wholeNumberRule = (message: string, required = false) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (value === null || value === undefined) {
      if (required) throw new Error(message);
      return;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(message);
  },
});
