// What other features use of the admin pages' parts (the billing plans page is an admin page of its own feature).
export { NullableNumberInput, wholeNumberRule } from './NullableNumberInput.tsx';
export { useAdminAccess } from './use-admin-access.ts';
