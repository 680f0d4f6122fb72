import { useState } from 'preact/hooks';
import type { EnrichEmail } from '../lib/contract/enums.ts';
import type { ErrorReply, ExtractionStartedReply } from '../lib/messages.ts';
import {
  BUTTON_LABEL,
  defaultEnrich,
  defaultName,
  ENRICH_CHOICES,
  estimateText,
  hasLeads,
  isSingle,
} from '../lib/page/estimate.ts';
import type { KnownPageKind, PageFacts } from '../lib/page/page-facts.ts';
import { canRepeat, REPEAT_CHOICES, type RepeatChoice, repeatNote } from '../lib/page/repeat.ts';
import { type Outcome, type StartRequest, startedWords } from '../lib/page/start-outcome.ts';

export type { KnownPageKind, StartRequest };

interface Props {
  kind: KnownPageKind;
  /** The page's URL as the content script last classified it (location may lag behind on navigation). */
  pageUrl: string;
  /** Reads the page's name and count now: read when the panel opens, since LinkedIn renders late. */
  readFacts(): PageFacts;
  /** Asks the background to start the extraction; the content script never talks to the service. */
  start(request: StartRequest): Promise<ExtractionStartedReply | ErrorReply>;
  newRequestId(): string;
}

/**
 * The in-page control: a button that opens a small form (name, emails, estimate, and on searches
 * how often to repeat) and starts the extraction of the page through the background. Shown only
 * on pages whose kind is understood.
 */
export function SalesControl({ kind, pageUrl, readFacts, start, newRequestId }: Props) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [count, setCount] = useState<number | null>(null);
  const [enrich, setEnrich] = useState<EnrichEmail>(defaultEnrich(kind));
  const [repeat, setRepeat] = useState<RepeatChoice>('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One id per intended extraction: a retry after "the background did not answer" reuses it, so a
  // request that did arrive is not made twice; a success makes the next click a new extraction.
  const [requestId, setRequestId] = useState(newRequestId);

  const openPanel = () => {
    const facts = readFacts();
    setName(facts.name || defaultName(kind, new Date()));
    setCount(facts.count);
    setOutcome(null);
    setOpen(true);
  };

  const send = async (request: StartRequest) => {
    setSending(true);
    const reply = await start(request);
    setSending(false);
    if (!reply.ok) {
      // A refusal without a next step is the extension's own trouble (reloaded under this page, say).
      const next = reply.error.next ?? 'Reload the page, then press Extract again.';
      setOutcome({ state: 'error', message: reply.error.message, next });
      return;
    }
    setRequestId(newRequestId());
    setOpen(false);
    setOutcome(startedWords(reply, request));
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const repeating = canRepeat(kind) && repeat !== '' ? { repeat } : {};
    void send({ requestId, pageUrl, name: name.trim(), enrich, ...repeating });
  };

  const estimate = estimateText(kind, count);
  return (
    <div class="lf-control" data-testid="lf-control" data-kind={kind}>
      {outcome && (
        <div class="lf-note" role="status" data-testid="lf-status" data-state={outcome.state}>
          <p class="lf-message">{outcome.message}</p>
          {outcome.next && <p class="lf-next">{outcome.next}</p>}
          {outcome.state === 'warning' && (
            <button
              type="button"
              class="lf-button lf-retry"
              disabled={sending}
              onClick={() => void send(outcome.retry)}
              data-testid="lf-retry-repeat"
            >
              {sending ? 'Scheduling…' : 'Schedule again'}
            </button>
          )}
          <button type="button" class="lf-link lf-dismiss" onClick={() => setOutcome(null)} data-testid="lf-dismiss">
            Dismiss
          </button>
        </div>
      )}
      {open && (
        <form class="lf-panel" onSubmit={submit} data-testid="lf-panel">
          {!isSingle(kind) && (
            <label class="lf-field">
              Name
              <input
                class="lf-input"
                value={name}
                maxLength={255}
                onInput={(e) => setName(e.currentTarget.value)}
                data-testid="lf-name"
              />
            </label>
          )}
          {isSingle(kind) && name && <p class="lf-message">{name}</p>}
          {hasLeads(kind) && (
            <label class="lf-field">
              Emails
              <select
                class="lf-input"
                value={enrich}
                onChange={(e) => setEnrich(e.currentTarget.value as EnrichEmail)}
                data-testid="lf-enrich"
              >
                {ENRICH_CHOICES.filter((c) => kind === 'people-search' || c.value !== 'matching').map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {estimate && (
            <p class="lf-estimate" data-testid="lf-estimate">
              {estimate}
            </p>
          )}
          {repeat !== '' && (
            <p class="lf-estimate" data-testid="lf-repeat-note">
              {repeatNote(repeat)}
            </p>
          )}
          <div class="lf-actions">
            {canRepeat(kind) && (
              <select
                class="lf-input lf-repeat"
                aria-label="How often"
                value={repeat}
                onChange={(e) => setRepeat(e.currentTarget.value as RepeatChoice)}
                data-testid="lf-repeat"
              >
                {REPEAT_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            )}
            <button type="button" class="lf-link" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" class="lf-button" disabled={sending} data-testid="lf-start">
              {sending ? 'Starting…' : 'Start'}
            </button>
          </div>
        </form>
      )}
      {!open && (
        <button type="button" class="lf-button" onClick={openPanel} data-testid="lf-open">
          {BUTTON_LABEL[kind]}
        </button>
      )}
    </div>
  );
}
