import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { Text } from '../text.tsx';
import type { ListColumn } from './ListView.tsx';

/** The default phone card: the first column as its title, the others as labelled lines, the actions last. */
function DefaultCard<T>({ item, columns }: { item: T; columns: ListColumn<T>[] }) {
  const [first, ...rest] = columns.filter((column) => !column.actions);
  const actions = columns.filter((column) => column.actions);
  return (
    <Flex vertical gap={6}>
      {first && <div style={{ minWidth: 0, wordBreak: 'break-word' }}>{first.render(item)}</div>}
      {rest.map((column) => (
        <Flex key={column.key} gap={8} justify="space-between" align="baseline" wrap>
          <Text secondary>{column.title}</Text>
          <div style={{ minWidth: 0, wordBreak: 'break-word', textAlign: 'end' }}>{column.render(item)}</div>
        </Flex>
      ))}
      {actions.map((column) => (
        <div key={column.key}>{column.render(item)}</div>
      ))}
    </Flex>
  );
}

/** A list's items as cards on a phone, where a table's columns would run off the screen. */
export function ListCards<T>({
  label,
  busy,
  items,
  rowKey,
  columns,
  card,
}: {
  label: string;
  busy: boolean;
  items: T[];
  rowKey: (item: T) => string;
  columns: ListColumn<T>[];
  card?: (item: T) => ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <ul aria-label={label} aria-busy={busy} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, index) => (
        <li
          key={rowKey(item)}
          style={{ borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`, padding: '12px 0' }}
        >
          {card ? card(item) : <DefaultCard item={item} columns={columns} />}
        </li>
      ))}
    </ul>
  );
}
