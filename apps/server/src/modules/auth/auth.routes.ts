import {
  ForgotPasswordQuerySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  makeResourceResponseSchema,
  PasswordLinkQuerySchema,
  PasswordLinkResourceSchema,
  SERVER_MSG,
  SetPasswordRequestSchema,
  signInGreeting,
  UpdateProfileRequestSchema,
  UserResourceSchema,
} from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { ERROR_RESPONSES, ErrorBodySchema } from '../../lib/route-schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  describePasswordLink,
  getProfile,
  requestPasswordReset,
  setPasswordWithToken,
  signIn,
  signOut,
  updateProfile,
} from './auth.service.ts';

const tags = ['Auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/sign-in',
    {
      config: { isPublic: true },
      schema: {
        tags,
        body: LoginRequestSchema,
        response: {
          200: LoginResponseSchema,
          401: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const result = await signIn(app, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      const greeting = signInGreeting(result.firstName, result.isFirstSignIn);
      return {
        message: `${greeting.title} ${greeting.text}`,
        credentials: { access_token: result.token, expires_at: result.expiresAt.toISOString() },
        resource: result.resource,
        first_sign_in: result.isFirstSignIn,
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { permission: 'session.end' },
      schema: { tags, response: { 200: MessageResponseSchema, 401: ErrorBodySchema } },
    },
    async (request) => {
      await signOut(app.db, actorOf(request), currentUser(request).sessionId);
      return { message: 'Goodbye! Successfully logged out' };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { isPublic: true },
      schema: {
        tags,
        querystring: ForgotPasswordQuerySchema,
        response: { 200: MessageResponseSchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await requestPasswordReset(app, request.query.username, { ip: request.ip });
      return { message: SERVER_MSG.resetRequested };
    },
  );

  app.post(
    '/auth/set-password',
    {
      config: { isPublic: true },
      schema: {
        tags,
        body: SetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      await setPasswordWithToken(app, request.body, { ip: request.ip });
      return { message: SERVER_MSG.passwordChanged };
    },
  );

  app.get(
    '/auth/password-link',
    {
      config: { isPublic: true },
      schema: {
        tags,
        querystring: PasswordLinkQuerySchema,
        response: { 200: makeResourceResponseSchema(PasswordLinkResourceSchema), 422: ErrorBodySchema },
      },
    },
    async (request) => ({ resource: await describePasswordLink(app.db, request.query.token) }),
  );

  app.get(
    '/auth/me',
    {
      config: { permission: 'profile.read' },
      schema: { tags, response: { 200: makeResourceResponseSchema(UserResourceSchema), ...ERROR_RESPONSES } },
    },
    async (request) => {
      return { resource: await getProfile(app.db, currentUser(request)) };
    },
  );

  app.patch(
    '/auth/update-profile',
    {
      config: { permission: 'profile.update' },
      schema: {
        tags,
        body: UpdateProfileRequestSchema,
        response: { 200: makeResourceResponseSchema(UserResourceSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const resource = await updateProfile(app.db, currentUser(request), request.body, { ip: request.ip });
      return { message: 'Profile updated successfully', resource };
    },
  );
};
