import { type Action, isAllowed, ROLES, SERVER_MSG } from '@chemtrack/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { findSessionUser, type SessionUser } from '../modules/auth/sessions.repository.ts';

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

export const API_PREFIX = '/api/admin/v1';
export const ALL_ROLES = ROLES;

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', SERVER_MSG.unauthenticated);
  return request.user;
}

/**
 * Every API call: the application key, then the bearer session, then the route's roles.
 * Routes opt out of the session with `config.isPublic`, never out of the key.
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

    const config = request.routeOptions.config;
    if (config.isPublic || !request.routeOptions.url) return;

    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', SERVER_MSG.unauthenticated);
    const user = await findSessionUser(app.db, match[1]);
    if (!user) throw new AppError('UNAUTHENTICATED', SERVER_MSG.sessionExpired);
    request.user = user;

    if (!config.permission || !isAllowed(user.role, config.permission)) {
      throw new AppError('FORBIDDEN', SERVER_MSG.forbidden);
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database'] });
