import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_VERSION = '1.1.0';

/**
 * The OpenAPI 3.1 document, generated from the zod schemas the routes validate with. Served at
 * /openapi.json, rendered at /docs, and committed as openapi.json (CI fails when they differ).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Leadforge API',
        version: API_VERSION,
        description:
          'Lead and account extraction from the sales tool, email finding and verification, recurring exports, quota and credits. ' +
          'Every error answers `{"success": false, "error": {"type", "message"}}`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: lf_test_… (sandbox) or lf_live_….' },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: ['/openapi.json', '/docs', '/docs/*'] }),
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
