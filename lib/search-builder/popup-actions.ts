/**
 * The search builder screen's actions as the popup performs them: `build-search` and
 * `start-extraction` through the background (which alone holds the key and calls /v1), and a new
 * tab for the search. Every failure comes back as a notice: what happened and what to do next.
 * No DOM; the browser parts are ports, so tests drive it with fakes.
 */
import type { EnrichEmail } from '../contract/enums.ts';
import type { ErrorReply, ExtractionStartedReply, Message, ReplyFor } from '../messages.ts';
import type { BuildSearchReply } from './search-builder.ts';

/** Something to tell the user: what happened and what to do next (the popup's Notice). */
export interface SearchNotice {
  message: string;
  next?: string;
}

export type SearchKind = 'LEAD' | 'ACCOUNT';

export interface ExtractSearchRequest {
  /** Made once per intended extraction: a retry after a failure reuses it, so nothing is made twice. */
  requestId: string;
  url: string;
  name: string;
  enrich: EnrichEmail;
}

/** What the screen needs: each round trip answers with its result or a notice. */
export interface SearchBuilderActions {
  build(description: string, searchType: SearchKind): Promise<BuildSearchReply | { ok: false; notice: SearchNotice }>;
  /** Opens the search in a new tab; null when it opened. */
  open(url: string): Promise<SearchNotice | null>;
  /** Starts the extraction of the search; null when the service accepted it. */
  extract(request: ExtractSearchRequest): Promise<SearchNotice | null>;
  newRequestId(): string;
}

export interface SearchPorts {
  send<M extends Message>(message: M): Promise<ReplyFor<M['type']> | ErrorReply>;
  openTab(url: string): Promise<unknown>;
  newRequestId(): string;
}

/** A refusal in words; the background's own refusals (reloaded under the popup, say) get a next step too. */
export function noticeOf({ error }: ErrorReply, fallbackNext: string): SearchNotice {
  return { message: error.message, next: error.next ?? fallbackNext };
}

const REOPEN = 'Close the popup, open it again, and try again.';

export function searchBuilderActions(
  ports: SearchPorts,
  /** Called with the accepted extraction, e.g. to show it among the jobs. */
  onStarted: (reply: ExtractionStartedReply) => void,
): SearchBuilderActions {
  return {
    async build(description, searchType) {
      const reply = await ports.send({ type: 'build-search', description, searchType });
      return reply.ok ? reply : { ok: false, notice: noticeOf(reply, REOPEN) };
    },

    async open(url) {
      try {
        await ports.openTab(url);
        return null;
      } catch (error) {
        return {
          message: `The browser did not open the search: ${error instanceof Error ? error.message : String(error)}`,
          next: 'Press Open in a tab again, or press Extract now to extract it without opening it.',
        };
      }
    },

    async extract({ requestId, url, name, enrich }) {
      const reply = await ports.send({ type: 'start-extraction', requestId, pageUrl: url, name, enrich });
      if (!reply.ok) return noticeOf(reply, 'Press Extract now again.');
      onStarted(reply);
      return null;
    },

    newRequestId: () => ports.newRequestId(),
  };
}
