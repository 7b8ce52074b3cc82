/**
 * Runs `work` every `everySeconds` in the background, one run at a time (a tick while the last run
 * is still going is skipped); a failure is logged and tried again at the next tick. The timer does
 * not keep the process alive. Returns the stop.
 */
export function repeatInBackground(
  everySeconds: number,
  work: () => Promise<unknown>,
  log: (error: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch(log)
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
