import { isAllowed, SERVER_MSG } from '@chemtrack/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { API_PREFIX } from '../../plugins/auth.ts';
import { touchSessionUser } from './sessions.repository.ts';

/**
 * After the application key (plugins/auth.ts): the bearer session, then the route's action
 * against the domain's PERMISSIONS table. Public routes (`config.isPublic`) skip both.
 */
async function sessionPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    const config = request.routeOptions.config;
    if (config.isPublic || !request.routeOptions.url) return;

    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', SERVER_MSG.unauthenticated);
    const user = await touchSessionUser(app.db, match[1], {
      idleMs: app.config.sessionIdleMs,
      rememberedIdleMs: app.config.rememberedSessionIdleMs,
    });
    if (!user) throw new AppError('UNAUTHENTICATED', SERVER_MSG.sessionExpired);
    request.user = user;

    if (!config.permission || !isAllowed(user.role, config.permission)) {
      throw new AppError('FORBIDDEN', SERVER_MSG.forbidden);
    }
  });
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['database', 'auth'] });
