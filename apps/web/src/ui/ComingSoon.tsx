import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader.tsx';

/** An honest empty page for screens that a later release fills. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Empty
          description={
            <>
              <div>{t('common.noData')}</div>
              <Typography.Text type="secondary">{t('common.comingSoon')}</Typography.Text>
            </>
          }
        />
      </Card>
    </>
  );
}
