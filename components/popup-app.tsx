import { useEffect } from 'preact/hooks';
import type { PopupStore } from '../lib/popup/popup-store.ts';
import { Overview } from './overview.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useStore } from './use-store.ts';

/** The popup: settings until a key is saved, then the overview. The store is passed in so tests can drive it. */
export function PopupApp({ store }: { store: PopupStore }) {
  const state = useStore(store);
  useEffect(() => {
    void store.getState().open();
  }, [store]);

  if (!state.loaded) return <main class="popup" aria-busy="true" />;
  const { snapshot, screen } = state;
  const configured = snapshot?.settings != null;
  return (
    <main class="popup">
      <header class="popup-header">
        <h1 class="popup-title">Leadforge</h1>
        {configured && (
          <button
            type="button"
            class="link"
            onClick={() => state.show(screen === 'settings' ? 'overview' : 'settings')}
            data-testid="nav"
          >
            {screen === 'settings' ? 'Back' : 'Settings'}
          </button>
        )}
      </header>
      {screen === 'settings' || !snapshot ? (
        <SettingsForm
          settings={snapshot?.settings ?? null}
          saving={state.saving}
          notice={state.settingsNotice}
          onSave={(input) => void state.saveSettings(input)}
        />
      ) : (
        <Overview
          snapshot={snapshot}
          refreshing={state.refreshing}
          reconnecting={state.reconnecting}
          notice={state.notice}
          onRefresh={() => void state.refresh()}
          onReconnect={(seatId) => void state.reconnect(seatId)}
        />
      )}
    </main>
  );
}
