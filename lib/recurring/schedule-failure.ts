/**
 * Why a schedule could not be made or changed, in words that fit the moment: the extraction the
 * user started stands either way, so a failed schedule says what to do to make it repeat; a
 * schedule that vanished was stopped elsewhere. Anything else is the service's general words.
 */
import { describeFailure } from '../api/describe-failure.ts';
import type { ApiFailure } from '../api/failure.ts';
import { type Problem, problem } from '../problem.ts';
import type { ScheduleChange } from './schedule-sync.ts';

const errorType = (failure: ApiFailure) => (failure.kind === 'http' ? failure.error?.type : undefined);

/** Scheduling the extraction just started failed. The next step ends with pressing the control's retry. */
export function describeScheduleFailure(failure: ApiFailure, service: string): Problem {
  const type = errorType(failure);
  if (type === 'NoUsableSeat') {
    return problem(
      'NoUsableSeat',
      'No connected Sales Navigator seat can run this schedule.',
      'Reconnect your seat: log in to Sales Navigator in this browser and press Reconnect in the Leadforge popup, then press Schedule again.',
    );
  }
  if (type === 'ValidationError' && failure.kind === 'http') {
    return problem(
      'ValidationError',
      `The service cannot repeat this search: ${failure.error?.message ?? 'it refused it'}`,
      'Only people and company searches repeat; open one in Sales Navigator and schedule it from there.',
    );
  }
  if (type === 'NotFound') {
    return problem(
      'NotFound',
      'The service no longer knows the extraction to repeat.',
      'Press Extract again and choose how often to repeat it.',
    );
  }
  return describeFailure(failure, service);
}

/**
 * What to do once the service refused a change as invalid. Only a name is typed by the user; the
 * popup offers only the frequencies and pauses the contract allows, so a refusal of one of those
 * means the popup's list is stale or the service differs, and reopening the popup is the step left.
 */
function nextAfterRefusal(change: ScheduleChange | undefined): string {
  if (change && 'name' in change) return 'Choose a name of 1 to 255 characters, then save again.';
  if (change && 'frequency' in change) return 'Close the popup and open it again, then choose how often again.';
  return 'Close the popup and open it again, then try once more.';
}

/** A pause, resume, rename, change of frequency (given the change) or stop (none) failed. */
export function describeScheduleChangeFailure(failure: ApiFailure, service: string, change?: ScheduleChange): Problem {
  const type = errorType(failure);
  if (type === 'NotFound') {
    return problem(
      'NotFound',
      'This schedule no longer exists: it was stopped elsewhere.',
      'It is gone from the list; its runs stay in the jobs.',
    );
  }
  if (type === 'ValidationError' && failure.kind === 'http') {
    return problem(
      'ValidationError',
      `The service refused the change: ${failure.error?.message ?? 'it is not valid'}`,
      nextAfterRefusal(change),
    );
  }
  return describeFailure(failure, service);
}

/** Whether the service says the schedule does not exist (stopped, or never this account's). */
export const isGone = (failure: ApiFailure): boolean => errorType(failure) === 'NotFound';
