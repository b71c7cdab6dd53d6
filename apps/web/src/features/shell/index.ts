// The shell's texts (`account.*`) come with its card; the admin profile page shows them too
import './i18n/account.ts';

export { ChangePasswordCard } from './ChangePasswordCard.tsx';
