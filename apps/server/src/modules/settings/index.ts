export { createSettingsService, SECRET_MASK, type SettingsService } from './settings.service.ts';
export {
  createTemplatePricing,
  type PriceEstimate,
  type PriceTable,
  priceTable,
  TEMPLATE_PRICES_KEY,
  type TemplatePricing,
} from './template-pricing.ts';
