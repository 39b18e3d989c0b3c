/** @internal Small inline icons; decorative, hidden from assistive technology. */
const base = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

export const MicIcon = ({ off }: { off?: boolean }) => (
  <svg {...base} className="rk-icon">
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    {off ? <path d="M4 4l16 16" /> : null}
  </svg>
);
export const CameraIcon = ({ off }: { off?: boolean }) => (
  <svg {...base} className="rk-icon">
    <rect x="3" y="6" width="12" height="12" rx="2" />
    <path d="M15 10l6-3v10l-6-3" />
    {off ? <path d="M4 4l16 16" /> : null}
  </svg>
);
export const ScreenIcon = () => (
  <svg {...base} className="rk-icon">
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M8 20h8M12 16v4" />
  </svg>
);
export const LeaveIcon = () => (
  <svg {...base} className="rk-icon">
    <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
  </svg>
);
export const ChatIcon = () => (
  <svg {...base} className="rk-icon">
    <path d="M4 5h16v11H9l-5 4z" />
  </svg>
);
export const MoreIcon = () => (
  <svg {...base} className="rk-icon">
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </svg>
);
export const CaptionsIcon = () => (
  <svg {...base} className="rk-icon">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 10.5a2 2 0 1 0 0 3M17 10.5a2 2 0 1 0 0 3" />
  </svg>
);
export const PinIcon = () => (
  <svg {...base} className="rk-icon">
    <path d="M9 4h6l-1 6 4 4H6l4-4zM12 14v7" />
  </svg>
);
export const SpeakerViewIcon = () => (
  <svg {...base} className="rk-icon">
    <rect x="3" y="4" width="18" height="11" rx="2" />
    <path d="M4 19h4M10 19h4M16 19h4" />
  </svg>
);
export const PeopleIcon = () => (
  <svg {...base} className="rk-icon">
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3.5 6" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...base} className="rk-icon">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const PictureInPictureIcon = () => (
  <svg {...base} className="rk-icon">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="12" width="7" height="5" rx="1" />
  </svg>
);
