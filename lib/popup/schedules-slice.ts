/**
 * The popup's schedules (a slice of the jobs store, since one refresh brings both): the list as
 * the background last synced it, and pause, resume, rename, change of frequency and stop, each a
 * message to the background, which alone talks to the service. A change answers with the whole
 * list, so a schedule stopped elsewhere disappears as the change finds out.
 */
import type { ErrorReply, Message, ReplyFor, SchedulesReply } from '../messages.ts';
import type { RepeatFrequency, ScheduleView } from '../recurring/schedule-view.ts';
import type { Notice } from './popup-store.ts';

export interface SchedulesState {
  schedules: ScheduleView[];
  /** The schedule a change is under way on. */
  scheduleBusy: string | null;
  /** Why the last change failed, by schedule (shown above the list when that schedule is gone). */
  scheduleNotice: { scheduleId: string; notice: Notice } | null;
}

export interface SchedulesActions {
  setPaused(scheduleId: string, paused: boolean): Promise<void>;
  /** Resolves true once renamed, so the form can close; false leaves it open with the notice. */
  rename(scheduleId: string, name: string): Promise<boolean>;
  /**
   * The service counts the next run from the change (one new interval on), and the answer's list
   * carries it: the row shows the moved next run from that list, never a time worked out here.
   */
  setFrequency(scheduleId: string, frequency: RepeatFrequency): Promise<void>;
  /** Permanent: the view asks the user first. */
  stop(scheduleId: string): Promise<void>;
}

export interface SchedulesPorts {
  send<M extends Message>(message: M): Promise<ReplyFor<M['type']> | ErrorReply>;
}

export const MAX_SCHEDULE_NAME = 255;

/** The slice, given the store's own `set`. */
export function schedulesSlice(
  ports: SchedulesPorts,
  set: (partial: Partial<SchedulesState>) => void,
): SchedulesState & SchedulesActions {
  /** Sends one change and applies its answer; true when the change happened. */
  async function change(scheduleId: string, message: Message): Promise<boolean> {
    set({ scheduleBusy: scheduleId, scheduleNotice: null });
    const reply = (await ports.send(message)) as SchedulesReply | ErrorReply;
    if (!reply.ok) {
      set({ scheduleBusy: null, scheduleNotice: { scheduleId, notice: fromError(reply) } });
      return false;
    }
    const notice = reply.problem && {
      scheduleId,
      notice: { message: reply.problem.message, next: reply.problem.next },
    };
    set({ scheduleBusy: null, schedules: reply.schedules, scheduleNotice: notice });
    return reply.problem === null;
  }

  return {
    schedules: [],
    scheduleBusy: null,
    scheduleNotice: null,

    async setPaused(scheduleId, paused) {
      await change(scheduleId, { type: 'update-schedule', scheduleId, change: { paused } });
    },

    async rename(scheduleId, name) {
      const trimmed = name.trim();
      if (trimmed.length === 0 || trimmed.length > MAX_SCHEDULE_NAME) {
        set({
          scheduleNotice: {
            scheduleId,
            notice: { message: 'A schedule’s name is 1 to 255 characters.', next: 'Type a name, then save.' },
          },
        });
        return false;
      }
      return change(scheduleId, { type: 'update-schedule', scheduleId, change: { name: trimmed } });
    },

    async setFrequency(scheduleId, frequency) {
      await change(scheduleId, { type: 'update-schedule', scheduleId, change: { frequency } });
    },

    async stop(scheduleId) {
      await change(scheduleId, { type: 'stop-schedule', scheduleId });
    },
  };
}

/** A refusal without a next step is the extension's own trouble: opening the popup again restarts it. */
function fromError({ error }: ErrorReply): Notice {
  return { message: error.message, next: error.next ?? 'Close the popup and open it again.' };
}
