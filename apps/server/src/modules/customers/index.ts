export {
  addVisitorEmail,
  type ChannelContact,
  customerOfContact,
  customerOfVisitor,
  customersOfContacts,
  type VisitorDetails,
} from './channel-contacts.ts';
export { type FieldValues, importedCondition, loadFields, segmentCondition } from './customer-query.ts';
export { createCustomersService, tagsOf, toCustomerDto } from './customers.service.ts';
export { CUSTOMER_COLUMN_OF, type CustomerRow, customers, customerTagLinks, customerTags } from './customers.tables.ts';
export { toE164 } from './phone.ts';
