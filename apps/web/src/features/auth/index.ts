// The auth feature's texts (`auth.*`: sign in, sign up), which the marketing pages show too
import './i18n/auth.ts';
