export {
  addVisitorEmail,
  type ChannelContact,
  customerOfContact,
  customerOfVisitor,
  customersOfContacts,
  type VisitorDetails,
} from './channel-contacts.ts';
export { type CustomerRow, customers } from './customers.tables.ts';
export { toE164 } from './phone.ts';
