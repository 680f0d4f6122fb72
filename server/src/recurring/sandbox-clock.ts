/**
 * The sandbox clock as the API and the CLI use it: read sandbox time, or move it forward and make
 * the recurring runs that came due before answering, so a caller who advances a week finds the
 * week's runs there (the workers' own ticks may race it: each run still fires once).
 */
import type { SandboxClockOut } from '../../../lib/contract/recurring.ts';
import type { RecurringScheduler } from './scheduler.ts';
import type { WorldTime } from './world-time.ts';

export class SandboxClock {
  constructor(
    private readonly worldTime: WorldTime,
    private readonly scheduler: RecurringScheduler,
    private readonly realNow: () => number,
  ) {}

  async read(): Promise<SandboxClockOut> {
    return this.view(await this.worldTime.now('test'));
  }

  async advance(ms: number): Promise<SandboxClockOut & { runs_fired: number }> {
    const now = await this.worldTime.advance(ms);
    const fired = await this.scheduler.tick(['test']);
    return { ...this.view(now), runs_fired: fired };
  }

  private view(now: number): SandboxClockOut {
    return {
      success: true,
      now: new Date(now).toISOString(),
      offset_seconds: Math.round((now - this.realNow()) / 1000),
    };
  }
}
