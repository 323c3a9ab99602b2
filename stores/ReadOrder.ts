/**
 * Which came first, a read's request or a save's answer, without clocks: `modified_gmt` has
 * one-second resolution and a scheduled post's lies in the future, so only the order in which this
 * client sent reads and took in saves can tell a read's copy is older than a save it did not see.
 *
 * @module
 */

/**
 * The order of the reads and saves of one collection. A read takes a ticket when its request is
 * sent; taking in a save's answer marks the record with the last ticket handed out. A read whose
 * ticket is not above its record's mark was sent before that save answered: its copy may predate
 * the save and must not replace it.
 */
export class ReadOrder {
  /** The last ticket handed out; tickets start at 1. */
  private lastTicket = 0;
  /** The highest mark of any record: a read with a higher ticket saw every save. */
  private lastSaveMark = 0;
  /** Records whose save answered, with the last ticket handed out then; nothing until a save. */
  private readonly saveMarks = new WeakMap<object, number>();
  /** Records a collaborator saved, with the last ticket handed out when this client heard of it. */
  private readonly newerVersionMarks = new WeakMap<object, number>();

  /** A read's request is about to be sent: its ticket, higher than every one before. */
  ticket(): number {
    return ++this.lastTicket;
  }

  /** A save's answer for `record` is being taken in: reads sent until now are older than it. */
  noteSaveAnswer(record: object): void {
    this.saveMarks.set(record, this.lastTicket);
    this.lastSaveMark = this.lastTicket;
  }

  /**
   * True when some save answered after the read with `ticket` was sent. False is the common case
   * and lets a receive skip {@link isOlderThanSave} for every record it holds.
   */
  hasSaveSince(ticket: number): boolean {
    return this.lastSaveMark >= ticket;
  }

  /** True when a save of `record` answered after the read with `ticket` was sent. */
  isOlderThanSave(record: object, ticket: number): boolean {
    const mark = this.saveMarks.get(record);
    return mark !== undefined && mark >= ticket;
  }

  /**
   * This client learned of a newer version of `record` than reads sent until now may hold (a
   * collaborator saved it): a read asked for later must not share one of those. Unlike a save's
   * answer, this does not stop their copies from being taken in.
   */
  noteNewerVersion(record: object): void {
    this.newerVersionMarks.set(record, this.lastTicket);
  }

  /**
   * How many reads had been sent when this client last learned of a change to `record` (its save
   * answered, or {@link noteNewerVersion}); 0 before any. A read asked for later must not share
   * a request sent before then, so it goes into the sharing key.
   */
  sharingMarkOf(record: object): number {
    return Math.max(this.saveMarks.get(record) ?? 0, this.newerVersionMarks.get(record) ?? 0);
  }
}
