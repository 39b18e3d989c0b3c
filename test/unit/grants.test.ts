import { canPublishSource, computeGrants, DEFAULT_GRANTS } from '../../src/index';

const live = (overrides: Partial<{ canPublish: boolean; canSubscribe: boolean; canPublishData: boolean; hidden: boolean; canPublishSources: number[] }> = {}) => ({
  canPublish: true,
  canSubscribe: true,
  canPublishData: true,
  hidden: false,
  canPublishSources: [],
  ...overrides,
});

describe('computeGrants', () => {
  it('uses the media server defaults for absent flags', () => {
    expect(computeGrants({}, undefined)).toEqual(DEFAULT_GRANTS);
    expect(computeGrants(undefined, undefined)).toEqual({
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
      canPublishSources: undefined,
      hidden: false,
      roomAdmin: false,
      roomRecord: false,
    });
  });

  it('takes the token grants before connecting', () => {
    expect(computeGrants({ canPublish: false, canPublishData: false, roomAdmin: true, canPublishSources: ['camera'] }, undefined)).toMatchObject({
      canPublish: false,
      canPublishData: false,
      roomAdmin: true,
      canPublishSources: ['camera'],
    });
  });

  it('lets live permissions win for the fields they carry, keeping roomAdmin and roomRecord from the token', () => {
    const token = { canPublish: false, canSubscribe: true, hidden: false, roomAdmin: true, roomRecord: true };
    const grants = computeGrants(token, live({ canPublish: true, canSubscribe: false, hidden: true, canPublishSources: [2, 3] }));
    expect(grants).toEqual({
      canPublish: true,
      canSubscribe: false,
      canPublishData: true,
      canPublishSources: ['microphone', 'screen_share'],
      hidden: true,
      roomAdmin: true,
      roomRecord: true,
    });
  });

  it('gates sources on canPublish, hidden and canPublishSources', () => {
    expect(canPublishSource(DEFAULT_GRANTS, 'camera')).toBe(true);
    expect(canPublishSource({ ...DEFAULT_GRANTS, canPublish: false }, 'camera')).toBe(false);
    expect(canPublishSource({ ...DEFAULT_GRANTS, hidden: true }, 'microphone')).toBe(false);
    const limited = { ...DEFAULT_GRANTS, canPublishSources: ['microphone'] as const };
    expect(canPublishSource(limited, 'microphone')).toBe(true);
    expect(canPublishSource(limited, 'screen_share')).toBe(false);
  });
});
