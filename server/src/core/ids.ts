import { v7 as uuidv7 } from 'uuid';

/** Resource ids are UUID v7 (decisions.md): unique and sorted by creation time. */
export const newId = (): string => uuidv7();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);
