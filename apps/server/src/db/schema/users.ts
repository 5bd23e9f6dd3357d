import type { PasswordLinkPurpose } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, isActive, timestamps, trigram } from './columns.ts';
import { roleEnum } from './enums.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text(),
    role: roleEnum().notNull(),
    firstName: varchar({ length: 50 }).notNull(),
    lastName: varchar({ length: 50 }).notNull(),
    phone: varchar({ length: 20 }).notNull().default(''),
    isActive: isActive(),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role, t.isActive),
    // One index on the full name serves searches for the first, the last or both names.
    trigram('users_full_name_trgm', sql`(${t.firstName} || ' ' || ${t.lastName})`),
    trigram('users_email_trgm', t.email),
    // Every sort of the users and technicians lists, then id as they break ties (issue 24).
    index('users_first_name_lower_idx').on(sql`lower(${t.firstName})`, t.id),
    index('users_last_name_lower_idx').on(sql`lower(${t.lastName})`, t.id),
    index('users_full_name_lower_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('users_updated_at_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    index('users_created_at_idx').on(t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token: a database leak does not leak usable tokens. */
    tokenHash: char({ length: 64 }).notNull(),
    isRemembered: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    ipAddress: varchar({ length: 64 }),
    userAgent: varchar({ length: 512 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: char({ length: 64 }).notNull(),
    /** Whom the link was sent for: a used or expired invitation says so (issue 33 point 15). */
    purpose: varchar({ length: 16 }).$type<PasswordLinkPurpose>().notNull().default('reset'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins, kept in the database so every API process shares one count. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** `email:<address>` or `ip:<address>`. */
    key: varchar({ length: 320 }).notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.attemptedAt)],
);
