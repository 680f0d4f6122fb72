import type { Command } from 'commander';
import { isoZ } from '../../core/clock.ts';
import { allConnectedSeats, connectedSeatById } from '../../store/seats-repo.ts';
import { print, table, withApp } from '../with-app.ts';

export function seatsCommands(program: Command): void {
  const seats = program.command('seats').description('Inspect and invalidate connected seats');
  seats
    .command('list')
    .description('List connected seats (never their sessions)')
    .option('--account <name>', 'only this account')
    .action((opts: { account?: string }) =>
      withApp(async (app) => {
        const rows = (await allConnectedSeats(app.store.db))
          .filter((s) => !opts.account || s.account_name === opts.account)
          .map((s) => [
            s.account_name,
            s.id,
            s.status,
            s.label,
            s.member_id,
            s.daily_limit,
            s.invalid_reason,
            isoZ(s.connected_at),
          ]);
        print(
          table(['ACCOUNT', 'SEAT', 'STATUS', 'LABEL', 'MEMBER', 'DAILY LIMIT', 'INVALID REASON', 'CONNECTED'], rows),
        );
      }),
    );
  seats
    .command('invalidate <seat-id>')
    .description('Mark a seat as needing reconnection; the extension reconnects it after the user logs in again')
    .option('--reason <text>', 'why', 'invalidated by an operator')
    .action((seatId: string, opts: { reason: string }) =>
      withApp(async (app) => {
        const seat = await connectedSeatById(app.store.db, seatId);
        if (!seat) throw new Error(`no connected seat ${seatId}`);
        await app.seats.invalidate(seat.account_id, seat.id, opts.reason);
        print(`Seat ${seat.id} is now invalid: ${opts.reason}`);
      }),
    );
}
