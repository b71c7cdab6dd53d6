import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export function StatusTag({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'active' ? 'green' : 'default'}>
      {status === 'active' ? t('adminPages.common.active') : t('adminPages.common.inactive')}
    </Tag>
  );
}

export const formatDate = (seconds: number) => (seconds > 0 ? dayjs.unix(seconds).format('YYYY-MM-DD') : '-');
