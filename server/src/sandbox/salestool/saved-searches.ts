/**
 * The searches members save in the simulator (beyond the fixed ones every member has). Kept in
 * memory, and in a directory when the simulator is given one (the service gives it a folder of its
 * data directory): then every simulator of an install (each service process starts its own) sees
 * a search saved through any of them, and a restart loses none, as the real tool keeps them.
 * One file per saved search, created exclusively, so two processes never write the same file.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchKind, SearchQuery } from '../../../../lib/salesnav/filters.ts';
import type { SavedSearch } from '../world/members.ts';

export class SavedSearchStore {
  private readonly memory = new Map<string, SavedSearch[]>();

  constructor(private readonly dir?: string) {
    if (dir) mkdirSync(dir, { recursive: true });
  }

  /** A member's saved searches, oldest first. */
  of(memberKey: string): SavedSearch[] {
    if (!this.dir) return this.memory.get(memberKey) ?? [];
    const prefix = `${fileSafe(memberKey)}-`;
    return readdirSync(this.dir)
      .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(this.dir as string, f), 'utf8')) as SavedSearch)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  create(memberKey: string, search: { kind: SearchKind; name: string; query: SearchQuery }, now: number): SavedSearch {
    for (;;) {
      // 8 digits, as the tool's saved-search ids are (§1.4); 6xxxxxxx never meets the fixed ones (504xxxxx).
      const saved: SavedSearch = { ...search, id: String(60_000_000 + randomInt(10_000_000)), createdAt: now };
      if (!this.dir) {
        const list = this.memory.get(memberKey) ?? [];
        if (list.some((s) => s.id === saved.id)) continue;
        this.memory.set(memberKey, [...list, saved]);
        return saved;
      }
      try {
        writeFileSync(join(this.dir, `${fileSafe(memberKey)}-${saved.id}.json`), JSON.stringify(saved), { flag: 'wx' });
        return saved;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
}

const fileSafe = (key: string) => key.replace(/[^a-zA-Z0-9_.]/g, '_');
