import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ExtractionDetailOutSchema } from '../../../lib/contract/extractions.ts';
import { SeatListOutSchema } from '../../../lib/contract/seats.ts';
import { createWorker } from '../../src/app/worker.ts';
import type { SeatConnectorFactory } from '../../src/extractions/seat-connector.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { connectSeat, EXTRACTION_WORLDS, SENIOR_OR_CXO, searchHits } from '../support/extractions.ts';
import { Receiver } from '../support/receiver.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

/** Profiles read before the member is signed out on the tool: past the first batch of records, before the last. */
const PROFILES_BEFORE_DEATH = 30;

describeEachDialect('the seat’s session dying in the middle of an extraction', (dialect) => {
  let t: TestApp;
  let worker: Worker;
  let receiver: Receiver;

  beforeEach(async () => {
    t = await startTestApp(dialect, {
      credits: 500,
      env: { ...FAST_SANDBOX_ENV, LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: 'true', LEADFORGE_WORKER_POLL_MS: '20' },
      worlds: EXTRACTION_WORLDS,
    });
    // The member signs out on the tool (LinkedIn ends the session) after a number of profile reads.
    let reads = 0;
    const tool = await t.app.worlds.salesToolServer();
    const dying: SeatConnectorFactory = async (seat, mode, opts) => {
      const link = await t.app.connectors(seat, mode, opts);
      const profile = link.connector.profile.bind(link.connector);
      link.connector.profile = (lead) => {
        if (++reads === PROFILES_BEFORE_DEATH) tool.state.sessions.revokeMember('demo');
        return profile(lead);
      };
      return link;
    };
    worker = createWorker({ ...t.app, connectors: dying }, pino({ level: 'silent' }));
    receiver = new Receiver();
    await connectSeat(t);
  });
  afterEach(async () => {
    await worker.stop();
    await receiver.stop();
    await t.close();
  });

  const get = (url: string) => t.server.inject({ method: 'GET', url, headers: bearer(t.account.key) });

  it('FAILED with auth_error, keeping (and charging, and enriching) the records built; the seat invalid; the failed webhook sent', async () => {
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const url = await receiver.start();
    const created = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/url/',
      headers: bearer(t.account.key),
      payload: { linkedin_url: SENIOR_OR_CXO, search_name: 'Seniors', enrich_email: 'all', webhook_url: url },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id: string = created.json().extraction_id;
    worker.start();

    const res = await waitUntil('the extraction ended', async () => {
      const r = await get(`/v1/extractions/${id}/`);
      return r.statusCode === 200 ? r : null;
    });
    const body = ExtractionDetailOutSchema.strict().parse(res.json());
    expect(body).toMatchObject({ status: 'FAILED', failure_reason: 'auth_error', has_more: false });
    expect(body.completed_at).not.toBeNull();
    expect(body.progress).toBeLessThan(100);
    const kept = body.total_count;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(PROFILES_BEFORE_DEATH);
    expect(body.prospects.map((p) => p['Sales Navigator ID'])).toEqual(
      hits.slice(0, kept).map((h) => h.view.lead.profileId),
    );
    // The records kept got the emails their credit includes: the mail world needs no seat.
    const own = body.prospects.filter((p, i) => p.Email === hits[i]?.view.person.email);
    expect(own.length).toBeGreaterThan(kept / 2);

    // Charged for the records kept, once; nothing left held.
    expect(await t.app.credits.balance(t.account.id)).toEqual({ available: 500 - kept, held: 0 });
    const seats = SeatListOutSchema.parse((await get('/v1/seats/')).json());
    expect(seats.map((s) => s.status)).toEqual(['invalid']);
    expect((await get('/v1/quota/')).json().quota).toMatchObject({ has_valid_seat: false, used_today: 0 });

    await waitUntil('the failed webhook delivered', () => receiver.received.length > 0);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual(res.json());
    const events = await t.app.store.db.selectFrom('webhook_messages').select(['job_id', 'event_type']).execute();
    expect(events).toEqual([{ job_id: id, event_type: 'extraction.failed' }]);

    // Another extraction now needs the seat reconnected.
    const again = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/url/',
      headers: bearer(t.account.key),
      payload: { linkedin_url: SENIOR_OR_CXO, search_name: 'again' },
    });
    expect(again.statusCode).toBe(409);
  });
});
