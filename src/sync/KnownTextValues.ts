/**
 * What the binding last wrote into each Y.Text of a document, so the next keystroke is diffed
 * against that string instead of reading the text back (`Y.Text#toString` joins the text's items
 * into a new string, and a text typed into character by character holds one item whose string Yjs
 * grew by one concatenation per keystroke: reading it walks all of them).
 *
 * A value is only known until the document changes in a way the binding did not make itself (a
 * peer's update, an undo, a base text): the binding calls {@link KnownTextValues.forget} then.
 *
 * @module
 */
import type * as Y from 'yjs';

/** The strings this person's own transactions left in a document's texts. */
export class KnownTextValues {
  private readonly values = new Map<Y.Text, string>();

  /** What `text` holds: the string last written into it, or the text read back when unknown. */
  valueOf(text: Y.Text): string {
    return this.values.get(text) ?? text.toString();
  }

  /** Records that `text` now holds `value` (after a write that completed). */
  wrote(text: Y.Text, value: string): void {
    this.values.set(text, value);
  }

  /** Forgets what `text` holds (a write into it did not complete). */
  forgetText(text: Y.Text): void {
    this.values.delete(text);
  }

  /** Forgets every value: the document changed in a way the binding did not make itself. */
  forget(): void {
    if (this.values.size > 0) this.values.clear();
  }
}
