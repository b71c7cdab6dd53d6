export { createEmailChange } from './email-change.ts';
export { updateProfile } from './profile.ts';
export { toUserDto } from './users.dto.ts';
