/** Reading and writing the service settings and the API key. */
import { keyHint } from '../settings/api-key.ts';
import type { LeadforgeDb } from './database.ts';
import { emptySeatRow, SecretRowSchema, type SettingsRow, SettingsRowSchema } from './rows.ts';

export async function readSettings(db: LeadforgeDb): Promise<SettingsRow | null> {
  const parsed = SettingsRowSchema.safeParse(await db.settings.get('service'));
  return parsed.success ? parsed.data : null;
}

/** The background's alone: no view asks for it, and no message carries it. */
export async function readApiKey(db: LeadforgeDb): Promise<string | null> {
  const parsed = SecretRowSchema.safeParse(await db.secrets.get('apiKey'));
  return parsed.success ? parsed.data.value : null;
}

/**
 * Saves a checked base URL and key. Another service or another key may mean another account:
 * then the cached quota and the remembered seat belong to the old one and are dropped, so the
 * next sync connects this browser's session afresh. The jobs, their cached records and the
 * creations in flight are the old account's too.
 */
export async function saveSettings(db: LeadforgeDb, baseUrl: string, apiKey: string, now: number): Promise<void> {
  const tables = [db.settings, db.secrets, db.quota, db.seat, db.jobs, db.records, db.creations];
  await db.transaction('rw', tables, async () => {
    const [settings, oldKey] = await Promise.all([readSettings(db), readApiKey(db)]);
    const changed = settings?.baseUrl !== baseUrl || oldKey !== apiKey;
    await db.secrets.put({ id: 'apiKey', value: apiKey });
    await db.settings.put({ id: 'service', baseUrl, keyHint: keyHint(apiKey), savedAt: now });
    if (changed) {
      await db.quota.delete('latest');
      await db.seat.put(emptySeatRow(now));
      await Promise.all([db.jobs.clear(), db.records.clear(), db.creations.clear()]);
    }
  });
}
