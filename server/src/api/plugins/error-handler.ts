import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorType, ValidationIssue } from '../../../../lib/contract/errors.ts';
import { ApiError } from '../../core/errors.ts';

/**
 * One hook renders every failure as the spec's common error body (architecture.md, principle 4):
 * ApiErrors, validation failures, Fastify's own body and content-type errors. Anything else is a
 * bug: it is logged with its stack and answered as a bare 500 InternalError.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const apiError = toApiError(err, request);
    if (apiError.status >= 500) {
      request.log.error({ err }, 'request failed');
    }
    return sendError(reply, apiError);
  });
}

export function sendError(reply: FastifyReply, e: ApiError): FastifyReply {
  const body: ErrorBody = {
    success: false,
    error: { type: e.type, message: e.message, ...(e.details ? { details: e.details } : {}) },
  };
  for (const [name, value] of Object.entries(e.headers)) reply.header(name, value);
  // Sent as a string: the body is already the contract's shape, and a route's response schema
  // must not get a second say over an error.
  return reply.code(e.status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'path',
  headers: 'headers',
};

function toApiError(err: FastifyError, request: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;

  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = CONTEXT_NAMES[err.validationContext ?? 'body'] ?? 'body';
    const details: ValidationIssue[] = err.validation.map((v) => {
      const path = v.instancePath.split('/').filter(Boolean).join('.');
      const field = path ? `${where}.${path}` : where;
      // zod words a missing field as a type error; say what the caller must do.
      if (v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? '')) {
        return { field, rule: 'required', message: 'is required' };
      }
      return { field, rule: String(v.keyword), message: v.message ?? 'is not valid' };
    });
    const summary = details.map((d) => `${d.field}: ${d.message} (${d.rule})`).join('; ');
    return new ApiError('ValidationError', `Invalid request. ${summary}`, { details });
  }

  if (isResponseSerializationError(err)) return internal();

  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        'UnsupportedMediaType',
        `Content-Type ${JSON.stringify(request.headers['content-type'] ?? '')} is not accepted here; send application/json.`,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PayloadTooLarge', 'The request body is larger than this service accepts.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validation('body', 'required', 'the body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return validation('body', 'invalid_json', `is not valid JSON (${err.message})`);
  }
  // JSON.parse failures surface as SyntaxError with status 400.
  if (err instanceof SyntaxError || (err as { name?: string }).name === 'SyntaxError') {
    return validation('body', 'invalid_json', `is not valid JSON (${err.message})`);
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return new ApiError('PayloadTooLarge', 'The request body is larger than this service accepts.');
  if (status === 415) return new ApiError('UnsupportedMediaType', err.message);
  if (status >= 400 && status < 500) return validation('request', 'invalid_request', err.message);
  return internal();
}

const validation = (field: string, rule: string, message: string) =>
  new ApiError('ValidationError', `Invalid request. ${field}: ${message}`, { details: [{ field, rule, message }] });

const internal = () =>
  new ApiError('InternalError' satisfies ErrorType, 'Something went wrong on our side. It has been logged; try again.');
