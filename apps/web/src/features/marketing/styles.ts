import type { CSSProperties } from 'react';

/** Fluid heading sizes of the public pages (inline so they win over antd's heading sizes). */
export const heroTitleStyle: CSSProperties = {
  fontSize: 'clamp(32px, 6vw, 56px)',
  lineHeight: 1.1,
  letterSpacing: '-0.02em',
  marginTop: 0,
};

export const sectionTitleStyle: CSSProperties = {
  fontSize: 'clamp(24px, 4vw, 36px)',
  textAlign: 'center',
};
