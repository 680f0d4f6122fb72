import { describe, expect, it } from 'vitest';
import { inferSeniority } from '../../../../lib/records/infer-role.ts';
import { buildWorld } from './build-world.ts';
import { buildSalesWorld } from './sales-world.ts';

/**
 * The records' Seniority (and the SENIORITY_LEVEL check of Matches Filters) is read from the title;
 * the world knows the truth. A reading must hold the person's true seniority for nearly every
 * title the world gives, or true matches would be flagged as not matching.
 */
describe('seniority read from the world’s titles', () => {
  it('holds the true seniority for at least 99% of positions', () => {
    const sales = buildSalesWorld(buildWorld({ companies: 400 }));
    let positions = 0;
    let held = 0;
    for (const lead of sales.leads) {
      for (const p of lead.positions) {
        positions++;
        if (inferSeniority(p.title).includes(String(p.seniority))) held++;
      }
    }
    expect(positions).toBeGreaterThan(10_000);
    expect(held / positions).toBeGreaterThanOrEqual(0.99);
  });
});
