/**
 * Messages between the extension's views (popup, content script) and the background, as zod
 * schemas. The background validates every incoming body with `Message` and refuses anything else;
 * views validate replies with `replySchemaFor`. No DOM, no Node, no browser API: only zod.
 */
import { z } from 'zod';

export const PingMessage = z.object({ type: z.literal('ping') }).strict();

/** Every message the background understands. Add new kinds here and in `ReplyByType`. */
export const Message = z.discriminatedUnion('type', [PingMessage]);
export type Message = z.infer<typeof Message>;
export type MessageType = Message['type'];

export const PingReply = z.object({ ok: z.literal(true), version: z.string() });
export type PingReply = z.infer<typeof PingReply>;

/** Why the background refused a message; the views turn each into a sentence. */
export const MessageErrorType = z.enum(['invalid_message', 'forbidden_sender', 'internal_error']);
export type MessageErrorType = z.infer<typeof MessageErrorType>;

export const ErrorReply = z.object({
  ok: z.literal(false),
  error: z.object({ type: MessageErrorType, message: z.string() }),
});
export type ErrorReply = z.infer<typeof ErrorReply>;

const ReplyByType = { ping: PingReply } as const satisfies Record<MessageType, z.ZodType>;

export type ReplyFor<T extends MessageType> = z.infer<(typeof ReplyByType)[T]>;

/** The schema a view parses the background's answer to a `type` message with: success or refusal. */
export function replySchemaFor<T extends MessageType>(type: T) {
  return z.union([ReplyByType[type], ErrorReply]);
}

export function errorReply(type: MessageErrorType, message: string): ErrorReply {
  return { ok: false, error: { type, message } };
}
