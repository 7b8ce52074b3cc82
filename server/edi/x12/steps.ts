/**
 * A long reading written once and run two ways. A reader is a generator that does its work in
 * slices and yields between them (it yields nothing else). `runSteps` runs it through at once;
 * `runStepsAsync` lets the event loop serve other requests between slices, so a 20 MB upload does
 * not hold up everyone else's requests while it is read.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs a reading to its end without pausing. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a reading with a turn of the event loop between its slices (setImmediate: after pending
 * I/O). A slice is a few thousand segments, a few milliseconds: a concurrent request waits at most
 * that long per turn it needs.
 */
export async function runStepsAsync<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await nextTurn();
  }
}

/** Work done since the last slice ended; `tick` says when a slice is full and resets. */
export class Pace {
  private done = 0;

  constructor(private readonly slice = 4096) {}

  /** Adds `work` units (about one a segment); true when the reader should yield now. */
  tick(work = 1): boolean {
    this.done += work;
    if (this.done < this.slice) return false;
    this.done = 0;
    return true;
  }
}
