import { useEffect, useState } from 'preact/hooks';
import type { ErrorReply, PingReply } from '../lib/messages.ts';

type PingState = { status: 'waiting' } | { status: 'answered'; reply: PingReply | ErrorReply };

/**
 * The popup's frame for now: the product name, what to do next, and whether the background
 * answers. `ping` is passed in so the component renders without an extension around it.
 */
export function PopupShell({ ping }: { ping: () => Promise<PingReply | ErrorReply> }) {
  const [state, setState] = useState<PingState>({ status: 'waiting' });

  useEffect(() => {
    let live = true;
    ping().then((reply) => {
      if (live) setState({ status: 'answered', reply });
    });
    return () => {
      live = false;
    };
  }, [ping]);

  return (
    <main class="shell">
      <h1 class="shell-title">Leadforge</h1>
      <p>Connect your API key in Settings — coming next.</p>
      <p class="shell-status" data-testid="background-status" role="status">
        {describe(state)}
      </p>
    </main>
  );
}

function describe(state: PingState): string {
  if (state.status === 'waiting') return 'Checking the background…';
  const { reply } = state;
  return reply.ok ? `Background ready (version ${reply.version})` : `Background not ready: ${reply.error.message}`;
}
