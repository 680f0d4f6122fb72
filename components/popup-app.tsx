import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ACTIVE_STATES } from '../lib/jobs/job-view.ts';
import type { JobsStore } from '../lib/popup/jobs-store.ts';
import type { PopupStore } from '../lib/popup/popup-store.ts';
import { type SearchPorts, searchBuilderActions } from '../lib/search-builder/popup-actions.ts';
import { JobList } from './job-list.tsx';
import { Overview } from './overview.tsx';
import { ScheduleList } from './schedule-list.tsx';
import { SearchBuilder } from './search-builder.tsx';
import { SettingsForm } from './settings-form.tsx';
import { useStore } from './use-store.ts';

/** While the popup is open and a job runs, it asks for news this often (the alarm is at most every 30 s). */
const JOBS_POLL_MS = 1500;

/** The screens behind the header's tabs once a key is saved (settings is the store's own screen). */
type View = 'overview' | 'search';

/**
 * The popup: settings until a key is saved, then the overview, the schedules and the jobs, the
 * search builder, and settings, as tabs. The stores and the search builder's ports are passed in
 * so tests can drive them.
 */
export function PopupApp({ store, jobs, search }: { store: PopupStore; jobs: JobsStore; search: SearchPorts }) {
  const state = useStore(store);
  const jobsState = useStore(jobs);
  const configured = state.snapshot?.settings != null;
  const [view, setView] = useState<View>('overview');
  const searchActions = useMemo(
    () =>
      // An extraction started from a search is followed where every job is: the jobs view.
      searchBuilderActions(search, () => {
        setView('overview');
        void jobs.getState().refresh();
      }),
    [search, jobs],
  );
  useEffect(() => {
    void store.getState().open();
  }, [store]);
  useEffect(() => {
    if (!configured) return;
    void jobs.getState().open();
    const timer = setInterval(() => void jobs.getState().tick(), JOBS_POLL_MS);
    return () => clearInterval(timer);
  }, [jobs, configured]);

  // A job that just ended has spent credits and quota: show the new numbers.
  const active = jobsState.jobs.filter((job) => ACTIVE_STATES.has(job.state)).length;
  const wasActive = useRef(active);
  useEffect(() => {
    if (active < wasActive.current) void store.getState().refresh();
    wasActive.current = active;
  }, [active, store]);

  if (!state.loaded) return <main class="popup" aria-busy="true" />;
  const { snapshot, screen } = state;
  return (
    <main class="popup">
      <header class="popup-header">
        <h1 class="popup-title">Leadforge</h1>
        {configured && (
          <nav class="tabs" data-testid="nav">
            {(
              [
                ['overview', 'Overview', screen !== 'settings' && view === 'overview'],
                ['search', 'Search', screen !== 'settings' && view === 'search'],
                ['settings', 'Settings', screen === 'settings'],
              ] as const
            ).map(([target, label, current]) => (
              <button
                key={target}
                type="button"
                class="link tab"
                aria-current={current ? 'page' : undefined}
                onClick={() => {
                  if (target === 'settings') return state.show('settings');
                  state.show('overview');
                  setView(target);
                }}
                data-testid={`tab-${target}`}
              >
                {label}
              </button>
            ))}
          </nav>
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
        <>
          {/* Kept mounted while hidden: the description and its chips survive a look at the jobs. */}
          <div hidden={view !== 'search'}>
            <SearchBuilder actions={searchActions} />
          </div>
          {view === 'overview' && (
            <>
              <Overview
                snapshot={snapshot}
                refreshing={state.refreshing}
                reconnecting={state.reconnecting}
                notice={state.notice}
                onRefresh={() => void state.refresh()}
                onReconnect={(seatId) => void state.reconnect(seatId)}
              />
              <ScheduleList state={jobsState} actions={jobsState} />
              <JobList
                // A service that does not answer is said once, above, not again for the jobs.
                state={jobsState.notice?.message === state.notice?.message ? { ...jobsState, notice: null } : jobsState}
                onDownload={(job) => void jobsState.download(job)}
              />
            </>
          )}
        </>
      )}
    </main>
  );
}
