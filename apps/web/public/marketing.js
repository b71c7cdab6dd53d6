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

  // pricing: the operator's plans, fetched after load into the prerendered template (the examples stay without)
  const template = document.querySelector('template[data-oc-plan-template]');
  if (template) {
    const row = template.parentElement;
    const texts = JSON.parse(template.dataset.texts);
    const money = (cents) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
    const counted = (text, count) => (count === 1 ? text.one : text.other).replace('#', String(count));
    const field = (card, name) => card.querySelector(`[data-oc-field="${name}"]`);
    const fill = (plan) => {
      const card = template.content.firstElementChild.cloneNode(true);
      field(card, 'name').textContent = plan.name;
      if (plan.popular) card.querySelector('.ant-card')?.classList.add('oc-popular');
      else field(card, 'popular').remove();
      for (const cycle of ['monthly', 'yearly']) {
        const list = plan[`${cycle}_price_cents`];
        const discounted = plan[`discounted_${cycle}_price_cents`];
        field(card, `price-${cycle}`).textContent = money(discounted ?? list);
        if (discounted !== null && discounted !== list) field(card, `list-${cycle}`).textContent = money(list);
        else field(card, `list-${cycle}`).remove();
      }
      const lines = [
        plan.member_limit === null && plan.channel_limit === null ? texts.unlimited : null,
        plan.member_limit !== null ? counted(texts.seats, plan.member_limit) : null,
        plan.channel_limit !== null ? counted(texts.channels, plan.channel_limit) : null,
        plan.ai_agent_limit !== null ? counted(texts.agents, plan.ai_agent_limit) : null,
        ...plan.features.map((feature) => texts.features[feature]),
      ].filter(Boolean);
      const features = field(card, 'features');
      const item = features.firstElementChild;
      item.remove();
      for (const line of lines) {
        const copy = item.cloneNode(true);
        field(copy, 'feature').textContent = line;
        features.append(copy);
      }
      const cycle = row.closest('[data-cycle]')?.getAttribute('data-cycle') ?? 'monthly';
      card.querySelector('a[data-oc-plan]').href = `/auth/register?${new URLSearchParams({ plan: plan.tag, cycle })}`;
      return card;
    };
    row.setAttribute('aria-busy', 'true');
    fetch('/public/v1/subscription-plans')
      .then((response) => (response.ok ? response.json() : null))
      .then((body) => {
        const plans = body?.success && Array.isArray(body.data) ? body.data : [];
        if (plans.length === 0) return;
        for (const example of row.querySelectorAll('[data-oc-example]')) example.remove();
        for (const plan of plans) template.before(fill(plan));
      })
      .catch(() => {})
      .finally(() => row.removeAttribute('aria-busy'));
  }

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
