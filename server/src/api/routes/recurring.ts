import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RecurringExportCreateInSchema,
  RecurringExportCreateOutSchema,
  RecurringExportDeleteOutSchema,
  RecurringExportListOutSchema,
  RecurringExportOutSchema,
  RecurringExportUpdateInSchema,
  ScheduleIdParamsSchema,
} from '../../../../lib/contract/recurring.ts';
import type { RecurringExports } from '../../recurring/service.ts';
import { ErrorBodySchema, validatedErrors } from './common.ts';

const found = { 404: ErrorBodySchema, ...validatedErrors } as const;

/** api.md, "Recurring export endpoints"; field names and record as decisions.md decides. */
export const recurringRoutes =
  (recurring: RecurringExports): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/extractions/recurring/',
      {
        schema: {
          tags: ['Recurring exports'],
          summary: 'Schedule a search to run daily, weekly or monthly',
          description:
            'Exactly one of extraction_id (an extraction of a search already launched) or url (a people or company search). Reads nothing of the search now: the first run comes one interval later and holds only the leads new since this call. A search given by its filters is saved once on the seat; a savedSearchId URL is scheduled as that saved search. Scheduling a search already scheduled updates its cadence (created: false). Lists and single profiles: 422. No usable seat: 409. Each run uses the seat, spends credits and counts against its daily quota.',
          body: RecurringExportCreateInSchema,
          response: { 200: RecurringExportCreateOutSchema, 409: ErrorBodySchema, 503: ErrorBodySchema, ...found },
        },
      },
      async (request) => recurring.create(request.auth, request.body),
    );

    app.get(
      '/extractions/recurring/',
      {
        schema: {
          tags: ['Recurring exports'],
          summary: 'List the recurring exports that can still run',
          description: 'Active and paused schedules, soonest next run first; stopped ones are not listed. Free.',
          response: { 200: RecurringExportListOutSchema, ...validatedErrors },
        },
      },
      async (request) => recurring.list(request.auth.accountId),
    );

    app.get(
      '/extractions/recurring/:schedule_id/',
      {
        schema: {
          tags: ['Recurring exports'],
          summary: 'Read a recurring export',
          description: 'Unknown, stopped and other accounts’ schedules are 404.',
          params: ScheduleIdParamsSchema,
          response: { 200: RecurringExportOutSchema, ...found },
        },
      },
      async (request) => recurring.get(request.auth.accountId, request.params.schedule_id),
    );

    app.patch(
      '/extractions/recurring/:schedule_id/',
      {
        schema: {
          tags: ['Recurring exports'],
          summary: 'Rename, change the cadence of, pause or resume a recurring export',
          description:
            'Every field optional; an omitted field is left as is, and a field sent with its current value changes nothing. Renaming renames the template extraction (the name of the next run). A new cadence starts from now: the next run is one interval later. A schedule resumed after its date passed runs at its next date after now.',
          params: ScheduleIdParamsSchema,
          body: RecurringExportUpdateInSchema,
          response: { 200: RecurringExportOutSchema, ...found },
        },
      },
      async (request) => recurring.update(request.auth, request.params.schedule_id, request.body),
    );

    app.delete(
      '/extractions/recurring/:schedule_id/',
      {
        schema: {
          tags: ['Recurring exports'],
          summary: 'Stop a recurring export for good',
          description: 'Permanent: a stopped schedule is not found again. Runs already made stay.',
          params: ScheduleIdParamsSchema,
          response: { 200: RecurringExportDeleteOutSchema, ...found },
        },
      },
      async (request) => recurring.stop(request.auth, request.params.schedule_id),
    );
  };
