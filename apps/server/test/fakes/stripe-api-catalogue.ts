import { randomBytes } from 'node:crypto';
import { changed, type StripeStore } from './stripe-api-store.ts';
import {
  type Form,
  form,
  invalidRequest,
  listOf,
  mergeMetadata,
  type StripeObject,
  stripeId,
} from './stripe-api-wire.ts';

/* The fake Stripe's catalogue (products, prices) and customers. */

/** Products, prices and customers. */
export function catalogue(store: StripeStore) {
  const metadataOf = (o: StripeObject) => o.metadata as Record<string, string>;
  return {
    createProduct(params: Form) {
      form.only(params, ['id', 'name', 'active', 'description', 'metadata', 'tax_code', 'unit_label', 'url']);
      const name = form.string(params, 'name');
      if (!name) throw invalidRequest('Missing required param: name.', 'name', 'parameter_missing');
      const id = form.string(params, 'id') ?? stripeId('prod', 14);
      if (store.objects.has(id)) throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
      return store.put({
        id,
        object: 'product',
        active: form.bool(params, 'active') ?? true,
        created: store.now(),
        default_price: null,
        description: form.string(params, 'description') ?? null,
        images: [],
        livemode: false,
        marketing_features: [],
        metadata: mergeMetadata({}, params),
        name,
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        type: 'service',
        unit_label: null,
        updated: store.now(),
        url: null,
      });
    },
    updateProduct(id: string, params: Form) {
      form.only(params, ['name', 'active', 'description', 'metadata', 'default_price']);
      const product = store.get('product', id);
      const name = form.string(params, 'name');
      if (name !== undefined) product.name = name;
      const active = form.bool(params, 'active');
      if (active !== undefined) product.active = active;
      const description = form.string(params, 'description');
      if (description !== undefined) product.description = description || null;
      const defaultPrice = form.string(params, 'default_price');
      if (defaultPrice !== undefined) product.default_price = store.get('price', defaultPrice, 'default_price').id;
      product.metadata = mergeMetadata(metadataOf(product), params);
      product.updated = store.now();
      return product;
    },
    createPrice(params: Form) {
      form.only(params, [
        'currency',
        'unit_amount',
        'product',
        'recurring',
        'nickname',
        'lookup_key',
        'metadata',
        'active',
        'tax_behavior',
      ]);
      const currency = form.string(params, 'currency')?.toLowerCase();
      if (!currency) throw invalidRequest('Missing required param: currency.', 'currency', 'parameter_missing');
      const unitAmount = form.int(params, 'unit_amount');
      if (unitAmount === undefined || unitAmount < 0)
        throw invalidRequest('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
      const productId = form.string(params, 'product');
      if (!productId) throw invalidRequest('Missing required param: product.', 'product', 'parameter_missing');
      store.get('product', productId, 'product');
      const recurring = form.object(params, 'recurring');
      const interval = recurring && form.string(recurring, 'interval');
      if (recurring && !['day', 'week', 'month', 'year'].includes(interval ?? ''))
        throw invalidRequest('Invalid recurring[interval]', 'recurring[interval]');
      return store.put({
        id: stripeId('price'),
        object: 'price',
        active: form.bool(params, 'active') ?? true,
        billing_scheme: 'per_unit',
        created: store.now(),
        currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: form.string(params, 'lookup_key') ?? null,
        metadata: mergeMetadata({}, params),
        nickname: form.string(params, 'nickname') ?? null,
        product: productId,
        recurring: recurring
          ? {
              interval,
              interval_count: form.int(recurring, 'interval_count') ?? 1,
              meter: null,
              usage_type: 'licensed',
            }
          : null,
        tax_behavior: form.string(params, 'tax_behavior') ?? 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: recurring ? 'recurring' : 'one_time',
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      });
    },
    /** A price's amount, currency and interval never change: only these may be updated. */
    updatePrice(id: string, params: Form) {
      form.only(params, ['active', 'metadata', 'nickname', 'lookup_key', 'tax_behavior']);
      const price = store.get('price', id);
      const active = form.bool(params, 'active');
      if (active !== undefined) price.active = active;
      const nickname = form.string(params, 'nickname');
      if (nickname !== undefined) price.nickname = nickname || null;
      const lookupKey = form.string(params, 'lookup_key');
      if (lookupKey !== undefined) price.lookup_key = lookupKey || null;
      price.metadata = mergeMetadata(metadataOf(price), params);
      return price;
    },
    listPrices(query: Form) {
      const product = form.string(query, 'product');
      const active = form.bool(query, 'active');
      const prices = store.all(
        'price',
        (p) => (!product || p.product === product) && (active === undefined || p.active === active),
      );
      return listOf(prices, query, '/v1/prices');
    },
    createCustomer(params: Form) {
      form.only(params, ['email', 'name', 'description', 'metadata', 'phone', 'invoice_settings', 'payment_method']);
      const customer = store.put({
        id: stripeId('cus', 14),
        object: 'customer',
        address: null,
        balance: 0,
        created: store.now(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: form.string(params, 'description') ?? null,
        discount: null,
        email: form.string(params, 'email') ?? null,
        invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: mergeMetadata({}, params),
        name: form.string(params, 'name') ?? null,
        next_invoice_sequence: 1,
        phone: form.string(params, 'phone') ?? null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: null,
      });
      store.emit('customer.created', customer);
      return customer;
    },
    updateCustomer(id: string, params: Form) {
      form.only(params, ['email', 'name', 'description', 'metadata', 'phone', 'invoice_settings']);
      const customer = store.get('customer', id);
      const before = structuredClone(customer);
      for (const field of ['email', 'name', 'description', 'phone']) {
        const value = form.string(params, field);
        if (value !== undefined) customer[field] = value || null;
      }
      const settings = form.object(params, 'invoice_settings');
      const defaultMethod = settings && form.string(settings, 'default_payment_method');
      if (defaultMethod !== undefined) {
        if (defaultMethod) {
          const method = store.objects.get(defaultMethod);
          if (!method || method.object !== 'payment_method' || method.customer !== id)
            throw invalidRequest(
              `No such PaymentMethod: '${defaultMethod}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
              'invoice_settings[default_payment_method]',
              'resource_missing',
            );
        }
        (customer.invoice_settings as StripeObject).default_payment_method = defaultMethod || null;
      }
      customer.metadata = mergeMetadata(customer.metadata as Record<string, string>, params);
      store.emit('customer.updated', customer, changed(before, customer));
      return customer;
    },
  };
}
