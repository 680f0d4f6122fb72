import { describe, expect, it, vi } from 'vitest';
import type { ErrorReply, Message, StateReply } from '../messages.ts';
import type { Snapshot } from '../state/snapshot.ts';
import { createPopupStore, type PopupPorts } from './popup-store.ts';

const QUOTA = { daily_limit: 2500, used_today: 0, remaining: 2500, has_valid_seat: true, credits: 1000, seats: [] };
const CACHED: Snapshot = {
  settings: { baseUrl: 'http://127.0.0.1:8080', keyHint: 'lf_test_…AAAA' },
  quota: { info: QUOTA, fetchedAt: 1 },
  seat: { status: 'connected', seatId: 'seat-1', problem: null },
};
const FRESH: Snapshot = { ...CACHED, quota: { info: { ...QUOTA, credits: 990 }, fetchedAt: 2 } };
const EMPTY: Snapshot = { settings: null, quota: null, seat: { status: 'not-connected', seatId: null, problem: null } };

function ports(snapshot: Snapshot, answer: (m: Message) => Promise<StateReply | ErrorReply>) {
  const fake = {
    readSnapshot: vi.fn(async () => snapshot),
    send: vi.fn(answer),
    requestHostAccess: vi.fn(async () => true),
  };
  return fake as typeof fake & PopupPorts;
}

const ok = (snapshot: Snapshot, problem: StateReply['problem'] = null): StateReply => ({ ok: true, snapshot, problem });

describe('the popup store', () => {
  it('opens on the settings screen until a key is saved, without asking the background', async () => {
    const p = ports(EMPTY, async () => ok(EMPTY));
    const store = createPopupStore(p);
    await store.getState().open();
    expect(store.getState()).toMatchObject({ loaded: true, screen: 'settings' });
    expect(p.send).not.toHaveBeenCalled();
  });

  it('shows the cached snapshot at once, then the refreshed one', async () => {
    let release: (reply: StateReply) => void = () => {};
    const p = ports(CACHED, () => new Promise((resolve) => (release = resolve)));
    const store = createPopupStore(p);
    const opening = store.getState().open();
    await vi.waitFor(() => expect(store.getState().refreshing).toBe(true));
    expect(store.getState()).toMatchObject({ loaded: true, screen: 'overview', snapshot: CACHED });

    release(ok(FRESH));
    await opening;
    expect(store.getState()).toMatchObject({ refreshing: false, snapshot: FRESH, notice: null });
  });

  it('keeps the cached numbers and shows why a refresh failed', async () => {
    const problem = { kind: 'unreachable' as const, message: 'does not answer', next: 'Start it' };
    const store = createPopupStore(ports(CACHED, async () => ok(CACHED, problem)));
    await store.getState().open();
    expect(store.getState()).toMatchObject({ snapshot: CACHED, notice: problem });
  });

  it('saves settings for the local companion without a permission prompt', async () => {
    const p = ports(EMPTY, async () => ok(CACHED));
    const store = createPopupStore(p);
    await store.getState().saveSettings({ baseUrl: 'http://127.0.0.1:41000/', apiKey: '  lf_test_k  ' });
    expect(p.requestHostAccess).not.toHaveBeenCalled();
    expect(p.send).toHaveBeenCalledWith({
      type: 'save-settings',
      baseUrl: 'http://127.0.0.1:41000',
      apiKey: 'lf_test_k',
    });
    expect(store.getState()).toMatchObject({ screen: 'overview', saving: false, snapshot: CACHED });
  });

  it('keeps the saved key when the field is empty', async () => {
    const p = ports(CACHED, async () => ok(CACHED));
    await createPopupStore(p).getState().saveSettings({ baseUrl: 'http://127.0.0.1:8080', apiKey: ' ' });
    expect(p.send).toHaveBeenCalledWith({ type: 'save-settings', baseUrl: 'http://127.0.0.1:8080' });
  });

  it('asks for another host’s permission first, and stops if the user says no', async () => {
    const p = ports(EMPTY, async () => ok(CACHED));
    p.requestHostAccess.mockResolvedValue(false);
    const store = createPopupStore(p);
    await store.getState().saveSettings({ baseUrl: 'https://leads.example.com', apiKey: 'lf_test_k' });
    expect(p.requestHostAccess).toHaveBeenCalledWith('https://leads.example.com/*');
    expect(p.send).not.toHaveBeenCalled();
    expect(store.getState().settingsNotice).toEqual({
      message: 'Leadforge was not allowed to reach leads.example.com.',
      next: 'Press Save again and choose Allow when the browser asks.',
    });
  });

  it('stays on the settings screen with the reason when the key is refused', async () => {
    const refused: ErrorReply = {
      ok: false,
      error: { type: 'AuthenticationError', message: 'did not accept this API key.', next: 'Check the key.' },
    };
    const store = createPopupStore(ports(EMPTY, async () => refused));
    store.getState().show('settings');
    await store.getState().saveSettings({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'lf_test_bad' });
    expect(store.getState()).toMatchObject({
      screen: 'settings',
      saving: false,
      settingsNotice: { message: 'did not accept this API key.', next: 'Check the key.' },
    });
  });

  it('says what is wrong with an address before sending anything', async () => {
    const p = ports(EMPTY, async () => ok(CACHED));
    const store = createPopupStore(p);
    await store.getState().saveSettings({ baseUrl: 'leads.example.com', apiKey: 'lf_test_k' });
    expect(store.getState().settingsNotice).toEqual({ message: 'The address must start with http:// or https://.' });
    expect(p.send).not.toHaveBeenCalled();
  });

  it('reconnects a seat by id', async () => {
    const p = ports(CACHED, async () => ok(FRESH));
    const store = createPopupStore(p);
    await store.getState().reconnect('seat-9');
    expect(p.send).toHaveBeenCalledWith({ type: 'reconnect-seat', seatId: 'seat-9' });
    expect(store.getState()).toMatchObject({ reconnecting: false, snapshot: FRESH });
  });

  it('shows a refusal by the background as a notice', async () => {
    const store = createPopupStore(
      ports(CACHED, async () => ({
        ok: false,
        error: { type: 'internal_error', message: 'The background did not answer' },
      })),
    );
    await store.getState().open();
    expect(store.getState().notice).toEqual({ message: 'The background did not answer' });
  });
});
