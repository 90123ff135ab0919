// Shapes of the API's resources and envelopes, straight from api-spec.md.
// Shared by the client and the sandbox: types and constants only — no logic, no imports.
// Date-times are strings `yyyy-mm-dd hh:mm:ss` unless stated.

/** The 13 pixel providers, in the order the service's interface lists them. */
export const PIXEL_TYPES = [
  'gtmpixel',
  'gapixel',
  'fbpixel',
  'adwordspixel',
  'linkedinpixel',
  'twitterpixel',
  'adrollpixel',
  'quorapixel',
  'pinterest',
  'bing',
  'snapchat',
  'reddit',
  'tiktok',
] as const;
export type PixelType = (typeof PIXEL_TYPES)[number];

export const QR_TYPES = ['text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi'] as const;
export type QrType = (typeof QR_TYPES)[number];

export const CHANNEL_ITEM_TYPES = ['links', 'bio', 'qr'] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

export const REDIRECT_TYPES = ['direct', 'frame', 'splash'] as const;
export type RedirectType = (typeof REDIRECT_TYPES)[number];

/** Deep-link keys, one per mobile platform store. */
export const DEEPLINK_KEYS = ['apple', 'google'] as const;

/** `error` as real servers send it: 0, "0", 1, "1", true, or 429 (rate limited). */
export type ErrorFlag = 0 | '0' | 1 | '1' | boolean | 429;

export interface ErrorBody {
  error: 1 | '1' | true;
  message: string;
}

export interface RateLimitedBody {
  error: 429;
  message: string;
  'Retry-After': number;
}

export interface MessageResponse {
  error: 0;
  message: string;
}

export interface IdResponse {
  error: 0;
  id: number;
}

export interface Account {
  id: number;
  email: string;
  username: string;
  avatar: string;
  status: string;
  expires: string;
  registered: string;
}

export interface AccountResponse {
  error: 0;
  data: Account;
}

export interface Domain {
  id: number;
  /** URL including http or https */
  domain: string;
  redirectroot: string;
  redirect404: string;
}

export interface Overlay {
  id: number;
  /** `message` and `contact` occur; the full set is not documented. */
  type: string;
  name: string;
  date: string;
}

export interface Campaign {
  id: number;
  /** Some servers put the name under `domain` in list items. */
  name?: string;
  domain?: string;
  public: boolean;
  /** false when the campaign has no rotator slug. */
  rotator: false | string;
  list: string;
}

/** POST /campaign/add and PUT /campaign/:id/update: the name comes back under `domain`. */
export interface CampaignWriteResponse {
  error: 0;
  id: number;
  domain: string;
  public: boolean;
  rotator: false | string;
  list: string;
}

export interface Channel {
  id: number;
  name: string;
  description: string;
  color: string;
  starred: boolean;
}

export interface ChannelAddResponse extends Channel {
  error: 0;
}

export interface ChannelItem {
  type: ChannelItemType;
  id: number;
  title: string;
  preview: string;
  link: string;
  /** yyyy-mm-dd */
  date: string;
}

export interface Splash {
  id: number;
  name: string;
  date: string;
}

export interface LinkListItem {
  id: number;
  alias: string;
  shorturl: string;
  longurl: string;
  clicks: number;
  title: string;
  description: string;
  date: string;
}

export type SocialCount = Record<string, number>;

export interface LinkDetail {
  error: 0;
  id: number;
  details: {
    id: number;
    shorturl: string;
    longurl: string;
    title: string;
    description: string;
    location: Record<string, string>;
    device: Record<string, string>;
    expiry: string | null;
    date: string;
  };
  data: {
    clicks: number;
    uniqueClicks: number;
    topCountries: number | Record<string, string | number>;
    topReferrers: number | Record<string, string | number>;
    topBrowsers: number | Record<string, string | number>;
    topOs: number | Record<string, string | number>;
    socialCount: SocialCount;
  };
}

export interface LinkAddResponse {
  error: 0;
  id: number;
  shorturl: string;
}

/** PUT /url/:id/update answers `short`; some servers answer `shorturl`. */
export interface LinkUpdateResponse {
  error: 0;
  id: number;
  short?: string;
  shorturl?: string;
}

export interface GeoTarget {
  location: string;
  link: string;
}
export interface DeviceTarget {
  device: string;
  link: string;
}
export interface LanguageTarget {
  language: string;
  link: string;
}
export interface LinkParameter {
  name: string;
  value: string;
}

/** Body of POST /url/add and PUT /url/:id/update. */
export interface LinkBody {
  url: string;
  custom?: string;
  type?: string;
  password?: string;
  domain?: string;
  expiry?: string;
  geotarget?: GeoTarget[];
  devicetarget?: DeviceTarget[];
  languagetarget?: LanguageTarget[];
  metatitle?: string;
  metadescription?: string;
  metaimage?: string;
  pixels?: number[];
  channel?: number;
  deeplink?: { apple?: string; google?: string };
  parameters?: LinkParameter[];
}

export interface Pixel {
  id: number;
  type: PixelType;
  name: string;
  tag: string;
  date: string;
}

export interface QrCode {
  id: number;
  link: string;
  scans: number;
  name: string;
  date: string;
}

export interface QrDetail {
  error: 0;
  details: QrCode;
  data: {
    clicks: number;
    uniqueClicks: number;
    topCountries: Record<string, string>;
    topReferrers: Record<string, string>;
    topBrowsers: Record<string, string>;
    topOs: Record<string, string>;
    socialCount: SocialCount;
  };
}

export interface QrAddResponse {
  error: 0;
  id: number;
  link: string;
}

export interface PageInfo {
  result: number;
  perpage: number;
  /** May arrive as a string from some servers. */
  currentpage: number | string;
  /** null (or absent) on the last page. */
  nextpage?: number | null;
  maxpage: number;
}

/** Every list response: `error` is the string "0" on success. */
export type ListEnvelope<K extends string, T> = {
  error: '0' | 0;
  data: PageInfo & { [key in K]: T[] };
};

export type DomainList = ListEnvelope<'domains', Domain>;
export type OverlayList = ListEnvelope<'cta', Overlay>;
export type CampaignList = ListEnvelope<'campaigns', Campaign>;
export type ChannelList = ListEnvelope<'channels', Channel>;
export type ChannelItemList = ListEnvelope<'items', ChannelItem>;
export type SplashList = ListEnvelope<'splash', Splash>;
export type LinkList = ListEnvelope<'urls', LinkListItem>;
export type PixelList = ListEnvelope<'pixels', Pixel>;
export type QrList = ListEnvelope<'qrs', QrCode>;

export type LegacyStatus = 'active' | 'disabled';

/** Every legacy response: `{code, data}`, code 200 on success. */
export interface LegacyEnvelope<T> {
  code: number;
  data: T;
}

export interface LegacyError {
  message: string;
}

/** Legacy short URL (info). Numbers arrive as strings, as in the spec's examples. */
export interface LegacyShortUrl {
  url_id: string | number;
  short_url: string;
  short_url_part: string;
  original_url: string;
  date_created: string;
  last_accessed: string | null;
  total_visits: string | number;
  has_password: boolean;
  expiry_date: string | null;
  status: LegacyStatus;
  date_time: string;
}

export interface LegacyCreated {
  url_id: string | number;
  short_url: string;
  short_url_part: string;
  original_url: string;
  date_time: string;
}

export interface LegacyStatusChange {
  url_id: string | number;
  status: LegacyStatus;
  short_url: string;
  date_time: string;
}

export interface LegacyActiveList {
  urls: { short_url: string }[];
  date_time: string;
}
