/**
 * The popup's state (zustand, vanilla: no React needed under Preact). It opens from the IndexedDB
 * snapshot at once, then asks the background to refresh; every action goes through a typed
 * message to the background, which alone talks to the service.
 */
import { createStore } from 'zustand/vanilla';
import type { ErrorReply, Message, ReplyFor, StateReply } from '../messages.ts';
import { hostPermissionPattern, isLocalCompanion, parseBaseUrl } from '../settings/base-url.ts';
import type { Snapshot } from '../state/snapshot.ts';

/** Something to tell the user: what happened and, when there is one, what to do next. */
export interface Notice {
  message: string;
  next?: string;
}

export interface PopupPorts {
  readSnapshot(): Promise<Snapshot>;
  send<M extends Message>(message: M): Promise<ReplyFor<M['type']> | ErrorReply>;
  /** Asks the user for an optional host permission; must run inside the click that asked for it. */
  requestHostAccess(pattern: string): Promise<boolean>;
}

export type Screen = 'overview' | 'settings';

export interface PopupState {
  loaded: boolean;
  screen: Screen;
  snapshot: Snapshot | null;
  refreshing: boolean;
  /** Why the last refresh or reconnect fell short; the cached numbers stay on screen. */
  notice: Notice | null;
  saving: boolean;
  settingsNotice: Notice | null;
  reconnecting: boolean;
}

export interface PopupActions {
  open(): Promise<void>;
  refresh(): Promise<void>;
  saveSettings(input: { baseUrl: string; apiKey: string }): Promise<void>;
  reconnect(seatId?: string): Promise<void>;
  show(screen: Screen): void;
}

export type PopupStore = ReturnType<typeof createPopupStore>;

export function createPopupStore(ports: PopupPorts) {
  return createStore<PopupState & PopupActions>()((set, get) => {
    const applied = (reply: StateReply | ErrorReply): Notice | null => {
      if (!reply.ok) return fromError(reply);
      set({ snapshot: reply.snapshot });
      return reply.problem;
    };

    return {
      loaded: false,
      screen: 'overview',
      snapshot: null,
      refreshing: false,
      notice: null,
      saving: false,
      settingsNotice: null,
      reconnecting: false,

      async open() {
        const snapshot = await ports.readSnapshot().catch(() => null);
        const configured = snapshot?.settings != null;
        set({ loaded: true, snapshot, screen: configured ? 'overview' : 'settings' });
        if (configured) await get().refresh();
      },

      async refresh() {
        set({ refreshing: true });
        const notice = applied(await ports.send({ type: 'refresh' }));
        set({ refreshing: false, notice });
      },

      async saveSettings({ baseUrl, apiKey }) {
        const base = parseBaseUrl(baseUrl);
        if (!base.ok) return set({ settingsNotice: { message: base.message } });
        set({ saving: true, settingsNotice: null });
        // The permission prompt needs the click's user gesture: ask before any other await.
        if (!isLocalCompanion(base.baseUrl)) {
          const granted = await ports.requestHostAccess(hostPermissionPattern(base.baseUrl)).catch(() => false);
          if (!granted) {
            return set({
              saving: false,
              settingsNotice: {
                message: `Leadforge was not allowed to reach ${new URL(base.baseUrl).host}.`,
                next: 'Press Save again and choose Allow when the browser asks.',
              },
            });
          }
        }
        const trimmedKey = apiKey.trim();
        const reply = await ports.send({
          type: 'save-settings',
          baseUrl: base.baseUrl,
          ...(trimmedKey ? { apiKey: trimmedKey } : {}),
        });
        if (!reply.ok) return set({ saving: false, settingsNotice: fromError(reply) });
        const notice = applied(reply);
        set({ saving: false, screen: 'overview', notice });
      },

      async reconnect(seatId) {
        set({ reconnecting: true });
        const notice = applied(await ports.send({ type: 'reconnect-seat', ...(seatId ? { seatId } : {}) }));
        set({ reconnecting: false, notice });
      },

      show(screen) {
        set({ screen, settingsNotice: null });
      },
    };
  });
}

function fromError({ error }: ErrorReply): Notice {
  return error.next ? { message: error.message, next: error.next } : { message: error.message };
}
