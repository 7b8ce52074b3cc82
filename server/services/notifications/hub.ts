/**
 * Wakes this process's live streams when notifications of their users are raised or changed,
 * whichever process raised them: it reads the table, every `pollMs` while a stream is open (one
 * indexed query, none when nobody listens), for rows past the sequence number it has seen.
 *
 * A row's number is drawn inside its transaction, so a transaction that commits late can show a
 * number below one already seen: the hub looks back over the last few polls' numbers and wakes a
 * user for each row and number it has not woken them for yet. The same on PGlite and PostgreSQL
 * (docs/decisions/notifications-live-over-sse.md).
 */
import type { Queryable } from '../../db/types.ts';

export type NotificationListener = (changedIDs: readonly number[]) => void;

export interface NotificationHubOptions {
  /** How often the table is read while a stream is open. */
  pollMs?: number;
  /** How many polls back a late commit is still caught. */
  lookbackPolls?: number;
  onError?: (error: unknown) => void;
}

export class NotificationHub {
  private readonly listeners = new Map<number, Set<NotificationListener>>();
  private readonly pollMs: number;
  private readonly lookbackPolls: number;
  /** The highest number seen at each of the last polls, oldest first; the first is the floor. */
  private watermarks: number[] = [];
  /** `${id}:${seq}` already woken for, with their number (dropped once below the floor). */
  private readonly delivered = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Queryable,
    options: NotificationHubOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.lookbackPolls = options.lookbackPolls ?? 5;
    this.onError = options.onError ?? (() => undefined);
  }

  private readonly onError: (error: unknown) => void;

  /** Starts listening for a user; the returned function stops. Resolves once the hub has its starting point. */
  async subscribe(userId: number, listener: NotificationListener): Promise<() => void> {
    if (this.watermarks.length === 0) {
      const [row] = await this.db.query<{ seq: number | null }>('SELECT max(seq) AS seq FROM notifications');
      if (this.watermarks.length === 0) this.watermarks = [Number(row?.seq ?? 0)];
    }
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    this.schedule();
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
      // Nobody listens: the next stream starts from what is there then, not from here.
      if (this.listeners.size === 0) {
        this.watermarks = [];
        this.delivered.clear();
      }
    };
  }

  /** Reads at once (a change made by this process: no need to wait for the next poll). */
  poke(): void {
    if (this.listeners.size === 0 || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    void this.pollOnce().finally(() => this.schedule());
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }

  private schedule(): void {
    if (this.timer || this.stopped || this.listeners.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pollOnce().finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref?.();
  }

  private pollOnce(): Promise<void> {
    this.polling ??= this.read().finally(() => (this.polling = null));
    return this.polling;
  }

  private async read(): Promise<void> {
    const users = [...this.listeners.keys()];
    if (users.length === 0) return;
    const floor = this.watermarks[0] ?? 0;
    let rows: { id: number; userId: number; seq: number }[];
    try {
      rows = await this.db.query(
        `SELECT notification_id AS id, user_id AS "userId", seq FROM notifications
          WHERE seq > $1 AND user_id = ANY($2::bigint[]) ORDER BY seq`,
        [floor, users],
      );
    } catch (error) {
      this.onError(error);
      return;
    }
    const changed = new Map<number, number[]>();
    let highest = this.watermarks.at(-1) ?? floor;
    for (const row of rows) {
      const seq = Number(row.seq);
      highest = Math.max(highest, seq);
      const key = `${row.id}:${seq}`;
      if (this.delivered.has(key)) continue;
      this.delivered.set(key, seq);
      const userId = Number(row.userId);
      changed.set(userId, [...(changed.get(userId) ?? []), Number(row.id)]);
    }
    this.watermarks.push(highest);
    if (this.watermarks.length > this.lookbackPolls) this.watermarks.shift();
    const newFloor = this.watermarks[0] ?? 0;
    for (const [key, seq] of this.delivered) if (seq <= newFloor) this.delivered.delete(key);
    for (const [userId, ids] of changed) {
      for (const listener of [...(this.listeners.get(userId) ?? [])]) {
        try {
          listener(ids);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }
}
