// What the sandbox keeps per object. Richer than what its answers show:
// the server must remember everything a link body carried even where no response shows it.
import type {
  Account,
  ChannelItemType,
  DeviceTarget,
  GeoTarget,
  LanguageTarget,
  LinkParameter,
  LegacyStatus,
  PixelType,
  QrType,
} from '../api/types.js';

export interface DomainRecord {
  id: number;
  domain: string;
  redirectroot: string;
  redirect404: string;
  date: string;
}

interface NamedRecord {
  id: number;
  name: string;
  date: string;
}

interface OverlayRecord extends NamedRecord {
  type: string;
}

export interface CampaignRecord extends NamedRecord {
  slug: string;
  public: boolean;
  /** round-robin position of the rotator (GET /r/<slug>) */
  rotatorNext: number;
}

export interface ChannelRecord extends NamedRecord {
  description: string;
  color: string;
  starred: boolean;
}

/** One membership: on v7 an item sits in one channel at a time (assigning moves it); on v6 in several. */
export interface ChannelAssignment {
  channel: number;
  type: ChannelItemType;
  item: number;
  date: string;
}

/** Bio pages have no API of their own; assigning an unknown bio id creates one of these. */
interface BioRecord extends NamedRecord {
  alias: string;
}

/** Where a hit came from; feeds the unique-click count and the details' `top*` objects. */
export interface Hit {
  visitor: string;
  browser: string;
  os: string;
  /** the Referer's host; '' for a direct visit */
  referrer: string;
  /** absent in data files written before countries were counted */
  country?: string;
}

export interface LinkRecord {
  id: number;
  alias: string;
  /** branded domain origin (`https://go.example.com`) or null for the sandbox's own base */
  domain: string | null;
  longurl: string;
  title: string;
  description: string;
  type: string;
  password: string;
  expiry: string | null;
  geotarget: GeoTarget[];
  devicetarget: DeviceTarget[];
  languagetarget: LanguageTarget[];
  metatitle: string;
  metadescription: string;
  metaimage: string;
  pixels: number[];
  deeplink: { apple?: string; google?: string };
  parameters: LinkParameter[];
  campaign: number | null;
  status: LegacyStatus;
  clicks: number;
  visitors: string[];
  /** every counted click, for the detail's breakdowns (absent in older data files) */
  hits?: Hit[];
  lastAccessed: string | null;
  date: string;
}

export interface PixelRecord extends NamedRecord {
  type: PixelType;
  tag: string;
}

export interface QrRecord extends NamedRecord {
  type: QrType;
  data: unknown;
  alias: string;
  background: string;
  foreground: string;
  logo: string;
  hits: Hit[];
}

export interface SandboxState {
  version: 1;
  nextId: Record<Collection, number>;
  account: Account;
  domains: DomainRecord[];
  overlays: OverlayRecord[];
  splash: NamedRecord[];
  campaigns: CampaignRecord[];
  channels: ChannelRecord[];
  assignments: ChannelAssignment[];
  bios: BioRecord[];
  links: LinkRecord[];
  pixels: PixelRecord[];
  qrs: QrRecord[];
  /**
   * The key the sandbox accepts, kept with the data (the file is written with mode 0600) so that a
   * restart on the same file accepts the key a saved profile holds. Absent in memory-only runs.
   */
  apiKey?: string;
}

export type Collection =
  | 'domains'
  | 'overlays'
  | 'splash'
  | 'campaigns'
  | 'channels'
  | 'bios'
  | 'links'
  | 'pixels'
  | 'qrs';
