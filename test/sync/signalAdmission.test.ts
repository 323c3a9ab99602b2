import { describe, expect, it } from 'vitest';
import { admitSignal, type AdmissionConnection } from '../../src/sync/providers/signalAdmission.js';

function conn(
  state: Partial<AdmissionConnection> & { initiator?: boolean; destroyed?: boolean } = {},
): AdmissionConnection {
  return {
    connected: state.connected ?? false,
    closed: state.closed ?? false,
    glareToken: state.glareToken,
    peer: { initiator: state.initiator ?? true, destroyed: state.destroyed ?? false },
  };
}
const answer = { type: 'signal' as const, from: 'b', to: 'a', signal: { type: 'answer', sdp: '…' } };
const offer = (token: number) => ({
  type: 'signal' as const,
  from: 'b',
  to: 'a',
  token,
  signal: { type: 'offer', sdp: '…' },
});
const candidate = { type: 'signal' as const, from: 'b', to: 'a', signal: { candidate: 'candidate:1' } };

describe('admitSignal: decided when y-webrtc is about to act on the signal', () => {
  it('delivers an answer to the offer this room is waiting on', () => {
    expect(admitSignal(answer, conn({ initiator: true }))).toBe('deliver');
  });
  it.each([
    ['no connection to the sender (it closed and was removed)', undefined],
    ['a closed connection', conn({ closed: true })],
    ['a destroyed peer', conn({ destroyed: true })],
    ['a connection that answered instead of offering', conn({ initiator: false })],
  ])('drops an answer when there is %s (y-webrtc would throw on it)', (_label, existing) => {
    expect(admitSignal(answer, existing)).toBe('drop');
  });
  it('delivers announces and first offers', () => {
    expect(admitSignal({ type: 'announce', from: 'b' }, undefined)).toBe('deliver');
    expect(admitSignal(offer(5), undefined)).toBe('deliver');
  });
  it('replaces our pending offer when the remote offer wins the glare, and lets y-webrtc reject a losing one', () => {
    expect(admitSignal(offer(10), conn({ initiator: true, glareToken: 5 }))).toBe('replace');
    expect(admitSignal(offer(5), conn({ initiator: true, glareToken: 10 }))).toBe('deliver');
  });
  it('replaces a closed connection when its peer offers again', () => {
    expect(admitSignal(offer(5), conn({ closed: true }))).toBe('replace');
  });
  it('drops candidates for a closed connection but lets one arrive before its offer', () => {
    expect(admitSignal(candidate, conn({ destroyed: true }))).toBe('drop');
    expect(admitSignal(candidate, undefined)).toBe('deliver');
    expect(admitSignal(candidate, conn())).toBe('deliver');
  });
});
