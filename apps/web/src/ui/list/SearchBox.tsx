import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/** The search box of a list page: its text settles in the list's state (one debounce, SPEC 9). */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={placeholder}
      prefix={<SearchOutlined aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
    />
  );
}
