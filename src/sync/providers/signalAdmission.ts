/**
 * Whether y-webrtc may act on a peer's signal, decided at the instant y-webrtc would act on it
 * (the connection it refers to can close at any moment before that). y-webrtc 10.3 trusts the
 * signal: an answer for a connection that is gone throws ("Cannot set properties of undefined
 * (setting 'glareToken')"), a signal into a destroyed peer throws, and when both peers offered at
 * once the winning offer is fed to the losing side's initiator, which refuses it.
 */
import type { PeerSignal } from './signalingPayload.js';

/** y-webrtc's connection to one peer, as far as admission looks at it. */
export interface AdmissionConnection {
  readonly connected: boolean;
  readonly closed: boolean;
  readonly glareToken: number | undefined;
  readonly peer: { readonly initiator: boolean; readonly destroyed?: boolean };
}

/**
 * - `deliver`: hand the signal to y-webrtc;
 * - `drop`: ignore it (late or unknown answer, anything for a connection already closed);
 * - `replace`: drop the existing connection quietly first, then deliver (an offer that wins over
 *   our own pending offer, or an offer from a peer whose old connection is closed).
 */
export type AdmissionVerdict = 'deliver' | 'drop' | 'replace';

/**
 * Decides for one signal addressed to this room, given the room's current connection to its sender
 * (`undefined` when there is none).
 */
export function admitSignal(
  signal: PeerSignal & { token?: unknown },
  existing: AdmissionConnection | undefined,
): AdmissionVerdict {
  if (signal.type === 'announce') return 'deliver';
  const kind = signal.signal?.type;
  const isGone = existing !== undefined && (existing.closed || existing.peer.destroyed === true);
  if (kind === 'offer') {
    if (!existing) return 'deliver';
    if (isGone) return 'replace';
    if (existing.connected || !existing.peer.initiator) return 'deliver';
    // Both offered: y-webrtc keeps the offer with the higher token and rejects the other itself.
    const localToken = existing.glareToken;
    if (localToken !== undefined && typeof signal.token === 'number' && localToken > signal.token)
      return 'deliver';
    return 'replace';
  }
  if (kind === 'answer') return existing && !isGone && existing.peer.initiator ? 'deliver' : 'drop';
  // A candidate may come before its offer (two signalling servers): y-webrtc then opens the
  // connection early. Into a closed one it would throw.
  return isGone ? 'drop' : 'deliver';
}
