import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph-api.ts';
import { createOutboundClient } from '../../platform/outbound/outbound-client.ts';
import { createGraphClient, type GraphClient } from './graph-client.ts';

/**
 * One fake Graph API for the file and a client pointed at it; before each test the fake forgets what it was sent and
 * `allow` grants the tokens again. Read its fields inside tests or hooks (they are set once the file starts):
 * `let { fake, graph } = meta; beforeAll(() => ({ fake, graph } = meta));`
 */
export function fakeGraphTest(allow: (fake: FakeGraph) => void) {
  const meta = {} as { fake: FakeGraph; graph: GraphClient };
  beforeAll(async () => {
    meta.fake = await startFakeGraph();
    meta.graph = createGraphClient(meta.fake.url, { outbound: createOutboundClient({ allowPrivate: true }) });
  });
  afterAll(() => meta.fake.close());
  beforeEach(() => {
    meta.fake.reset();
    allow(meta.fake);
  });
  return meta;
}
