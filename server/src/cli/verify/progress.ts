/**
 * A progress bar on stderr: redrawn in place (at most ten times a second) on a terminal, a line
 * every tenth of the way otherwise (logs, pipes, tests).
 */
export class ProgressBar {
  private shownAt = 0;
  private shownTenth = -1;
  private readonly started = Date.now();
  private doneNow = 0;

  constructor(
    private readonly total: number,
    private done: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly label = 'verifying',
    /** Work whose progress is a percentage read from elsewhere (an extraction): no count, no rate. */
    private readonly percentOnly = false,
  ) {}

  tick(): void {
    this.done += 1;
    this.doneNow += 1;
    this.render(false);
  }

  /** Moves the bar to `done` of the total (for work whose progress is read, not counted). */
  set(done: number): void {
    if (done === this.done) return;
    this.doneNow += done - this.done;
    this.done = done;
    this.render(false);
  }

  finish(): void {
    this.render(true);
    if (this.out.isTTY) this.out.write('\n');
  }

  private render(force: boolean): void {
    const fraction = this.total === 0 ? 1 : this.done / this.total;
    const tenth = Math.floor(fraction * 10);
    if (this.out.isTTY) {
      if (!force && Date.now() - this.shownAt < 100) return;
    } else if (!force && tenth === this.shownTenth) return;
    this.shownAt = Date.now();
    this.shownTenth = tenth;
    const width = 30;
    const filled = Math.round(fraction * width);
    const rate = this.doneNow / Math.max(0.001, (Date.now() - this.started) / 1000);
    const bar = `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
    const line = this.percentOnly
      ? `${bar} ${Math.floor(fraction * 100)}%`
      : `${bar} ${this.done}/${this.total} ${Math.floor(fraction * 100)}%  ${rate.toFixed(1)}/s`;
    this.out.write(this.out.isTTY ? `\r${line}` : `${line}\n`);
  }
}
