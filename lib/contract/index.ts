/**
 * The /v1 contract, written once. The service validates requests and serialises responses with
 * these schemas and generates its OpenAPI document from them; the extension's client parses every
 * response with them. No DOM, no Node: only zod.
 */
export * from './enums.ts';
export * from './errors.ts';
export * from './quota.ts';
export * from './seats.ts';
