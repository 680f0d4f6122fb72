/**
 * The background's message handling as a plain function, so it runs in tests without a browser.
 * The background's listener is a one-line call to this: check the sender, validate the body,
 * check the sender may send it, then a one-line call to a service.
 */
import type { Browser } from 'wxt/browser';
import type { ExtractRequest } from '../extractions/plan.ts';
import {
  type DoneReply,
  type ErrorReply,
  type ExtractionStartedReply,
  errorReply,
  type JobsReply,
  Message,
  type ReplyFor,
  type SchedulesReply,
  SENDERS,
  type StateReply,
} from '../messages.ts';
import type { ScheduleChange } from '../recurring/schedule-sync.ts';
import type { RepeatFrequency } from '../recurring/schedule-view.ts';
import type { BuildSearchReply } from '../search-builder/search-builder.ts';
import { classifySender, type ExtensionIdentity } from './sender.ts';

/** The background's use cases, as the messages reach them. */
export interface BackgroundServices {
  refresh(): Promise<StateReply>;
  saveSettings(input: { baseUrl: string; apiKey?: string }): Promise<StateReply | ErrorReply>;
  reconnect(seatId?: string): Promise<StateReply>;
  startExtraction(
    request: ExtractRequest & { requestId: string; repeat?: RepeatFrequency },
  ): Promise<ExtractionStartedReply | ErrorReply>;
  refreshJobs(): Promise<JobsReply>;
  cacheRecords(extractionId: string): Promise<DoneReply | ErrorReply>;
  buildSearch(input: { description: string; searchType: 'LEAD' | 'ACCOUNT' }): Promise<BuildSearchReply | ErrorReply>;
  updateSchedule(scheduleId: string, change: ScheduleChange): Promise<SchedulesReply>;
  stopSchedule(scheduleId: string): Promise<SchedulesReply>;
}

/** What the handler needs from the running extension, passed in rather than read from `browser`. */
export interface HandlerContext extends ExtensionIdentity {
  /** The manifest's version, reported by `ping`. */
  version: string;
  services: BackgroundServices;
}

export type HandlerReply = ReplyFor<Message['type']> | ErrorReply;

export async function handleMessage(
  raw: unknown,
  sender: Browser.runtime.MessageSender,
  ctx: HandlerContext,
): Promise<HandlerReply> {
  const from = classifySender(sender, ctx);
  if (from === null) {
    return errorReply(
      'forbidden_sender',
      'Messages are accepted from this extension’s own pages and content script only.',
    );
  }
  const parsed = Message.safeParse(raw);
  if (!parsed.success) {
    // Refuse rather than ignore: a silent drop leaves the sender waiting on an undefined reply.
    return errorReply('invalid_message', describeRefusal(raw));
  }
  const message = parsed.data;
  if (!SENDERS[message.type].includes(from)) {
    return errorReply('forbidden_sender', `"${message.type}" is not accepted from a ${from}.`);
  }
  try {
    return await dispatch(message, ctx);
  } catch (error) {
    // The cause goes to the worker's console (it never holds a key or a cookie); the view gets a sentence.
    console.error('[leadforge] message failed', message.type, error);
    return errorReply('internal_error', 'Something went wrong inside the extension. Close the popup and try again.');
  }
}

function dispatch(message: Message, ctx: HandlerContext): Promise<HandlerReply> {
  switch (message.type) {
    case 'ping':
      return Promise.resolve({ ok: true, version: ctx.version });
    case 'refresh':
      return ctx.services.refresh();
    case 'save-settings':
      return ctx.services.saveSettings({ baseUrl: message.baseUrl, apiKey: message.apiKey });
    case 'reconnect-seat':
      return ctx.services.reconnect(message.seatId);
    case 'start-extraction': {
      const { type: _, ...request } = message;
      return ctx.services.startExtraction(request);
    }
    case 'refresh-jobs':
      return ctx.services.refreshJobs();
    case 'cache-records':
      return ctx.services.cacheRecords(message.extractionId);
    case 'build-search':
      return ctx.services.buildSearch({ description: message.description, searchType: message.searchType });
    case 'update-schedule':
      return ctx.services.updateSchedule(message.scheduleId, message.change);
    case 'stop-schedule':
      return ctx.services.stopSchedule(message.scheduleId);
  }
}

function describeRefusal(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? raw.type : undefined;
  return typeof type === 'string' ? `Unknown or malformed message "${type}".` : 'Unknown or malformed message.';
}
