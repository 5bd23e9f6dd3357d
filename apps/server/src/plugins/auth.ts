import { type Action, ROLES, type Role, SERVER_MSG } from '@chemtrack/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, forgot/set password). */
    isPublic?: boolean;
    /** The action this call performs; the domain's PERMISSIONS table says which roles may. */
    permission?: Action;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The signed-in user of a request, set by the auth module's session hook. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  sessionId: number;
}

export const API_PREFIX = '/api/admin/v1';
export const ALL_ROLES = ROLES;

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', SERVER_MSG.unauthenticated);
  return request.user;
}

/**
 * Every API call needs the application key. The bearer session and the route's action are
 * checked next by the auth module's session hook (`modules/auth/session.plugin.ts`), registered
 * right after this plugin so its hook runs after this one. Routes opt out of the session with
 * `config.isPublic`, never out of the key.
 */
async function authPlugin(app: FastifyInstance, options: { appKey: string }) {
  app.decorateRequest('user', null);

  // A route that forgets its action would otherwise be open to every role: refuse to start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`) || route.config?.isPublic) return;
    if (!route.config?.permission) {
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    const key = request.headers['x-app-key'];
    if (key === undefined || key === '') throw new AppError('UNAUTHENTICATED', SERVER_MSG.appKeyMissing);
    if (key !== options.appKey) throw new AppError('FORBIDDEN', SERVER_MSG.appKeyInvalid);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database'] });
