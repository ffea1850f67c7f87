/** Every error code a server response may carry; the client branches on these, never on message text. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_IMAGE',
  'INVALID_IMAGE',
  'INVALID_MASK',
  'INSUFFICIENT_CREDITS',
  'RATE_LIMITED',
  'MODE_NOT_AVAILABLE',
  'PAYMENTS_NOT_CONFIGURED',
  'ENGINE_FAILED',
  'PROVIDER_FAILED',
  'OUTPUT_TOO_LARGE',
  'NOTHING_TO_DO',
  'CONFLICT',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_IMAGE: 415,
  INVALID_IMAGE: 422,
  INVALID_MASK: 422,
  INSUFFICIENT_CREDITS: 402,
  RATE_LIMITED: 429,
  MODE_NOT_AVAILABLE: 501,
  PAYMENTS_NOT_CONFIGURED: 503,
  ENGINE_FAILED: 500,
  PROVIDER_FAILED: 502,
  OUTPUT_TOO_LARGE: 422,
  NOTHING_TO_DO: 422,
  CONFLICT: 409,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** Wire shape of every error answer: `{ error: { code, message } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}
