import { describe, expect, it } from 'vitest';
import { ReadOrder } from '../../stores/ReadOrder.js';

describe('ReadOrder', () => {
  it('counts a read sent before a save answered as older than that save', () => {
    const order = new ReadOrder();
    const record = {};
    const before = order.ticket();
    order.noteSaveAnswer(record);
    expect(order.hasSaveSince(before)).toBe(true);
    expect(order.isOlderThanSave(record, before)).toBe(true);
  });

  it('counts a read sent after the save answered as newer', () => {
    const order = new ReadOrder();
    const record = {};
    order.ticket();
    order.noteSaveAnswer(record);
    const after = order.ticket();
    expect(order.hasSaveSince(after)).toBe(false);
    expect(order.isOlderThanSave(record, after)).toBe(false);
  });

  it('holds a read against the saves of its own records only', () => {
    const order = new ReadOrder();
    const saved = {};
    const other = {};
    const read = order.ticket();
    order.noteSaveAnswer(saved);
    expect(order.isOlderThanSave(saved, read)).toBe(true);
    expect(order.isOlderThanSave(other, read)).toBe(false);
  });

  it('gives a record a new sharing mark each time a save answers after more reads were sent', () => {
    const order = new ReadOrder();
    const record = {};
    expect(order.sharingMarkOf(record)).toBe(0);
    order.ticket();
    order.noteSaveAnswer(record);
    const first = order.sharingMarkOf(record);
    order.ticket();
    order.noteSaveAnswer(record);
    expect(order.sharingMarkOf(record)).toBeGreaterThan(first);
  });

  it('moves the sharing mark when a newer version is heard of, without making older reads stale', () => {
    const order = new ReadOrder();
    const record = {};
    const read = order.ticket();
    order.noteNewerVersion(record);
    expect(order.sharingMarkOf(record)).toBe(read);
    // Only a save's answer keeps an older read's copy out.
    expect(order.isOlderThanSave(record, read)).toBe(false);
    expect(order.hasSaveSince(read)).toBe(false);
  });
});
