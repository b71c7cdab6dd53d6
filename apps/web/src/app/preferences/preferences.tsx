import { type Locale, resolveLocale } from '@omnichat/contracts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '../i18n/index.ts';
import { readString, STORAGE_KEYS, type ThemeMode, writeString } from '../storage.ts';

interface Preferences {
  theme: ThemeMode;
  toggleTheme: () => void;
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const PreferencesContext = createContext<Preferences | null>(null);

export const storedTheme = (): ThemeMode => (readString(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light');

/** Theme (light default, dark) and language, both remembered across reloads. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [theme, setTheme] = useState<ThemeMode>(storedTheme);
  const locale = resolveLocale(i18n.resolvedLanguage ?? i18n.language);

  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      writeString(STORAGE_KEYS.theme, next);
      return next;
    });
  }, []);
  const setLocale = useCallback((next: Locale) => {
    void changeLocale(next);
  }, []);

  const value = useMemo(() => ({ theme, toggleTheme, locale, setLocale }), [theme, toggleTheme, locale, setLocale]);
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences needs PreferencesProvider');
  return value;
}
