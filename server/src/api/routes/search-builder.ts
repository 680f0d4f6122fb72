import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchBuilderInSchema, SearchBuilderOutSchema } from '../../../../lib/contract/search-builder.ts';
import { buildSearch } from '../../search-builder/build.ts';
import { validatedErrors } from './common.ts';

/** api.md "Search builder"; path and `filters_used` as decisions.md decides. No credits, no seat. */
export const searchBuilderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search-builder/',
    {
      schema: {
        tags: ['Search builder'],
        summary: 'Turn a plain-language description into a Sales Navigator search URL',
        description:
          'A rule-based reading (no language model): titles and their abbreviations, seniority, function, company headcount, industry, geography, company type, years of experience / in role / at the company, profile language, recent job changes and posts, and for accounts revenue, headcount growth, followers, Fortune rank, hiring and funding. "not", "excluding", "except" and "without" exclude what follows them in the clause; words left over become keywords. The URL is accepted by POST /v1/extractions/url/. Free of charge.',
        body: SearchBuilderInSchema,
        response: { 200: SearchBuilderOutSchema, ...validatedErrors },
      },
    },
    async (request) => {
      const built = buildSearch(request.body.description, request.body.search_type);
      return { success: true as const, url: built.url, filters_used: built.filters_used };
    },
  );
};
