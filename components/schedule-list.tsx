import { useState } from 'preact/hooks';
import type { SchedulesActions, SchedulesState } from '../lib/popup/schedules-slice.ts';
import { MAX_SCHEDULE_NAME } from '../lib/popup/schedules-slice.ts';
import { FREQUENCY_LABEL, RepeatFrequency, type ScheduleView } from '../lib/recurring/schedule-view.ts';
import { skipNotice } from '../lib/recurring/skip-words.ts';
import { NoticeBox } from './notice-box.tsx';

interface Props {
  state: SchedulesState;
  actions: SchedulesActions;
}

/**
 * The recurring exports: name, how often, the next run in the user's time, paused or not; pause,
 * resume, change how often, rename, and stop after a confirmation, since stopping cannot be
 * undone. Each run shows in the jobs below, like any extraction.
 */
export function ScheduleList({ state, actions }: Props) {
  const { schedules, scheduleNotice } = state;
  const orphanNotice = scheduleNotice && !schedules.some((s) => s.id === scheduleNotice.scheduleId);
  return (
    <section class="schedules" data-testid="schedules">
      <h2 class="section-title">Schedules</h2>
      {orphanNotice && <NoticeBox notice={scheduleNotice.notice} testId="schedule-notice" />}
      {schedules.length === 0 ? (
        <p class="muted" data-testid="schedules-empty">
          No schedules. On a Sales Navigator search, choose Repeat daily, weekly or monthly before pressing Start.
        </p>
      ) : (
        <ul class="job-list">
          {schedules.map((schedule) => (
            <ScheduleItem key={schedule.id} schedule={schedule} state={state} actions={actions} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ScheduleItem({
  schedule,
  state,
  actions,
}: {
  schedule: ScheduleView;
  state: SchedulesState;
  actions: SchedulesActions;
}) {
  // What the row shows besides its buttons: the rename form, or the question before stopping.
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm-stop'>('view');
  const [draft, setDraft] = useState(schedule.name);
  // The frequency just chosen, shown while the service is asked: the select would otherwise jump
  // back to the old one until the answer, and goes back to it by itself if the change fails.
  const [chosen, setChosen] = useState<RepeatFrequency | null>(null);
  const busy = state.scheduleBusy === schedule.id;
  const notice = state.scheduleNotice?.scheduleId === schedule.id ? state.scheduleNotice.notice : null;
  const skipped = skipNotice(schedule);

  return (
    <li class="job" data-testid="schedule-row" data-schedule-id={schedule.id} data-paused={String(schedule.paused)}>
      <div class="job-head">
        <span class="job-name" data-testid="schedule-name">
          {schedule.name}
        </span>
        <span
          class={`job-state ${schedule.paused ? 'job-state-paused' : 'job-state-done'}`}
          data-testid="schedule-state"
        >
          {schedule.paused ? 'Paused' : 'Active'}
        </span>
      </div>
      <p class="muted" data-testid="schedule-detail">
        {FREQUENCY_LABEL[schedule.frequency]} ·{' '}
        {schedule.paused ? (
          'no runs until resumed'
        ) : (
          <>
            next run{' '}
            <time dateTime={new Date(schedule.nextRunAt).toISOString()} data-testid="schedule-next-run">
              {new Date(schedule.nextRunAt).toLocaleString()}
            </time>
          </>
        )}
        {schedule.runIds.length > 0 && ` · ${schedule.runIds.length} ${schedule.runIds.length === 1 ? 'run' : 'runs'}`}
      </p>
      {skipped && <NoticeBox notice={skipped} testId="schedule-skipped" />}
      {notice && <NoticeBox notice={notice} testId="schedule-notice" />}
      {mode === 'rename' && (
        <form
          class="schedule-form"
          onSubmit={(event) => {
            event.preventDefault();
            void actions.rename(schedule.id, draft).then((renamed) => renamed && setMode('view'));
          }}
        >
          <label class="visually-hidden" for={`rename-${schedule.id}`}>
            New name
          </label>
          <input
            id={`rename-${schedule.id}`}
            class="schedule-input"
            value={draft}
            maxLength={MAX_SCHEDULE_NAME}
            onInput={(event) => setDraft(event.currentTarget.value)}
            data-testid="schedule-name-input"
          />
          <button type="submit" class="button button-small" disabled={busy} data-testid="schedule-rename-save">
            Save
          </button>
          <button type="button" class="link" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      )}
      {mode === 'confirm-stop' && (
        <div
          class="schedule-confirm"
          role="alertdialog"
          aria-label="Stop this schedule?"
          data-testid="schedule-confirm"
        >
          <p class="notice-message">Stop “{schedule.name}” for good?</p>
          <p class="muted">It cannot be resumed afterwards. The runs already made stay in the jobs.</p>
          <div class="schedule-actions">
            <button
              type="button"
              class="button button-small button-danger"
              disabled={busy}
              onClick={() => void actions.stop(schedule.id)}
              data-testid="schedule-stop-confirm"
            >
              Stop for good
            </button>
            <button type="button" class="link" onClick={() => setMode('view')} data-testid="schedule-stop-cancel">
              Keep it
            </button>
          </div>
        </div>
      )}
      {mode === 'view' && (
        <div class="schedule-actions">
          <button
            type="button"
            class="button button-small"
            disabled={busy}
            onClick={() => void actions.setPaused(schedule.id, !schedule.paused)}
            data-testid={schedule.paused ? 'schedule-resume' : 'schedule-pause'}
          >
            {schedule.paused ? 'Resume' : 'Pause'}
          </button>
          <label class="visually-hidden" for={`frequency-${schedule.id}`}>
            How often it runs
          </label>
          <select
            id={`frequency-${schedule.id}`}
            class="schedule-select"
            value={chosen ?? schedule.frequency}
            disabled={busy}
            // The service counts the next run from the change, which the detail above then shows.
            title="The next run comes one interval after the change."
            onChange={(event) => {
              const parsed = RepeatFrequency.safeParse(event.currentTarget.value);
              if (!parsed.success || parsed.data === schedule.frequency) return;
              setChosen(parsed.data);
              void actions.setFrequency(schedule.id, parsed.data).finally(() => setChosen(null));
            }}
            data-testid="schedule-frequency"
          >
            {RepeatFrequency.options.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABEL[frequency]}
              </option>
            ))}
          </select>
          <button
            type="button"
            class="link"
            disabled={busy}
            onClick={() => {
              setDraft(schedule.name);
              setMode('rename');
            }}
            data-testid="schedule-rename"
          >
            Rename
          </button>
          <button
            type="button"
            class="link link-danger"
            disabled={busy}
            onClick={() => setMode('confirm-stop')}
            data-testid="schedule-stop"
          >
            Stop
          </button>
        </div>
      )}
    </li>
  );
}
