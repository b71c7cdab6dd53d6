import {
  type Admin,
  isAdminRole,
  type Locale,
  type SystemRole,
  type User,
  type WorkspaceMember,
} from '@omnichat/contracts';

/** Every localStorage key the web app uses (SPEC 3 "Local storage holds"). */
export const STORAGE_KEYS = {
  token: 'token',
  loginType: 'login_type',
  systemRole: 'system_role',
  workspaceMember: 'workspace_member',
  workspaceId: 'workspace_id',
  admin: 'admin',
  role: 'role',
  user: 'user',
  userAvatar: 'user_avatar',
  workspaceAvatar: 'workspace_avatar',
  language: 'language',
  locale: 'locale',
  theme: 'theme',
  /** the customer list's chosen columns */
  customerColumns: 'customer_columns',
  /** the AI agents' first-run guide was dismissed */
  csAgentGuide: 'cs_agent_guide',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
export type LoginType = SystemRole;
export type RoleFlag = 'admin' | 'member';
export type ThemeMode = 'light' | 'dark';
/** The stored member record keeps the avatars apart (they can be large data URLs). */
export type StoredWorkspaceMember = WorkspaceMember;
export type StoredUser = Omit<User, 'avatar'>;
export type StoredAdmin = Omit<Admin, 'avatar'>;

const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version += 1;
  for (const listener of listeners) listener();
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readString(key: StorageKey): string | null {
  return safeStorage()?.getItem(key) ?? null;
}

/** Kept in cookies too: the server picks the prerendered public pages' language and theme by them. */
const COOKIE_KEYS: StorageKey[] = [STORAGE_KEYS.language, STORAGE_KEYS.theme];

export function writeString(key: StorageKey, value: string | null): void {
  const storage = safeStorage();
  if (!storage) return;
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
  if (COOKIE_KEYS.includes(key) && typeof document !== 'undefined') {
    const age = value === null ? 0 : 60 * 60 * 24 * 365;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie every browser keeps (the Cookie Store API is not in all of them)
    document.cookie = `${key}=${encodeURIComponent(value ?? '')}; path=/; max-age=${age}; samesite=lax`;
  }
  notify();
}

const parsed = new Map<string, { raw: string; value: unknown }>();

/** Parsed JSON of a key; the same stored text gives the same object (stable for React memos). */
export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  const cached = parsed.get(key);
  if (cached && cached.raw === raw) return cached.value as T;
  try {
    const value = JSON.parse(raw) as T;
    parsed.set(key, { raw, value });
    return value;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}

/** Subscribe to changes made through this module (and by other tabs). */
export function subscribeStorage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const storageVersion = () => version;

if (typeof window !== 'undefined') {
  window.addEventListener('storage', () => notify());
}

export const session = {
  token: () => readString(STORAGE_KEYS.token),
  setToken: (token: string | null) => writeString(STORAGE_KEYS.token, token),
  loginType: () => readString(STORAGE_KEYS.loginType) as LoginType | null,
  roleFlag: () => readString(STORAGE_KEYS.role) as RoleFlag | null,
  workspaceMember: () => readJson<StoredWorkspaceMember>(STORAGE_KEYS.workspaceMember),
  workspaceId: () => readString(STORAGE_KEYS.workspaceId),
  user: () => readJson<StoredUser>(STORAGE_KEYS.user),
  admin: () => readJson<StoredAdmin>(STORAGE_KEYS.admin),
  userAvatar: () => readString(STORAGE_KEYS.userAvatar) ?? '',
  workspaceAvatar: () => readString(STORAGE_KEYS.workspaceAvatar) ?? '',
};

export function storeUser(user: User): void {
  const { avatar, ...rest } = user;
  writeJson(STORAGE_KEYS.user, rest);
  writeString(STORAGE_KEYS.userAvatar, avatar || null);
}

export function storeAdmin(admin: Admin): void {
  const { avatar, ...rest } = admin;
  writeJson(STORAGE_KEYS.admin, rest);
  writeString(STORAGE_KEYS.userAvatar, avatar || null);
}

/** Stores the member record of the current organization (SPEC 4), its role flag and avatars. */
export function storeWorkspaceMember(member: WorkspaceMember): void {
  const { avatar: workspaceAvatar, user, ...workspace } = member.workspace;
  const { avatar: _userAvatar, ...storedUser } = user;
  const stored = { ...member, workspace: { ...workspace, avatar: '', user: { ...storedUser, avatar: '' } } };
  writeJson(STORAGE_KEYS.workspaceMember, stored);
  writeString(STORAGE_KEYS.workspaceId, member.workspace.id);
  writeString(STORAGE_KEYS.role, isAdminRole(member.role) ? 'admin' : 'member');
  writeString(STORAGE_KEYS.workspaceAvatar, workspaceAvatar || null);
  storeUser(user);
}

/** Changes fields of the stored member record of the current organization (its availability), if there is one. */
export function patchWorkspaceMember(patch: Partial<Pick<WorkspaceMember, 'availability'>>): void {
  const stored = session.workspaceMember();
  if (stored) writeJson(STORAGE_KEYS.workspaceMember, { ...stored, ...patch });
}

export function clearWorkspaceMember(): void {
  writeString(STORAGE_KEYS.workspaceMember, null);
  writeString(STORAGE_KEYS.workspaceAvatar, null);
}

export function storedLocale(): Locale | null {
  const value = readString(STORAGE_KEYS.language);
  return value === 'en' || value === 'zh-hk' || value === 'zh-cn' ? value : null;
}
