import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Heading } from './text.tsx';

/**
 * A titled surface in the theme's colours, for first screens: antd's Card brings its tab bar (13 KB gzipped)
 * wherever it is used.
 */
export function Panel({ title, children, style }: { title?: string; children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        ...style,
      }}
    >
      {title && (
        <Heading level={4} style={{ fontSize: token.fontSizeLG, marginBottom: token.margin }}>
          {title}
        </Heading>
      )}
      {children}
    </section>
  );
}

/** Label and value lines (a description list), one pair per line. */
export function Facts({ items }: { items: { label: string; value: ReactNode }[] }) {
  const { token } = theme.useToken();
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '8px 12px', margin: 0 }}>
      {items.map(({ label, value }) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
          <dd style={{ margin: 0, minWidth: 0, wordBreak: 'break-word' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
