/** Which way a camera faces: towards the user (front) or away from them (back). */
export type CameraFacing = 'user' | 'environment';

/**
 * @internal Which way a camera faces: what the browser says of the device (`InputDeviceInfo.getCapabilities()`,
 * which phones fill in), else its label as phones name cameras ("Front Camera", "Back Dual Wide Camera" on iOS,
 * "camera2 1, facing front" on Android); undefined when neither says (a laptop's webcam). livekit-client's
 * `facingModeFromDeviceLabel` is not used: it knows iPhones and OBS as continuity cameras, not front and back.
 */
export function facingOf(device: MediaDeviceInfo): CameraFacing | undefined {
  let modes: readonly string[] | undefined;
  try {
    modes = (device as Partial<InputDeviceInfo>).getCapabilities?.().facingMode;
  } catch {
    // a browser may refuse capabilities before permission
  }
  const said = modes?.find((m) => m === 'user' || m === 'environment');
  if (said === 'user' || said === 'environment') return said;
  if (/\b(front|user)\b/i.test(device.label)) return 'user';
  if (/\b(back|rear|environment)\b/i.test(device.label)) return 'environment';
  return undefined;
}
