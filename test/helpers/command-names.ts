// Every command path of the CLI contract. The e2e command table is typed Record<CommandName, ...>,
// so adding a name here without a test (or a test without a name) does not compile.
export const COMMAND_NAMES = [
  'urls list', 'urls lookup', 'urls get', 'urls add', 'urls update', 'urls delete', 'urls import', 'urls export', 'urls sync',
  'domains list', 'domains get', 'domains add', 'domains update', 'domains delete',
  'overlays list', 'overlays get',
  'splash list', 'splash get',
  'campaigns list', 'campaigns get', 'campaigns add', 'campaigns update', 'campaigns delete', 'campaigns assign',
  'channels list', 'channels get', 'channels items', 'channels add', 'channels update', 'channels delete', 'channels assign',
  'pixels list', 'pixels get', 'pixels types', 'pixels add', 'pixels update', 'pixels delete',
  'qr list', 'qr get', 'qr add', 'qr update', 'qr delete',
  'account get', 'account update',
  'legacy create', 'legacy disable', 'legacy enable', 'legacy info', 'legacy list',
  'api',
  'completion',
  'limits',
  'sandbox',
  'login', 'logout', 'status',
  'config list', 'config get', 'config set', 'config unset', 'config path',
  'profiles list', 'profiles use', 'profiles delete',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];
