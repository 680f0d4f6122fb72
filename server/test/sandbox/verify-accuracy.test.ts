import { afterAll, beforeAll, expect, it } from 'vitest';
import { Worlds } from '../../src/app/worlds.ts';
import { loadConfig } from '../../src/config/config.ts';
import { labelledAddresses } from '../../src/sandbox/world/labelled-addresses.ts';
import { verifyEmails } from '../../src/verify/index.ts';
import { FAST_SANDBOX, FAST_SANDBOX_ENV } from '../support/sandbox.ts';

/**
 * Accuracy: the engine against the sandbox world's ground truth, over a labelled set of 400
 * addresses that covers every behaviour (greylisting, silent and slow hosts included: the world's
 * delays and the verifier's timeouts are shortened, not skipped, so this takes seconds). The
 * verification design asks for 99 % agreement.
 */
let worlds: Worlds;
beforeAll(() => {
  worlds = new Worlds(loadConfig({ ...FAST_SANDBOX_ENV, LEADFORGE_SMTP_HELO_NAME: 'verifier.leadforge.test' }), {
    ...FAST_SANDBOX,
    sandbox: { ...FAST_SANDBOX.sandbox, seed: 'accuracy', companies: 120, peoplePerCompany: 6 },
  });
});
afterAll(() => worlds.close());

it('agrees with the ground truth on at least 99 % of 400 labelled addresses', async () => {
  const { world } = await worlds.mailWorld();
  const labelled = labelledAddresses(world, { count: 400, seed: 'accuracy' });
  expect(labelled).toHaveLength(400);
  expect(new Set(labelled.map((l) => l.behaviour)).size).toBeGreaterThan(15);
  const v = await worlds.verifier('test');
  const results = await verifyEmails(
    labelled.map((l) => l.address),
    v.ports,
    v.options,
    { state: v.state },
  );
  const wrong = results
    .map((r, i) => ({ address: r.email, got: r.verdict, want: labelled[i]?.verdict, why: labelled[i]?.reason }))
    .filter((x) => x.got !== x.want);
  const agreement = 1 - wrong.length / labelled.length;
  console.info(
    `verifier accuracy on the sandbox: ${(agreement * 100).toFixed(2)} % of ${labelled.length} (${wrong.length} disagree)`,
  );
  if (wrong.length > 0) console.info(wrong);
  expect(agreement).toBeGreaterThanOrEqual(0.99);
});
