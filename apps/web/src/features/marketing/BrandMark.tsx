import { Flex, Typography } from 'antd';

/** Logo (system.logo or the bundled icon) and product name. */
export function BrandMark({ name, logo, size = 32 }: { name: string; logo?: string; size?: number }) {
  return (
    <Flex align="center" gap={10}>
      <img src={logo || '/favicon.svg'} alt="" width={size} height={size} style={{ borderRadius: 8 }} />
      <Typography.Text strong style={{ fontSize: size * 0.56 }}>
        {name}
      </Typography.Text>
    </Flex>
  );
}
