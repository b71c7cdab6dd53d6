export { listCustomers, saveDownload, useCustomerFields } from './customers-api.ts';
