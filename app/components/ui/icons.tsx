import type { SVGProps } from "react";

/**
 * Inline line icons (24×24, stroke = currentColor). They are decorative: the control that holds
 * one carries the accessible name, so every icon is aria-hidden.
 */
export type IconName =
  | "dashboard"
  | "planner"
  | "operations"
  | "accounts"
  | "receivers"
  | "monitoring"
  | "market"
  | "phone"
  | "logout"
  | "menu"
  | "close"
  | "bell"
  | "chat"
  | "check"
  | "error"
  | "info"
  | "external"
  | "chevronDown"
  | "user"
  | "shield"
  | "megaphone"
  | "approval"
  | "movement";

const paths: Record<IconName, JSX.Element> = {
  // Two opposed arrows: buying and selling currency.
  dashboard: (
    <>
      <path d="M4 8h13" />
      <path d="m13 4 4 4-4 4" />
      <path d="M20 16H7" />
      <path d="m11 20-4-4 4-4" />
    </>
  ),
  planner: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="m9 15 2 2 4-4" />
    </>
  ),
  operations: (
    <>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3 4v4h4" />
      <path d="M12 8v4l3 2" />
    </>
  ),
  accounts: (
    <>
      <path d="M3 9.5 12 4l9 5.5" />
      <path d="M5 10v7M9.5 10v7M14.5 10v7M19 10v7" />
      <path d="M3 20h18" />
    </>
  ),
  receivers: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
    </>
  ),
  monitoring: (
    <>
      <path d="M3 20h18" />
      <path d="m4 15 5-5 4 4 7-8" />
      <path d="M16 6h4v4" />
    </>
  ),
  market: (
    <>
      <path d="M6 4v16M12 7v10M18 3v14" />
      <rect x="4" y="8" width="4" height="7" rx="1" />
      <rect x="10" y="10" width="4" height="4" rx="1" />
      <rect x="16" y="6" width="4" height="6" rx="1" />
    </>
  ),
  phone: <path d="M5 4h3.5l1.5 4.5-2 1.5a11 11 0 0 0 6 6l1.5-2 4.5 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />,
  logout: (
    <>
      <path d="M14 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h8" />
      <path d="M10 12h11M17 8l4 4-4 4" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  bell: (
    <>
      <path d="M6 10a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4S6 15 6 10Z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </>
  ),
  chat: <path d="M4 19.5 5.3 16A8 8 0 1 1 8 18.7L4 19.5ZM8.5 10.5h7M8.5 13.5h4" />,
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.5 2.5L16 9.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </>
  ),
  external: (
    <>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
    </>
  ),
  chevronDown: <path d="m6 9 6 6 6-6" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5 7.5-9.5V6L12 3Z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  // A loudspeaker: the product's announcements.
  megaphone: (
    <>
      <path d="M4 10v4h3l8 4.5v-13L7 10H4Z" />
      <path d="M18.5 9.5a4 4 0 0 1 0 5M8 14l1 5.5" />
    </>
  ),
  // A clipboard with a check: operations waiting for an administrator's approval.
  approval: (
    <>
      <rect x="5" y="4.5" width="14" height="16" rx="2" />
      <path d="M9 3h6v3H9zM9 13l2 2 4-4" />
    </>
  ),
  // An arrow into a tray: money received.
  movement: (
    <>
      <path d="M12 4v10M8 10l4 4 4-4" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </>
  ),
};

export function Icon({ name, className = "h-5 w-5", ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {paths[name]}
    </svg>
  );
}
