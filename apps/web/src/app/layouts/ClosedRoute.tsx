import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Why a page is closed, with the way back; loaded only when someone meets a closed page. */
export function ClosedRoute({ title, home }: { title: string; home: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={title}
      extra={
        <Link to={home}>
          <Button type="primary">{t('common.back')}</Button>
        </Link>
      }
    />
  );
}
