import { useState } from 'preact/hooks';
import { type BuildSearchReply, chipsOf, filterTypeName } from '../lib/search-builder/search-builder.ts';

export type SearchKind = 'LEAD' | 'ACCOUNT';

/** What the screen needs from the popup: the background round trips, passed in so tests can drive them. */
export interface SearchBuilderActions {
  /** Sends `build-search` to the background; a string is the sentence to show when it failed. */
  build(description: string, searchType: SearchKind): Promise<BuildSearchReply | string>;
  /** Opens the URL in a new tab. */
  open(url: string): void;
  /** Starts an extraction of the URL (the background's `start-extraction`). */
  extract(url: string, name: string): void;
}

/**
 * The search builder screen: a description, leads or accounts, the filters the service understood
 * as chips (excluded ones struck through), then open the search in a tab or extract it at once.
 */
export function SearchBuilder({ actions }: { actions: SearchBuilderActions }) {
  const [description, setDescription] = useState('');
  const [searchType, setSearchType] = useState<SearchKind>('LEAD');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BuildSearchReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const text = description.trim();
  const tooShort = text.length < 10;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (tooShort || busy) return;
    setBusy(true);
    setError(null);
    const answer = await actions.build(text, searchType);
    setBusy(false);
    if (typeof answer === 'string') {
      setResult(null);
      setError(answer);
    } else setResult(answer);
  };

  const chips = result ? chipsOf(result.filtersUsed) : [];
  return (
    <section class="search-builder" data-testid="search-builder">
      <form onSubmit={(e) => void submit(e)}>
        <label class="field">
          <span>Describe who you are looking for</span>
          <textarea
            rows={3}
            maxLength={2000}
            value={description}
            placeholder="CTOs at fintech startups in Germany, excluding Berlin"
            onInput={(e) => setDescription((e.target as HTMLTextAreaElement).value)}
            data-testid="search-builder-description"
          />
        </label>
        <fieldset class="search-builder-kind">
          <label>
            <input
              type="radio"
              name="search-type"
              checked={searchType === 'LEAD'}
              onChange={() => setSearchType('LEAD')}
            />{' '}
            Leads
          </label>
          <label>
            <input
              type="radio"
              name="search-type"
              checked={searchType === 'ACCOUNT'}
              onChange={() => setSearchType('ACCOUNT')}
            />{' '}
            Accounts
          </label>
        </fieldset>
        <button type="submit" disabled={tooShort || busy} data-testid="search-builder-build">
          {busy ? 'Building…' : 'Build search'}
        </button>
        {tooShort && text.length > 0 && <p class="hint">At least 10 characters.</p>}
      </form>
      {error && (
        <p class="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div class="search-builder-result">
          {chips.length === 0 ? (
            <p class="hint">No filters recognised: the search has none.</p>
          ) : (
            <ul class="chips" data-testid="search-builder-chips">
              {chips.map((chip) => (
                <li
                  key={`${chip.type}:${chip.label}:${chip.excluded}`}
                  class={chip.excluded ? 'chip chip-excluded' : 'chip'}
                  title={chip.excluded ? 'Excluded' : undefined}
                >
                  <span class="chip-type">{filterTypeName(chip.type)}</span>{' '}
                  {chip.excluded ? <s>{chip.label}</s> : chip.label}
                  {chip.excluded && <span class="visually-hidden"> (excluded)</span>}
                </li>
              ))}
            </ul>
          )}
          <div class="actions">
            <button type="button" onClick={() => actions.open(result.url)} data-testid="search-builder-open">
              Open in a tab
            </button>
            <button
              type="button"
              onClick={() => actions.extract(result.url, text.slice(0, 255))}
              data-testid="search-builder-extract"
            >
              Extract now
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
