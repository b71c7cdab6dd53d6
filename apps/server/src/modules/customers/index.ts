export {
  type ChannelContact,
  customerOfContact,
  customerOfVisitor,
  customersOfContacts,
} from './channel-contacts.ts';
export { type CustomerRow, customers } from './customers.tables.ts';
