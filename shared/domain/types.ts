import type { AccountRole, UserType } from './roles';
import type { Plan, PlanLimits } from './plans';
import type { Locale } from './locales';

/** Shapes the API answers, shared by the server (which builds them) and the console. */
interface LinkItem {
  label: string;
  link: string;
  type: 'same' | 'external';
  primary?: boolean;
}

export interface AccountLinks {
  primary: string | null;
  header: LinkItem[];
  footer: LinkItem[];
}

export interface CurrentUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  type: UserType;
  status: string;
  emailVerified: boolean;
  videoProcessedEmails: boolean;
  /** The language the user chose; null until they choose (the console follows the browser). */
  locale: Locale | null;
  lastLogin: string | null;
  createdAt: string;
  /** Role in the current account; null without one (or a platform admin who is not a member). */
  role: AccountRole | null;
  canEdit: boolean;
  canSwitchAccount: boolean;
  isAdmin: boolean;
}

export interface AccountSummary {
  id: string;
  name: string;
  slug: string;
  status: string;
  enabled: boolean;
  subscriptionPlan: Plan;
  planLimits: PlanLimits;
  helpEmailAddress: string | null;
  /** IANA time zone where the account's days start (stats); default UTC. */
  timeZone: string;
  links: AccountLinks;
  favicon: string | null;
  headerImage: string | null;
  lightHeader: boolean;
  image: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
}

export interface AppContext {
  config: { cdnPrefix: string; baseUrl: string; appVersion: string };
  systemDefaults: { supportEmail: string; marketingConsent: string; tablePageSize: number; uploadPageSize: number };
  user: CurrentUser;
  account: AccountSummary | null;
}

/** An account as the select-account and switch-account lists show it. */
export interface AccountChoice {
  id: string;
  name: string;
  slug: string;
  status: string;
  role: AccountRole | null;
}
