import type { GoogleLoginBody } from '@omnichat/contracts';

interface CredentialResponse {
  credential?: string;
}

interface GoogleAccountsId {
  initialize: (config: { client_id: string; callback: (response: CredentialResponse) => void }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, unknown>) => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
const LOAD_TIMEOUT_MS = 8000;
let loading: Promise<GoogleAccountsId> | null = null;

/** Loads Google Identity Services once; rejects when the script cannot be reached. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  if (!loading) {
    loading = new Promise<GoogleAccountsId>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SCRIPT_URL;
      script.async = true;
      script.defer = true;
      const timer = setTimeout(() => reject(new Error('Google Identity Services timed out')), LOAD_TIMEOUT_MS);
      script.onload = () => {
        clearTimeout(timer);
        const api = window.google?.accounts?.id;
        if (api) resolve(api);
        else reject(new Error('Google Identity Services unavailable'));
      };
      script.onerror = () => {
        clearTimeout(timer);
        reject(new Error('Google Identity Services could not be loaded'));
      };
      document.head.appendChild(script);
    }).catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** The body of the Google login calls, from the ID token Google hands back. */
export function googleLoginBody(idToken: string): GoogleLoginBody {
  const body: GoogleLoginBody = { id_token: idToken };
  try {
    const payload = idToken.split('.')[1] ?? '';
    const binary = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const claims = JSON.parse(json) as Record<string, unknown>;
    if (typeof claims.sub === 'string') body.google_id = claims.sub;
    if (typeof claims.name === 'string') body.name = claims.name;
    if (typeof claims.email === 'string') body.email = claims.email;
    if (typeof claims.picture === 'string') body.avatar = claims.picture;
  } catch {
    // the server verifies the token itself; the extra fields are a convenience
  }
  return body;
}
