import { useState } from 'preact/hooks';
import type { EnrichEmail } from '../lib/contract/enums.ts';
import { defaultEnrich, ENRICH_CHOICES } from '../lib/page/estimate.ts';
import type { SearchBuilderActions, SearchKind, SearchNotice } from '../lib/search-builder/popup-actions.ts';
import {
  type BuildSearchReply,
  chipsOf,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  filterTypeName,
} from '../lib/search-builder/search-builder.ts';
import { NoticeBox } from './notice-box.tsx';

export type { SearchBuilderActions, SearchKind };

/** The search as built: the service's answer, and what it was built from (the extraction is named after it). */
interface Built {
  reply: BuildSearchReply;
  description: string;
  searchType: SearchKind;
}

/** An extraction's name: the description, as the page's Extract names a search after its title. */
const MAX_NAME = 255;

/**
 * The search builder screen: a description, leads or accounts, the filters the service understood
 * as chips (excluded ones struck through), then open the search in a tab or extract it at once.
 */
export function SearchBuilder({ actions }: { actions: SearchBuilderActions }) {
  const [description, setDescription] = useState('');
  const [searchType, setSearchType] = useState<SearchKind>('LEAD');
  const [busy, setBusy] = useState<'build' | 'open' | 'extract' | null>(null);
  const [built, setBuilt] = useState<Built | null>(null);
  const [enrich, setEnrich] = useState<EnrichEmail>('matching');
  const [notice, setNotice] = useState<SearchNotice | null>(null);
  // One id per intended extraction: a retry after a failure reuses it, so a request that did
  // arrive is not made twice; a new search, or a success, makes the next press a new extraction.
  const [requestId, setRequestId] = useState(() => actions.newRequestId());
  const text = description.trim();
  const tooShort = text.length < DESCRIPTION_MIN;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (tooShort || busy) return;
    setBusy('build');
    setNotice(null);
    const answer = await actions.build(text, searchType);
    setBusy(null);
    if (!answer.ok) {
      setBuilt(null);
      setNotice(answer.notice);
      return;
    }
    setBuilt({ reply: answer, description: text, searchType });
    setEnrich(defaultEnrich(searchType === 'LEAD' ? 'people-search' : 'company-search'));
    setRequestId(actions.newRequestId());
  };

  const open = async (url: string) => {
    setBusy('open');
    setNotice(null);
    const failed = await actions.open(url);
    setBusy(null);
    if (failed) setNotice(failed);
  };

  const extract = async (search: Built) => {
    setBusy('extract');
    setNotice(null);
    const failed = await actions.extract({
      requestId,
      url: search.reply.url,
      name: search.description.slice(0, MAX_NAME),
      enrich: search.searchType === 'LEAD' ? enrich : 'none',
    });
    setBusy(null);
    if (failed) setNotice(failed);
    else setRequestId(actions.newRequestId());
  };

  const chips = built ? chipsOf(built.reply.filtersUsed) : [];
  return (
    <section class="search-builder" data-testid="search-builder">
      <h2 class="section-title">Build a search</h2>
      <form onSubmit={(e) => void submit(e)}>
        <label class="field">
          <span class="field-label">Describe who you are looking for</span>
          <textarea
            rows={3}
            maxLength={DESCRIPTION_MAX}
            value={description}
            placeholder="CTOs at fintech startups in Germany, excluding Berlin"
            onInput={(e) => setDescription((e.target as HTMLTextAreaElement).value)}
            data-testid="search-builder-description"
          />
        </label>
        <fieldset class="search-builder-kind">
          <legend class="visually-hidden">Search for</legend>
          <label>
            <input
              type="radio"
              name="search-type"
              checked={searchType === 'LEAD'}
              onChange={() => setSearchType('LEAD')}
              data-testid="search-builder-leads"
            />{' '}
            Leads
          </label>
          <label>
            <input
              type="radio"
              name="search-type"
              checked={searchType === 'ACCOUNT'}
              onChange={() => setSearchType('ACCOUNT')}
              data-testid="search-builder-accounts"
            />{' '}
            Accounts
          </label>
        </fieldset>
        <button type="submit" class="button" disabled={tooShort || busy !== null} data-testid="search-builder-build">
          {busy === 'build' ? 'Building…' : 'Build search'}
        </button>
        {tooShort && text.length > 0 && <p class="field-help">At least {DESCRIPTION_MIN} characters.</p>}
      </form>
      {notice && <NoticeBox notice={notice} testId="search-builder-notice" />}
      {built && (
        <div class="search-builder-result" data-testid="search-builder-result" data-search-type={built.searchType}>
          {chips.length === 0 ? (
            <p class="muted" data-testid="search-builder-no-filters">
              No filters recognised: the search has none.
            </p>
          ) : (
            <ul class="chips" data-testid="search-builder-chips">
              {chips.map((chip) => (
                <li
                  key={`${chip.type}:${chip.label}:${chip.excluded}`}
                  class={chip.excluded ? 'chip chip-excluded' : 'chip'}
                  title={chip.excluded ? 'Excluded' : undefined}
                  data-testid="search-builder-chip"
                  data-type={chip.type}
                  data-excluded={chip.excluded ? 'true' : 'false'}
                >
                  <span class="chip-type">{filterTypeName(chip.type)}</span>{' '}
                  {chip.excluded ? <s>{chip.label}</s> : chip.label}
                  {chip.excluded && <span class="visually-hidden"> (excluded)</span>}
                </li>
              ))}
            </ul>
          )}
          {built.searchType === 'LEAD' && (
            <label class="field">
              <span class="field-label">Emails</span>
              <select
                value={enrich}
                onChange={(e) => setEnrich(e.currentTarget.value as EnrichEmail)}
                data-testid="search-builder-enrich"
              >
                {ENRICH_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <div class="search-builder-actions">
            <button
              type="button"
              class="button button-small"
              disabled={busy !== null}
              onClick={() => void open(built.reply.url)}
              data-testid="search-builder-open"
            >
              Open in a tab
            </button>
            <button
              type="button"
              class="button button-small"
              disabled={busy !== null}
              onClick={() => void extract(built)}
              data-testid="search-builder-extract"
            >
              {busy === 'extract' ? 'Starting…' : 'Extract now'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
