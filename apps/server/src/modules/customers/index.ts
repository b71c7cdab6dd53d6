export {
  type ChannelContact,
  customerOfContact,
  customerOfVisitor,
  customersOfContacts,
  onCustomerMerge,
} from './channel-contacts.ts';
export { customersRoutes } from './customers.routes.ts';
export { type CustomerRow, customers } from './customers.tables.ts';
