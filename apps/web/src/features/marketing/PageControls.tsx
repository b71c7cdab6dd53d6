import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { resolveLocale } from '@omnichat/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguagePicker, LanguageSelect } from '../../ui/LanguagePicker.tsx';
import { ThemeToggle } from '../../ui/ThemeToggle.tsx';
import { useStaticPage } from './static-page.tsx';

/** The language picker; prerendered, a plain select public/marketing.js acts on. */
export function LanguageControl() {
  const { i18n } = useTranslation();
  if (!useStaticPage()) return <LanguagePicker />;
  return <LanguageSelect value={resolveLocale(i18n.language)} />;
}

/** The light / dark switch; prerendered, a plain button public/marketing.js acts on. */
export function ThemeControl() {
  const { t } = useTranslation();
  const page = useStaticPage();
  if (!page) return <ThemeToggle />;
  const dark = page.theme === 'dark';
  const label = dark ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <Button
      type="text"
      shape="circle"
      aria-label={label}
      title={label}
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      data-oc-theme={dark ? 'light' : 'dark'}
    />
  );
}
