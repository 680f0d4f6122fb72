/**
 * The in-page control's repeat choice: which pages offer it, its options, and what the control
 * says once the extraction started with a repeat. No DOM, no browser API.
 */
import type { RepeatOutcome } from '../messages.ts';
import { FREQUENCY_WORDS, type RepeatFrequency } from '../recurring/schedule-view.ts';
import type { PageKind } from '../salesnav/page-kind.ts';

/** Only people and company searches repeat (the contract's SCHEDULABLE_PAGE_KINDS): not lists, not profiles. */
export const canRepeat = (kind: PageKind): boolean => kind === 'people-search' || kind === 'company-search';

/** '' is Once, the default. */
export type RepeatChoice = RepeatFrequency | '';

export const REPEAT_CHOICES: readonly { value: RepeatChoice; label: string }[] = [
  { value: '', label: 'Once' },
  { value: 'daily', label: 'Repeat daily' },
  { value: 'weekly', label: 'Repeat weekly' },
  { value: 'monthly', label: 'Repeat monthly' },
];

/** Said under the estimate before Start: each run is charged like this one. */
export function repeatNote(frequency: RepeatFrequency): string {
  return `Then again ${FREQUENCY_WORDS[frequency]}, with only the results new since the run before; each run uses credits and quota.`;
}

/** What the control says after the extraction started, about its repeat. */
export function repeatWords(outcome: RepeatOutcome, frequency: RepeatFrequency): { message: string; next: string } {
  if (!outcome.ok) {
    return {
      message: `It could not be set to repeat ${FREQUENCY_WORDS[frequency]}: ${outcome.problem.message}`,
      next: outcome.problem.next,
    };
  }
  const { schedule, created } = outcome;
  const when = new Date(schedule.nextRunAt).toLocaleString();
  return {
    message: created
      ? `It repeats ${FREQUENCY_WORDS[schedule.frequency]}; next run ${when}.`
      : `This search was scheduled already: it now repeats ${FREQUENCY_WORDS[schedule.frequency]}; next run ${when}.`,
    next: 'Pause, rename or stop it in the Leadforge popup.',
  };
}
