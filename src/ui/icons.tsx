import type { ReactNode } from 'react';

/** @internal Small inline icons; decorative, hidden from assistive technology. */
const base = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, className: 'rk-icon' } as const;

export const MicIcon = ({ off }: { off?: boolean }) => (
  <svg {...base}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    {off ? <path d="M4 4l16 16" /> : null}
  </svg>
);
export const CameraIcon = ({ off }: { off?: boolean }) => (
  <svg {...base}>
    <rect x="3" y="6" width="12" height="12" rx="2" />
    <path d="M15 10l6-3v10l-6-3" />
    {off ? <path d="M4 4l16 16" /> : null}
  </svg>
);
export const ScreenIcon = () => (
  <svg {...base}>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </svg>
);
export const SoundIcon = () => (
  <svg {...base}>
    <path d="M4 9v6h4l5 4V5L8 9H4z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </svg>
);
export const LeaveIcon = () => (
  <svg {...base}>
    <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
  </svg>
);
export const ChatIcon = () => (
  <svg {...base}>
    <path d="M4 5h16v11H9l-5 4z" />
  </svg>
);
export const MoreIcon = () => (
  <svg {...base}>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </svg>
);
export const CaptionsIcon = () => (
  <svg {...base}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 10.5a2 2 0 1 0 0 3M17 10.5a2 2 0 1 0 0 3" />
  </svg>
);
export const PinIcon = () => (
  <svg {...base}>
    <path d="M9 4h6l-1 6 4 4H6l4-4zM12 14v7" />
  </svg>
);
export const SpeakerViewIcon = () => (
  <svg {...base}>
    <rect x="3" y="4" width="18" height="11" rx="2" />
    <path d="M4 19h4M10 19h4M16 19h4" />
  </svg>
);
export const PeopleIcon = () => (
  <svg {...base}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3.5 6" />
  </svg>
);
export const KeyboardIcon = () => (
  <svg {...base}>
    <rect x="2" y="6" width="20" height="12" rx="2" />
    <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...base}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const PictureInPictureIcon = () => (
  <svg {...base}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="12" width="7" height="5" rx="1" />
  </svg>
);
export const HandIcon = () => (
  <svg {...base}>
    <path d="M8 13V6.5a1.5 1.5 0 0 1 3 0V11M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v7.5a6.5 6.5 0 0 1-6.5 6.5h-.4a6 6 0 0 1-4.8-2.4L3.6 15a1.5 1.5 0 0 1 2.3-1.9L8 15" />
  </svg>
);
/** Sparkles: background effects and the noise filter. */
export const EffectsIcon = () => (
  <svg {...base}>
    <path d="M10 4l1.8 5.2L17 11l-5.2 1.8L10 18l-1.8-5.2L3 11l5.2-1.8z" />
    <path d="M18 3v4M16 5h4M18.5 15.5v4M16.5 17.5h4" />
  </svg>
);
export const SmileIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 14a4.5 4.5 0 0 0 8 0M9 9.5v.5M15 9.5v.5" />
  </svg>
);

/**
 * The reactions drawn, so they show without an emoji font (Linux desktops and kiosks often have none, and an emoji
 * glyph then renders as an empty box). Colours are the reactions' own, the same in both themes.
 */
const FACE = <circle cx="12" cy="12" r="9.5" fill="#ffcc4d" stroke="#8a5a00" />;
const GLYPHS: Record<string, ReactNode> = {
  '👍': (
    <path
      fill="#ffcc4d"
      stroke="#8a5a00"
      d="M4 11h3v9H4zM7 11l3.5-6.5c1.6 0 2.7 1.2 2.2 3L12 10h6.2a2 2 0 0 1 2 2.4l-1.3 5.9A2.2 2.2 0 0 1 16.8 20H7z"
    />
  ),
  '👏': (
    <g stroke="#8a5a00">
      <path fill="#ffcc4d" d="M6.5 12.5l5-5a1.4 1.4 0 0 1 2 2l-2.5 2.5 4-4a1.4 1.4 0 0 1 2 2l-4 4 3-3a1.4 1.4 0 0 1 2 2l-4.5 4.5a5.5 5.5 0 0 1-7.8-7.8l1.8-1.8a1.4 1.4 0 0 1 2 2z" />
      <path d="M15 2.5l-.5 2M19.5 4l-1.5 1.5M21.5 8.5l-2 .5" />
    </g>
  ),
  '😂': (
    <g stroke="#8a5a00">
      {FACE}
      <path d="M7 9.5l2.5 1-2.5 1M17 9.5l-2.5 1 2.5 1" />
      <path fill="#8a5a00" d="M7 14h10a5 5 0 0 1-10 0z" />
      <path fill="#5dadec" stroke="none" d="M3 11c0 2 .8 3.5 2 3.5s1.8-1.2 1.3-2.5zM21 11c0 2-.8 3.5-2 3.5s-1.8-1.2-1.3-2.5z" />
    </g>
  ),
  '❤️': <path fill="#dd2e44" stroke="#a3172b" d="M12 20.5S3.5 15.3 3.5 9.2A4.7 4.7 0 0 1 12 6.6a4.7 4.7 0 0 1 8.5 2.6c0 6.1-8.5 11.3-8.5 11.3z" />,
  '🎉': (
    <g stroke="#8a5a00">
      <path fill="#ffac33" d="M3.5 20.5l4.5-12 7.5 7.5z" />
      <path stroke="#dd2e44" d="M13 4.5c1.5 1 1.5 3 0 4M19.5 11c-1-1.5-3-1.5-4 0" />
      <path stroke="#5dadec" d="M17 3.5l.5 2M20.5 7l-2 .5M10.5 2.5v2" />
    </g>
  ),
  '😮': (
    <g stroke="#8a5a00">
      {FACE}
      <path fill="#8a5a00" d="M9 9.5v1M15 9.5v1" />
      <ellipse cx="12" cy="15.5" rx="2" ry="2.5" fill="#8a5a00" />
    </g>
  ),
};

/** A reaction as a drawing (an unknown one as its text); decorative: its name is on the element around it. */
export const ReactionGlyph = ({ emoji }: { emoji: string }) =>
  GLYPHS[emoji] ? (
    <svg {...base} className="rk-icon rk-reaction-glyph" strokeWidth={1.2}>
      {GLYPHS[emoji]}
    </svg>
  ) : (
    <span aria-hidden="true">{emoji}</span>
  );
export const FlipCameraIcon = () => (
  <svg {...base}>
    <path d="M4 8h3l2-2h6l2 2h3v11H4z" />
    <path d="M9.5 12.5a3 3 0 0 1 5-1.5M14.5 14a3 3 0 0 1-5 1.5M14.5 9.5V11H13M9.5 17v-1.5H11" />
  </svg>
);
/** A padlock: end-to-end encrypted; `broken`: encrypted with a key this session lacks. */
export const LockIcon = ({ broken }: { broken?: boolean }) => (
  <svg {...base}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d={broken ? 'M8 11V7a4 4 0 0 1 7.5-2' : 'M8 11V7a4 4 0 0 1 8 0v4'} />
    {broken ? <path d="M4 4l16 16" /> : null}
  </svg>
);
