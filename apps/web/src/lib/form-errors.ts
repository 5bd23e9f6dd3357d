import { type FieldError, type FieldErrors, type FieldValues, get } from 'react-hook-form';

/**
 * The first message at one of these paths: the domain's rules and the server name some fields
 * by the request's words (container_id, hazard_ids, sds.filepath) where the form holds the
 * picked item or file.
 */
export function messageAt<T extends FieldValues>(
  errors: FieldErrors<T>,
  ...paths: string[]
): string | undefined {
  for (const path of paths) {
    const error: FieldError | undefined = get(errors, path);
    if (error?.message) return error.message;
  }
  return undefined;
}
