/**
 * The background's message handling as a plain function, so it runs in tests without a browser.
 * The background's listener is a one-line call to this.
 */
import type { Browser } from 'wxt/browser';
import { type ErrorReply, errorReply, Message, type ReplyFor } from '../messages.ts';

/** What the handler needs from the running extension, passed in rather than read from `browser`. */
export interface HandlerContext {
  /** This extension's id: only its own pages and content scripts may talk to the background. */
  extensionId: string;
  /** The manifest's version, reported by `ping`. */
  version: string;
}

export type HandlerReply = ReplyFor<Message['type']> | ErrorReply;

export async function handleMessage(
  raw: unknown,
  sender: Browser.runtime.MessageSender,
  ctx: HandlerContext,
): Promise<HandlerReply> {
  // onMessage only delivers this extension's own messages, but the check is cheap and keeps the
  // rule explicit for the handlers that will act on the seat session and the API key.
  if (sender.id !== ctx.extensionId) {
    return errorReply('forbidden_sender', 'Messages are accepted from this extension only.');
  }
  const parsed = Message.safeParse(raw);
  if (!parsed.success) {
    // Refuse rather than ignore: a silent drop leaves the sender waiting on an undefined reply.
    return errorReply('invalid_message', describeRefusal(raw));
  }
  const message = parsed.data;
  switch (message.type) {
    case 'ping':
      return { ok: true, version: ctx.version };
  }
}

function describeRefusal(raw: unknown): string {
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? raw.type : undefined;
  return typeof type === 'string' ? `Unknown or malformed message "${type}".` : 'Unknown or malformed message.';
}
