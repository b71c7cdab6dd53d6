// The worker thread's entry: TypeScript loads through tsx here too (a worker does not inherit --import).
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
