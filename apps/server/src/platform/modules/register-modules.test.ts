import { describe, expect, it } from 'vitest';
import type { Tx } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { defineModule, type MetaFieldHandler } from './define-module.ts';
import { hooksOf } from './register-modules.ts';

const handler: MetaFieldHandler = async () => [];

describe('the modules’ hooks', () => {
  it('call every module’s customer merge in the list’s order, and the one handler of each Meta field', async () => {
    const called: string[] = [];
    const hooks = hooksOf([
      defineModule({
        name: 'a',
        hooks: { customerMerge: async () => void called.push('a'), metaWebhook: { messages: handler } },
      }),
      defineModule({ name: 'b' }),
      defineModule({ name: 'c', hooks: { customerMerge: async () => void called.push('c') } }),
    ]);
    await hooks.customerMerge({} as Tx, 'survivor', 'other', {} as EventBus);
    expect(called).toEqual(['a', 'c']);
    expect(hooks.metaWebhook).toEqual({ messages: handler });
  });

  it('refuse two modules answering one Meta field', () => {
    const answering = (name: string) => defineModule({ name, hooks: { metaWebhook: { account_alerts: handler } } });
    expect(() => hooksOf([answering('a'), answering('b')])).toThrow(/"account_alerts" is answered twice \(module b\)/);
  });
});
