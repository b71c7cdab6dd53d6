import { i18n } from '../../../app/i18n/index.ts';
import { customersEn } from './en.ts';
import { customersZhCn } from './zh-cn.ts';
import { customersZhHk } from './zh-hk.ts';

/** The customers pages' texts come with their chunk: every language's, as the `customers` namespace. */
export const CUSTOMERS_NS = 'customers';
i18n.addResourceBundle('en', CUSTOMERS_NS, customersEn, true, true);
i18n.addResourceBundle('zh-hk', CUSTOMERS_NS, customersZhHk, true, true);
i18n.addResourceBundle('zh-cn', CUSTOMERS_NS, customersZhCn, true, true);
