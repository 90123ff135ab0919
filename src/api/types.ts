// The API's vocabulary, from docs/api.md: the value sets both sides check and the shapes both
// build (a link body, an account, a channel item). Shared by the client and the sandbox, the only
// thing they share: types and constants only — no logic, no imports. The response envelopes are
// read field by field where they are used (servers disagree on them), so they are not typed here.

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

export interface Account {
  id: number;
  email: string;
  username: string;
  avatar: string;
  status: string;
  expires: string;
  registered: string;
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

/** A legacy short URL's status (`legacy info`). */
export type LegacyStatus = 'active' | 'disabled';
