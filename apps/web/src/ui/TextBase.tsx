import { theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The theme's text colour, font and size for what is not an antd component (what antd's `App` does, without the
 * message, notification and modal machinery it also loads: this app has its own toaster).
 */
export function TextBase({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
      }}
    >
      {children}
    </div>
  );
}
