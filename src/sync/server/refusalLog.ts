/**
 * The sync server's log of refused connections, made so that no client decides how much it says:
 * one short line per refused connection (the peer address and our own reason, never anything the
 * client sent), at most {@link RefusalLogOptions.linesPerWindow} lines per window, and past that
 * one summary line per window counting the rest by reason.
 *
 * @module
 */

/** Options of {@link createRefusalLog}. */
export interface RefusalLogOptions {
  /** Where each line goes (without its newline). */
  write: (line: string) => void;
  /** Lines written one per refusal in one window; the rest are counted into its summary. @default 10 */
  linesPerWindow?: number;
  /** The window's length. @default 60000 */
  windowMs?: number;
  /** The prefix of every line. @default 'wp-entities-sync-server' */
  name?: string;
}

/** A refusal log; {@link RefusalLog.close} writes the summary of the current window, if any. */
export interface RefusalLog {
  /** A connection from `address` was refused for `reason` (one of the server's own close reasons). */
  refused(address: string, reason: string): void;
  /** Writes what the current window has not said yet and stops its timer. */
  close(): void;
}

/** The longest line the log writes, in bytes. */
export const MAX_REFUSAL_LINE_BYTES = 200;

/** An address as the log shows it: an IP address's own characters, at most 45 of them (IPv6). */
function shownAddress(address: string): string {
  return /^[0-9a-fA-F:.]{1,45}$/.test(address) ? address : 'an unknown address';
}

/** A reason as the log shows it: the server's own reasons are short words and hyphens. */
function shownReason(reason: string): string {
  return /^[a-z-]{1,40}$/.test(reason) ? reason : 'refused';
}

/** A line cut to {@link MAX_REFUSAL_LINE_BYTES} bytes (every character the log writes is ASCII). */
function short(line: string): string {
  return line.length > MAX_REFUSAL_LINE_BYTES ? line.slice(0, MAX_REFUSAL_LINE_BYTES) : line;
}

/** Starts a refusal log (see the module comment). */
export function createRefusalLog(options: RefusalLogOptions): RefusalLog {
  const linesPerWindow = options.linesPerWindow ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const name = options.name ?? 'wp-entities-sync-server';
  let written = 0;
  const unsaid = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const endWindow = (): void => {
    timer = undefined;
    written = 0;
    if (unsaid.size === 0) return;
    let total = 0;
    for (const count of unsaid.values()) total += count;
    const counts = [...unsaid].map(([reason, count]) => `${reason} ${count}`).join(', ');
    unsaid.clear();
    options.write(short(`${name}: ${total} more connections refused in ${windowMs / 1000} s (${counts})`));
  };

  return {
    refused(address, reason) {
      if (timer === undefined) {
        timer = setTimeout(endWindow, windowMs);
        timer.unref?.();
      }
      const why = shownReason(reason);
      if (written < linesPerWindow) {
        written += 1;
        options.write(short(`${name}: refused a connection from ${shownAddress(address)}: ${why}`));
        return;
      }
      unsaid.set(why, (unsaid.get(why) ?? 0) + 1);
    },
    close() {
      if (timer !== undefined) clearTimeout(timer);
      endWindow();
    },
  };
}
