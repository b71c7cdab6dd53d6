import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@omnichat/contracts';
import { theme } from 'antd';
import { usePreferences } from '../app/preferences/preferences.tsx';

/** Each language is named in its own script, so the list reads the same in every locale. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-hk': '繁體中文', 'zh-cn': '简体中文' };

/**
 * The language switch of every header: the browser's own select (a native picker on phones, the keyboard as
 * everywhere), themed like a borderless antd control; antd's Select would add 23 KB to every first screen.
 */
export function LanguagePicker() {
  const { locale, setLocale } = usePreferences();
  return <LanguageSelect value={locale} onChange={setLocale} />;
}

/**
 * The select itself; without `onChange` it is uncontrolled and marked `data-oc-language` for the prerendered
 * public pages, whose script (public/marketing.js) switches the language.
 */
export function LanguageSelect({ value, onChange }: { value: Locale; onChange?: (locale: Locale) => void }) {
  const { token } = theme.useToken();
  return (
    <span style={{ position: 'relative', display: 'inline-flex', alignItems: 'center' }}>
      <GlobalOutlined aria-hidden style={{ position: 'absolute', insetInlineStart: 8, pointerEvents: 'none' }} />
      <select
        aria-label="language"
        {...(onChange
          ? { value, onChange: (event) => onChange(event.target.value as Locale) }
          : { defaultValue: value, 'data-oc-language': '' })}
        style={{
          appearance: 'none',
          border: 'none',
          borderRadius: token.borderRadius,
          background: 'transparent',
          color: token.colorText,
          font: 'inherit',
          height: token.controlHeight,
          paddingBlock: 0,
          paddingInline: '28px 10px',
          cursor: 'pointer',
        }}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value}>
            {LANGUAGE_NAMES[value]}
          </option>
        ))}
      </select>
    </span>
  );
}
