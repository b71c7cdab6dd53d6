import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../ui/PageHeader.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.notFoundTitle'));
  return (
    <Result
      status="404"
      title={t('common.notFoundTitle')}
      subTitle={t('common.notFoundText')}
      extra={
        <Link to="/">
          <Button type="primary">{t('common.goHome')}</Button>
        </Link>
      }
    />
  );
}
