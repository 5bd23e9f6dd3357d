import { ROLES, type Role, SERVER_MSG } from '@chemtrack/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { findSessionUser, type SessionUser } from '../modules/auth/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, forgot/set password). */
    isPublic?: boolean;
    /** Roles allowed; default staff and admin. Technicians only reach routes that list them. */
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const API_PREFIX = '/api/admin/v1';
export const ALL_ROLES = ROLES;
export const STAFF_ROLES = ['admin', 'staff'] as const satisfies readonly Role[];
export const ADMIN_ONLY = ['admin'] as const satisfies readonly Role[];

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

    const roles = config.roles ?? STAFF_ROLES;
    if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', SERVER_MSG.forbidden);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database'] });
