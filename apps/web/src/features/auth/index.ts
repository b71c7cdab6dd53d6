// The `auth.*` texts (sign in, sign up) that the marketing pages show too
import './i18n/auth.ts';

export { switchWorkspace } from './login-flow.ts';
