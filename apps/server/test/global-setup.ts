import type { TestProject } from 'vitest/node';
import { createTemplate, migrationsFingerprint } from './template-database.ts';

/**
 * Migrates one template database per run (PGlite, or PostgreSQL when TEST_DATABASE_URL is set)
 * that every server test file copies instead of migrating its own.
 */
export default async function setup(project: TestProject) {
  let fingerprint = migrationsFingerprint();
  let current = await createTemplate(process.env.TEST_DATABASE_URL);
  project.provide('testDatabaseTemplate', current.template);

  // Watch mode keeps this setup across reruns: a changed migration needs a new template.
  project.onTestsRerun(async () => {
    const now = migrationsFingerprint();
    if (now === fingerprint) return;
    const next = await createTemplate(process.env.TEST_DATABASE_URL);
    await current.drop();
    current = next;
    fingerprint = now;
    project.provide('testDatabaseTemplate', current.template);
  });

  return async () => {
    await current.drop();
  };
}
