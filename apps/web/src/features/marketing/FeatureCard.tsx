import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** An icon on a tinted square, a title and a line of text: the cards of the landing and about pages. */
export function FeatureCard({
  icon,
  color,
  title,
  text,
  level = 3,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  text: string;
  /** the heading level that follows the page's outline (the look stays a small title) */
  level?: 2 | 3;
}) {
  return (
    <Card className="oc-feature-card" style={{ height: '100%' }}>
      <span className="oc-feature-icon" style={{ background: `color-mix(in srgb, ${color} 12%, transparent)`, color }}>
        {icon}
      </span>
      <Typography.Title level={level} style={{ marginTop: 0, fontSize: 20, lineHeight: 1.4 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {text}
      </Typography.Paragraph>
    </Card>
  );
}
