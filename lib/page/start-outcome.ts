/**
 * What the in-page control says once the background answered Start: the extraction started (or
 * the lead or account came back at once), and, when a repeat was asked, when the next run is, or
 * why it could not repeat with a retry that schedules without extracting again. No DOM.
 */
import type { EnrichEmail } from '../contract/enums.ts';
import type { ExtractionStartedReply } from '../messages.ts';
import type { RepeatFrequency } from '../recurring/schedule-view.ts';
import { repeatWords } from './repeat.ts';

export interface StartRequest {
  requestId: string;
  pageUrl: string;
  name: string;
  enrich: EnrichEmail;
  /** Repeat the search this often (searches only); absent: once. */
  repeat?: RepeatFrequency;
}

export type Outcome =
  | { state: 'started'; message: string; next: string }
  | { state: 'error'; message: string; next: string }
  /** Started, but not set to repeat: `retry` is the same request, which schedules without extracting again. */
  | { state: 'warning'; message: string; next: string; retry: StartRequest }
  | null;

export function startedWords(reply: ExtractionStartedReply, request: StartRequest): Outcome {
  const { name } = request;
  if (reply.prospect) {
    const who = String(reply.prospect['Full Name'] ?? reply.prospect['Company Name'] ?? name);
    const email = reply.prospect.Email ? ` (${String(reply.prospect.Email)})` : '';
    return {
      state: 'started',
      message: `Extracted ${who}${email}.`,
      next: 'Download it as CSV from the Leadforge popup.',
    };
  }
  const started = `Extraction started: ${reply.job.name || name}.`;
  if (reply.repeat && request.repeat) {
    const words = repeatWords(reply.repeat, request.repeat);
    const message = `${started} ${words.message}`;
    if (!reply.repeat.ok) return { state: 'warning', message, next: words.next, retry: request };
    return { state: 'started', message, next: words.next };
  }
  return {
    state: 'started',
    message: started,
    next: 'Follow its progress in the Leadforge popup; you will be notified when it is ready.',
  };
}
