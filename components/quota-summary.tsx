import type { QuotaInfo } from '../lib/contract/quota.ts';

const number = (n: number) => n.toLocaleString('en-US');

/** Credits and the daily profile quota across valid seats, as GET /v1/quota/ reports them. */
export function QuotaSummary({ info }: { info: QuotaInfo }) {
  return (
    <dl class="quota" data-testid="quota">
      <Figure label="Credits" value={number(info.credits)} testId="credits" />
      <Figure label="Daily limit" value={number(info.daily_limit)} testId="daily-limit" />
      <Figure label="Used today" value={number(info.used_today)} testId="used-today" />
      <Figure label="Remaining" value={number(info.remaining)} testId="remaining" />
    </dl>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div class="figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
