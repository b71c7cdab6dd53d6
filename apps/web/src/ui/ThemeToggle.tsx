import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../app/preferences/preferences.tsx';

/** Light / dark switch, remembered across reloads. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = usePreferences();
  const dark = theme === 'dark';
  return (
    <Tooltip title={dark ? t('theme.light') : t('theme.dark')}>
      <Button
        type="text"
        shape="circle"
        aria-label="toggle theme"
        aria-pressed={dark}
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        onClick={toggleTheme}
      />
    </Tooltip>
  );
}
