import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PLAN_LIMITS } from '@common/plans';
import type { UserRow } from '../db/schema';
import { AppError, isAppError } from '../lib/errors';

export interface FormFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartForm {
  files: FormFile[];
  fields: Record<string, string>;
}

/**
 * Reads a whole multipart/form-data body within the person's plan limit. Files must come in `fileFields`
 * (`wrongField` says so otherwise); a body that is not multipart, or whose framing is broken (no boundary, a
 * boundary the body never uses, cut short), is a 400 with a message rather than the parser's own error.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  user: UserRow,
  shape: {
    fileFields: string[];
    maxFiles: number;
    fieldSize: number;
    notMultipart: string;
    wrongField: string;
  },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', shape.notMultipart);
  const limit = PLAN_LIMITS[user.subscriptionTier];
  const form: MultipartForm = { files: [], fields: {} };
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: limit.maxUploadBytes,
        files: shape.maxFiles,
        fields: 8,
        fieldSize: shape.fieldSize,
      },
    })) {
      if (part.type === 'file') {
        if (!shape.fileFields.includes(part.fieldname)) throw new AppError('BAD_REQUEST', shape.wrongField);
        form.files.push({ field: part.fieldname, filename: part.filename, bytes: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw formError(error, user);
  }
  return form;
}

function formError(error: unknown, user: UserRow): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const limit = PLAN_LIMITS[user.subscriptionTier];
    return tooLarge(limit.maxUploadMegabytes, user.subscriptionTier);
  }
  // Our own refusals, and the plugin's limits (413 with a status of their own), pass as they are.
  if (isAppError(error) || (statusCode && statusCode < 500)) return error;
  return new AppError(
    'BAD_REQUEST',
    'The upload could not be read: it was cut short, or its multipart boundary does not match the one declared.',
  );
}

export function tooLarge(megabytes: number, plan: string): AppError {
  const upgrade = plan === 'free' ? ' Paid plans accept up to 25 MB.' : '';
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `This file is larger than your plan's ${megabytes} MB upload limit.${upgrade}`,
  );
}
