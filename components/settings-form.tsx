import { useState } from 'preact/hooks';
import type { Notice } from '../lib/popup/popup-store.ts';
import { DEFAULT_BASE_URL } from '../lib/settings/base-url.ts';
import type { SettingsView } from '../lib/state/snapshot.ts';
import { NoticeBox } from './notice-box.tsx';

interface Props {
  settings: SettingsView | null;
  saving: boolean;
  notice: Notice | null;
  onSave(input: { baseUrl: string; apiKey: string }): void;
}

/** Where the service is and the key to use. The key is checked with the service before it is saved. */
export function SettingsForm({ settings, saving, notice, onSave }: Props) {
  const [baseUrl, setBaseUrl] = useState(settings?.baseUrl ?? DEFAULT_BASE_URL);
  const [apiKey, setApiKey] = useState('');

  return (
    <form
      class="settings"
      data-testid="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ baseUrl, apiKey });
      }}
    >
      <h2 class="section-title">Settings</h2>
      <label class="field">
        <span class="field-label">Service address</span>
        <input
          name="baseUrl"
          type="url"
          required
          value={baseUrl}
          onInput={(event) => setBaseUrl(event.currentTarget.value)}
          data-testid="base-url"
        />
        <span class="field-help">Your Leadforge service; npm start runs it at {DEFAULT_BASE_URL}.</span>
      </label>
      <label class="field">
        <span class="field-label">API key</span>
        <input
          name="apiKey"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required={!settings}
          placeholder={settings ? `Saved: ${settings.keyHint}` : 'lf_test_… or lf_live_…'}
          value={apiKey}
          onInput={(event) => setApiKey(event.currentTarget.value)}
          data-testid="api-key"
        />
        <span class="field-help">
          Checked with the service before it is saved. It stays inside the extension.
          {settings && ' Leave it empty to keep the saved key.'}
        </span>
      </label>
      {notice && <NoticeBox notice={notice} testId="settings-notice" />}
      <button type="submit" class="button" disabled={saving} data-testid="save">
        {saving ? 'Checking the key…' : 'Save'}
      </button>
    </form>
  );
}
