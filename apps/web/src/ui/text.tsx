import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * Headings and text in the theme's colours and sizes for what every screen shows (page headers, the shell):
 * antd's Typography would bring its editable mode (a text area and the form machinery) into the first load.
 */
export function Heading({ level, children, style }: { level: 3 | 4; children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const Tag = level === 3 ? 'h3' : 'h4';
  return (
    <Tag
      style={{
        margin: 0,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 3 ? token.fontSizeHeading3 : token.fontSizeHeading4,
        lineHeight: level === 3 ? token.lineHeightHeading3 : token.lineHeightHeading4,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

/** A line of text: secondary (muted), strong, and cut with an ellipsis when it does not fit. */
export function Text({
  children,
  secondary,
  strong,
  ellipsis,
  title,
  style,
}: {
  children: ReactNode;
  secondary?: boolean;
  strong?: boolean;
  ellipsis?: boolean;
  title?: string;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <span
      title={title}
      style={{
        color: secondary ? token.colorTextSecondary : undefined,
        fontWeight: strong ? token.fontWeightStrong : undefined,
        ...(ellipsis
          ? {
              display: 'inline-block',
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              verticalAlign: 'bottom',
            }
          : {}),
        ...style,
      }}
    >
      {children}
    </span>
  );
}
