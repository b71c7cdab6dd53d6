import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** A route that a later release fills: its title and an honest empty state. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(titleKey)} />;
}
