export { listCustomers } from './customers-api.ts';
