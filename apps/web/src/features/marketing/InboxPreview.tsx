import { FacebookFilled, GlobalOutlined, InstagramFilled, RobotOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { Avatar, Flex, theme } from 'antd';
import type { ReactNode } from 'react';

const ROWS: { icon: ReactNode; color: string; widths: [number, number]; unread?: boolean }[] = [
  { icon: <WhatsAppOutlined />, color: '#25d366', widths: [46, 78], unread: true },
  { icon: <FacebookFilled />, color: '#0866ff', widths: [38, 64] },
  { icon: <InstagramFilled />, color: '#e1306c', widths: [52, 70], unread: true },
  { icon: <GlobalOutlined />, color: '#13c2c2', widths: [34, 58] },
];

/** A drawing of the shared inbox (shapes only, no made-up conversations). */
export function InboxPreview() {
  const { token } = theme.useToken();
  const bar = (width: number, strong = false) => (
    <div
      className="oc-bar"
      style={{ width: `${width}%`, background: strong ? token.colorTextQuaternary : token.colorFillSecondary }}
    />
  );
  return (
    <div
      className="oc-inbox-preview"
      aria-hidden="true"
      style={{
        background: token.colorBgContainer,
        boxShadow: token.boxShadow,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex style={{ minHeight: 300 }}>
        <Flex vertical style={{ width: '42%', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}>
          {ROWS.map((row, index) => (
            <Flex
              key={row.color}
              gap={10}
              align="center"
              style={{
                padding: '14px 12px',
                background: index === 0 ? token.colorPrimaryBg : undefined,
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <Avatar style={{ background: row.color, flexShrink: 0 }} icon={row.icon} />
              <Flex vertical gap={6} style={{ flex: 1 }}>
                {bar(row.widths[0], true)}
                {bar(row.widths[1])}
              </Flex>
              {row.unread && (
                <span style={{ width: 8, height: 8, borderRadius: 4, background: token.colorPrimary, flexShrink: 0 }} />
              )}
            </Flex>
          ))}
        </Flex>
        <Flex vertical gap={12} style={{ flex: 1, padding: 16, background: token.colorFillQuaternary }}>
          <Flex gap={8} align="center">
            <Avatar size="small" style={{ background: '#25d366' }} icon={<WhatsAppOutlined />} />
            {bar(40, true)}
          </Flex>
          <div
            style={{
              alignSelf: 'flex-start',
              width: '70%',
              padding: 10,
              borderRadius: 12,
              background: token.colorBgContainer,
            }}
          >
            {bar(90)}
            <div style={{ height: 6 }} />
            {bar(60)}
          </div>
          <div
            style={{
              alignSelf: 'flex-end',
              width: '62%',
              padding: 10,
              borderRadius: 12,
              background: token.colorPrimary,
            }}
          >
            <div className="oc-bar" style={{ width: '85%', background: 'rgba(255,255,255,.7)' }} />
            <div style={{ height: 6 }} />
            <div className="oc-bar" style={{ width: '50%', background: 'rgba(255,255,255,.5)' }} />
          </div>
          <Flex
            gap={8}
            align="center"
            style={{
              alignSelf: 'flex-start',
              width: '66%',
              padding: 10,
              borderRadius: 12,
              background: token.colorBgContainer,
            }}
          >
            <RobotOutlined style={{ color: token.colorPrimary }} />
            <div style={{ flex: 1 }}>{bar(80)}</div>
          </Flex>
          <div style={{ marginTop: 'auto', height: 36, borderRadius: 18, background: token.colorBgContainer }} />
        </Flex>
      </Flex>
    </div>
  );
}
