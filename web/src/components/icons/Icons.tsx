import { LineIcon, type IconProps } from './line-icon';

// The app's common icons.

export const SunIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </>
    ),
  });

export const MoonIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" /> });

export const MenuIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="M4 6h16M4 12h16M4 18h16" /> });

export const CloseIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="M18 6 6 18M6 6l12 12" /> });

export const ChevronDownIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="m6 9 6 6 6-6" /> });

export const ChevronLeftIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="m15 18-6-6 6-6" /> });

export const ChevronRightIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="m9 18 6-6-6-6" /> });

export const ArrowLeftIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="M19 12H5M12 19l-7-7 7-7" /> });

export const SearchIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </>
    ),
  });

export const GlobeIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
      </>
    ),
  });

export const CheckIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="M20 6 9 17l-5-5" /> });

export const RefreshIcon = (p: IconProps) => LineIcon({ ...p, children: <path d="M21 12a9 9 0 1 1-2.6-6.4M21 3v6h-6" /> });

export const InfoIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 16v-5M12 8h.01" />
      </>
    ),
  });

export const SuccessIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="m8 12 3 3 5-6" />
      </>
    ),
  });

export const WarningIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        <path d="M12 9v4M12 17h.01" />
      </>
    ),
  });

export const ErrorIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="m15 9-6 6M9 9l6 6" />
      </>
    ),
  });

export const QuestionIcon = (p: IconProps) =>
  LineIcon({
    ...p,
    children: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
      </>
    ),
  });

export const GooglePlayIcon = (p: IconProps) => (
  <svg width={p.size ?? 24} height={p.size ?? 24} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M3.6 2.2 13.5 12l-9.9 9.8c-.4-.2-.6-.6-.6-1.1V3.3c0-.5.2-.9.6-1.1z" fill="#34d399" />
    <path d="m16.8 8.7-3.3 3.3-9.9-9.8c.2-.1.5-.1.8 0z" fill="#60a5fa" />
    <path d="m16.8 15.3-12.4 6.5c-.3.1-.6.1-.8 0l9.9-9.8z" fill="#f87171" />
    <path d="m20.4 10.6-3.6-1.9-3.3 3.3 3.3 3.3 3.6-1.9c1-.6 1-2.2 0-2.8z" fill="#fbbf24" />
  </svg>
);
