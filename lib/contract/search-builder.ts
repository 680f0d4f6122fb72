import { z } from 'zod';
import { SearchTypeSchema } from './enums.ts';

/** `POST /v1/search-builder/` body. */
export const SearchBuilderInSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(10)
      .max(2000)
      .meta({ description: 'The search in plain language, 10 to 2000 characters.' }),
    search_type: SearchTypeSchema.meta({ description: 'LEAD for a people search, ACCOUNT for a company search.' }),
  })
  .strict()
  .meta({ id: 'SearchBuilderIn' });
export type SearchBuilderIn = z.input<typeof SearchBuilderInSchema>;

/** `POST /v1/search-builder/` response (decisions.md). */
export const SearchBuilderOutSchema = z
  .object({
    success: z.literal(true),
    url: z
      .string()
      .meta({ description: 'The generated Sales Navigator search URL, usable in POST /v1/extractions/url/.' }),
    filters_used: z.record(z.string(), z.array(z.string())).meta({
      description:
        'The filters applied, by filter type; each value a list of labels. Excluded labels start with "NOT ". A keywords key appears when free-text keywords were used.',
    }),
  })
  .meta({ id: 'SearchBuilderOut' });
export type SearchBuilderOut = z.infer<typeof SearchBuilderOutSchema>;
