import { LineIcon, type IconProps } from './line-icon';

// The app's common icons: line icons, and the filled brand marks of the footer.
function filled({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

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

export const FacebookIcon = (p: IconProps) =>
  filled({ ...p, children: <path d="M14 8.5V6.8c0-.8.5-1 .9-1H17V2h-3c-3.3 0-4 2.4-4 4v2.5H8V12h2v10h4V12h2.8l.4-3.5z" /> });

export const TelegramIcon = (p: IconProps) =>
  filled({
    ...p,
    children: (
      <path d="M21.5 3.6 2.9 10.8c-1.3.5-1.2 1.2-.2 1.5l4.8 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.5l2.3-2.2 4.8 3.5c.9.5 1.5.2 1.7-.8l3.1-14.7c.3-1.3-.5-1.9-1.5-1.4zM9.4 14l9.2-5.8c.4-.3.8-.1.5.2l-7.9 7.1-.3 3.3z" />
    ),
  });

export const LinkedInIcon = (p: IconProps) =>
  filled({
    ...p,
    children: (
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.2c0-1.3 0-2.9-1.8-2.9s-2 1.4-2 2.8V21h-4z" />
    ),
  });

export const YouTubeIcon = (p: IconProps) =>
  filled({
    ...p,
    children: (
      <path d="M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.8 15V9l5.8 3z" />
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
