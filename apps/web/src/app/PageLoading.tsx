import { useTranslation } from 'react-i18next';

/** What shows while the first page's code arrives (plain CSS: antd's Spin would weigh on the first load). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-dot" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
