// The public pages' only script (/, /about, /pricing are HTML rendered at build time, without the app's bundle):
// the language and theme switches (remembered as the app remembers them: localStorage, mirrored in cookies the
// server reads to pick the page's language and theme), and the pricing page's monthly / yearly switch.
(() => {
  const root = document.documentElement;
  const LOCALES = { en: 'en_US', 'zh-hk': 'zh_HK', 'zh-cn': 'zh_CN' };
  const YEAR = 60 * 60 * 24 * 365;
  const store = (key, value) => {
    try {
      localStorage.setItem(key, value);
    } catch {}
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie every browser keeps (the Cookie Store API is not in all of them)
    document.cookie = `${key}=${encodeURIComponent(value)}; path=/; max-age=${YEAR}; samesite=lax`;
  };
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const remember = (locale, theme) => {
    if (locale) {
      store('language', locale);
      store('locale', LOCALES[locale]);
    }
    if (theme) store('theme', theme);
  };
  const reload = () => location.replace(location.pathname + location.hash);

  // a language or theme named in the address (?lang=, ?theme=) is the visitor's choice from now on
  const query = new URLSearchParams(location.search);
  const asked = { locale: query.get('lang'), theme: query.get('theme') };
  if (asked.locale in LOCALES || asked.theme === 'light' || asked.theme === 'dark')
    remember(
      asked.locale in LOCALES ? asked.locale : null,
      asked.theme === 'dark' || asked.theme === 'light' ? asked.theme : null,
    );
  else {
    // a choice made in the app before the cookies existed: sent along once, then the page follows it
    const locale = read('language');
    const theme = read('theme');
    const differs = (locale in LOCALES && locale !== root.dataset.locale) || (theme && theme !== root.dataset.theme);
    if (differs && !sessionStorage.getItem('oc-synced')) {
      sessionStorage.setItem('oc-synced', '1');
      remember(locale in LOCALES ? locale : null, theme === 'dark' ? 'dark' : theme === 'light' ? 'light' : null);
      reload();
      return;
    }
  }

  for (const select of document.querySelectorAll('select[data-oc-language]'))
    select.addEventListener('change', () => {
      remember(select.value, null);
      reload();
    });
  for (const button of document.querySelectorAll('[data-oc-theme]'))
    button.addEventListener('click', () => {
      remember(null, button.dataset.ocTheme);
      reload();
    });
  // a link of the phone menu to this very page (#features) closes the menu
  for (const link of document.querySelectorAll('.oc-menu a'))
    link.addEventListener('click', () => link.closest('details')?.removeAttribute('open'));

  // pricing: the cycle shown (marketing.css hides the other's prices) and carried by "Choose plan"
  const cycles = document.querySelector('[data-oc-cycle]');
  if (!cycles) return;
  const section = cycles.closest('[data-cycle]');
  const items = [...cycles.querySelectorAll('.ant-segmented-item')];
  const show = (cycle) => {
    section?.setAttribute('data-cycle', cycle);
    items.forEach((item, index) => {
      const selected = (index === 1) === (cycle === 'yearly');
      item.classList.toggle('ant-segmented-item-selected', selected);
      item.classList.toggle('ant-segmented-item-selected-text', selected);
      const input = item.querySelector('input');
      if (input) input.checked = selected;
    });
    for (const link of document.querySelectorAll('a[data-oc-plan]')) {
      const url = new URL(link.href);
      url.searchParams.set('cycle', cycle);
      link.href = url.pathname + url.search;
    }
  };
  items.forEach((item, index) => {
    item.querySelector('input')?.addEventListener('change', () => show(index === 1 ? 'yearly' : 'monthly'));
  });
  // the radiogroup's own keys, as antd's Segmented answers them
  cycles.addEventListener('keydown', (event) => {
    if (['ArrowLeft', 'ArrowUp'].includes(event.key)) show('monthly');
    else if (['ArrowRight', 'ArrowDown'].includes(event.key)) show('yearly');
  });
})();
