/**
 * The /v1 contract, written once. The service validates requests and serialises responses with
 * these schemas and generates its OpenAPI document from them; the extension's client parses every
 * response with them. No DOM, no Node: only zod.
 */

export * from './common.ts';
export * from './email-finder.ts';
export * from './email-validation.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './extractions.ts';
export * from './quota.ts';
export * from './recurring.ts';
export * from './sales-urls.ts';
export * from './search-builder.ts';
export * from './seats.ts';
export * from './time.ts';
export * from './webhooks.ts';
