import type { UserResource } from '@chemtrack/domain';
import { create } from 'zustand';

export const SESSION_KEY = 'auth-storage';

export interface SessionState {
  token: string | null;
  user: UserResource | null;
  isAuthenticated: boolean;
  rememberMe: boolean;
}

interface SessionActions {
  signIn(token: string, user: UserResource, rememberMe: boolean): void;
  /** Clears token, user and flags. */
  logout(): void;
  /** Drops only the token and the authenticated flag, keeping the user. */
  clearToken(): void;
  updateUser(patch: Partial<UserResource>): void;
}

const SIGNED_OUT: SessionState = { token: null, user: null, isAuthenticated: false, rememberMe: false };

function readStorage(storage: Storage): SessionState | undefined {
  try {
    const raw = storage.getItem(SESSION_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { state?: Partial<SessionState> };
    const state = parsed.state;
    if (!state?.token) return undefined;
    return {
      token: state.token,
      user: state.user ?? null,
      isAuthenticated: true,
      rememberMe: state.rememberMe ?? false,
    };
  } catch {
    return undefined;
  }
}

/** Start-up: local storage first, then session storage, used only if it holds a token. */
export function readStoredSession(): SessionState {
  return readStorage(localStorage) ?? readStorage(sessionStorage) ?? SIGNED_OUT;
}

/** Remember me keeps the session in local storage; otherwise in session storage only. */
function writeStorage(state: SessionState) {
  const raw = JSON.stringify({ state, version: 0 });
  if (state.rememberMe) {
    localStorage.setItem(SESSION_KEY, raw);
    sessionStorage.removeItem(SESSION_KEY);
  } else {
    sessionStorage.setItem(SESSION_KEY, raw);
    localStorage.removeItem(SESSION_KEY);
  }
}

function stateOf(store: SessionState & SessionActions): SessionState {
  return {
    token: store.token,
    user: store.user,
    isAuthenticated: store.isAuthenticated,
    rememberMe: store.rememberMe,
  };
}

export const useSession = create<SessionState & SessionActions>()((set, get) => ({
  ...readStoredSession(),
  signIn(token, user, rememberMe) {
    set({ token, user, rememberMe, isAuthenticated: true });
    writeStorage(stateOf(get()));
  },
  logout() {
    set(SIGNED_OUT);
    localStorage.removeItem(SESSION_KEY);
    sessionStorage.removeItem(SESSION_KEY);
  },
  clearToken() {
    set({ token: null, isAuthenticated: false });
    writeStorage(stateOf(get()));
  },
  updateUser(patch) {
    const user = get().user;
    if (!user) return;
    set({ user: { ...user, ...patch, profile: { ...user.profile, ...patch.profile } } });
    writeStorage(stateOf(get()));
  },
}));
