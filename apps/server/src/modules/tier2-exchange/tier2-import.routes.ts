import { TIER2_IMPORT_MSG, Tier2ImportQuerySchema, Tier2ImportResponseSchema } from '@chemtrack/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { ERROR_RESPONSES, ErrorBodySchema } from '../../lib/route-schemas.ts';
import { receiveUploadInMemoryFor } from '../files/file-upload.ts';
import { applyTier2Import, previewTier2Import } from './tier2-import.service.ts';
import { looksLikeTier2Upload } from './tier2-reader.ts';

const tags = ['Tier II'];

/** The optional `customer_id` form field: a record id, or absent for a new customer. */
function customerIdOf(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new AppError('VALIDATION', 'The customer id must be a record id', {
      customer_id: ['The customer id must be a record id'],
    });
  }
  return id;
}

/**
 * The optional `new_products` form field (issue 33 point 7): the keys of the file's chemicals
 * ("1-2", comma-separated) that get a new product instead of the catalogue product matched.
 */
function newProductsOf(value: string | undefined): Set<string> {
  const keys = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (keys.some((item) => !/^\d{1,6}-\d{1,6}$/.test(item))) {
    throw new AppError('VALIDATION', TIER2_IMPORT_MSG.newProductsField, {
      new_products: [TIER2_IMPORT_MSG.newProductsField],
    });
  }
  return new Set(keys);
}

/**
 * `POST /tier2/import` (issue 25): a multipart `file` (.t2s or XML, by content), an optional
 * `customer_id` field and `dry_run=1` (query or field). The dry run answers the plan and writes
 * nothing; without it the plan is written in one transaction and the answer names what was written.
 */
export const tier2ImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tier2/import',
    {
      config: { permission: 'tier2.import' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: Tier2ImportQuerySchema,
        response: {
          200: Tier2ImportResponseSchema,
          201: Tier2ImportResponseSchema,
          ...ERROR_RESPONSES,
          400: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await receiveUploadInMemoryFor(request, reply, 'tier2.import', {
        maxBytes: app.config.uploadMaxBytes,
        accepts: looksLikeTier2Upload,
        refusal: TIER2_IMPORT_MSG.notXmlOrZip,
      });
      const customerId = customerIdOf(upload.fields.customer_id);
      const newProducts = newProductsOf(upload.fields.new_products);
      const dryField = upload.fields.dry_run;
      const isDryRun = request.query.dry_run || dryField === '1' || dryField === 'true';
      if (isDryRun) {
        const plan = await previewTier2Import(app.db, upload.bytes, customerId, newProducts);
        return {
          message: TIER2_IMPORT_MSG.dryRun(
            plan.facilities.length,
            plan.chemicals.length,
            plan.contacts.length,
          ),
          resource: { dry_run: true, plan, written: null },
        };
      }
      const { plan, written } = await applyTier2Import(
        app.db,
        actorOf(request),
        upload.bytes,
        customerId,
        newProducts,
      );
      reply.status(201);
      return {
        message: TIER2_IMPORT_MSG.imported(written.facility_ids.length, written.line_ids.length),
        resource: { dry_run: false, plan, written },
      };
    },
  );
};
