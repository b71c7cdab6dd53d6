/**
 * Tiers shown on the public pricing page. Prices are in whole US dollars per month; a yearly
 * price is ten monthly prices ("save 2 months fee"). `null` means free, 'contact' means quoted.
 */
export interface PricingTier {
  key: 'SelfHosted' | 'Starter' | 'Growth' | 'Enterprise';
  monthly: number | null | 'contact';
  popular?: boolean;
  features: { key: string; count?: number }[];
  /** where its button leads; 'contact' is the platform's contact address (or the about page's contact section) */
  cta: { to: string | 'contact'; label: 'getStarted' | 'choosePlan' | 'contactUs' };
}

export const YEARLY_MONTHS_CHARGED = 10;

export const PRICING_TIERS: PricingTier[] = [
  {
    key: 'SelfHosted',
    monthly: null,
    features: [{ key: 'AllChannels' }, { key: 'YourServer' }, { key: 'Community' }],
    cta: { to: '/about#self-hosting', label: 'getStarted' },
  },
  {
    key: 'Starter',
    monthly: 29,
    features: [
      { key: 'Seats', count: 3 },
      { key: 'Channels', count: 2 },
      { key: 'Agents', count: 1 },
      { key: 'Broadcasts' },
    ],
    cta: { to: '/auth/register', label: 'choosePlan' },
  },
  {
    key: 'Growth',
    monthly: 79,
    popular: true,
    features: [
      { key: 'Seats', count: 10 },
      { key: 'Channels', count: 6 },
      { key: 'Agents', count: 5 },
      { key: 'Broadcasts' },
      { key: 'Workflows' },
      { key: 'Salesforce' },
    ],
    cta: { to: '/auth/register', label: 'choosePlan' },
  },
  {
    key: 'Enterprise',
    monthly: 'contact',
    features: [{ key: 'Unlimited' }, { key: 'AllChannels' }, { key: 'Sso' }, { key: 'Sla' }],
    cta: { to: 'contact', label: 'contactUs' },
  },
];
