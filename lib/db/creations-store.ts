/** The extractions this browser asked for, by the request id the view generated before sending. */
import type { LeadforgeDb } from './database.ts';
import { type CreationRow, CreationRowSchema } from './job-rows.ts';

/** How long a creation is remembered: long enough for any retry of the same click. */
export const CREATION_TTL_MS = 24 * 60 * 60_000;

export async function readCreation(db: LeadforgeDb, requestId: string): Promise<CreationRow | null> {
  const parsed = CreationRowSchema.safeParse(await db.creations.get(requestId));
  return parsed.success ? parsed.data : null;
}

export async function writeCreation(db: LeadforgeDb, row: CreationRow): Promise<void> {
  await db.creations.put(row);
}

/** Whether another request of this browser already owns this extraction. */
export async function isClaimed(db: LeadforgeDb, extractionId: string, requestId: string): Promise<boolean> {
  const owners = await db.creations.where('extractionId').equals(extractionId).toArray();
  return owners.some((row) => row.requestId !== requestId);
}

/** Forgets creations older than the TTL. */
export async function pruneCreations(db: LeadforgeDb, now: number): Promise<void> {
  await db.creations.filter((row) => row.sentAt < now - CREATION_TTL_MS).delete();
}
