import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@omnichat/contracts';
import { Select } from 'antd';
import { usePreferences } from '../app/preferences/preferences.tsx';

/** Each language is named in its own script, so the list reads the same in every locale. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-hk': '繁體中文', 'zh-cn': '简体中文' };

export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { locale, setLocale } = usePreferences();
  return (
    <Select<Locale>
      aria-label="language"
      value={locale}
      onChange={setLocale}
      virtual={false}
      variant="borderless"
      prefix={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: compact ? 0 : 112 }}
      options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
    />
  );
}
