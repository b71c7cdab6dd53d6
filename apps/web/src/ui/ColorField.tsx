import { Flex, Input } from 'antd';
import { useId } from 'react';

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as `#rrggbb`: the browser's own picker (offering `presets` as swatches) beside the text. antd's
 * ColorPicker would add about 6 KB to the chunks every page shares.
 */
export function ColorField({
  value,
  onChange,
  label,
  id,
  presets,
  fallback = '#1064e0',
}: {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
  id?: string;
  presets?: readonly string[];
  fallback?: string;
}) {
  const swatches = useId();
  return (
    <Flex gap={8} align="center">
      <input
        type="color"
        aria-label={label}
        value={HEX.test(value ?? '') ? value!.toLowerCase() : fallback}
        onChange={(event) => onChange?.(event.target.value)}
        list={presets ? swatches : undefined}
        style={{ width: 40, height: 32, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
      />
      {presets && (
        <datalist id={swatches}>
          {presets.map((color) => (
            <option key={color} value={color} />
          ))}
        </datalist>
      )}
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        style={{ width: 120 }}
        maxLength={7}
      />
    </Flex>
  );
}
