/**
 * How a view (popup, content script) asks the background something: one typed call that validates
 * the answer, so a view never renders a reply it does not understand.
 */
import { browser } from 'wxt/browser';
import { type ErrorReply, errorReply, type Message, type ReplyFor, replySchemaFor } from '../messages.ts';

export async function sendToBackground<M extends Message>(message: M): Promise<ReplyFor<M['type']> | ErrorReply> {
  let raw: unknown;
  try {
    raw = await browser.runtime.sendMessage(message);
  } catch (error) {
    // No listener (worker failed to start) or the extension was reloaded under an open view.
    return errorReply('internal_error', `The background did not answer: ${describe(error)}`);
  }
  const parsed = replySchemaFor(message.type).safeParse(raw);
  return parsed.success
    ? (parsed.data as ReplyFor<M['type']> | ErrorReply)
    : errorReply('internal_error', 'The background sent an answer this view does not understand.');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
