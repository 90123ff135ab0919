import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseLogo, qrBodyFromFlags, type QrFlags } from '../../src/input/qr-body.js';

describe('qrBodyFromFlags', () => {
  const valid: [string, QrFlags, Record<string, unknown>][] = [
    ['text keeps the text as typed', { type: 'text', data: ' {not json} ' }, { type: 'text', data: ' {not json} ' }],
    [
      'link takes a URL',
      { type: 'link', data: 'https://example.com/x' },
      { type: 'link', data: 'https://example.com/x' },
    ],
    ['wifi JSON object', { type: 'wifi', data: '{"ssid":"a"}' }, { type: 'wifi', data: { ssid: 'a' } }],
    ['sms JSON array', { type: 'sms', data: '["+15550100","hi"]' }, { type: 'sms', data: ['+15550100', 'hi'] }],
    ['phone plain text', { type: 'phone', data: '+1 555 0100' }, { type: 'phone', data: '+1 555 0100' }],
    ['update without type parses JSON', { data: '{"name":"Ada"}' }, { data: { name: 'Ada' } }],
    [
      'colours normalised',
      { type: 'text', data: 'x', background: 'RGB( 1, 2, 3 )', foreground: 'rgb(255,255,255)' },
      { type: 'text', data: 'x', background: 'rgb(1,2,3)', foreground: 'rgb(255,255,255)' },
    ],
    [
      'logo path',
      { type: 'text', data: 'x', logo: 'images/logo.JPG' },
      { type: 'text', data: 'x', logo: 'images/logo.JPG' },
    ],
  ];
  it.each(valid)('%s', (_name, flags, expected) => {
    expect(qrBodyFromFlags(flags)).toEqual(expected);
  });

  const invalid: [string, QrFlags, RegExp][] = [
    ['unknown type', { type: 'bar', data: 'x' }, /QR type "bar"/],
    ['empty data', { type: 'text', data: '' }, /must not be empty/],
    ['link without scheme', { type: 'link', data: 'example.com' }, /--data/],
    ['link JSON', { type: 'link', data: '{"url":"https://e.com"}' }, /--data/],
    ['broken JSON', { type: 'vcard', data: '[1,' }, /not valid JSON/],
    ['empty array', { type: 'vcard', data: '[]' }, /non-empty/],
    ['rgb out of range', { type: 'text', data: 'x', background: 'rgb(0,0,999)' }, /--background/],
    ['rgb with 2 values', { type: 'text', data: 'x', foreground: 'rgb(0,0)' }, /--foreground/],
  ];
  it.each(invalid)('rejects %s', (_name, flags, message) => {
    expect(() => qrBodyFromFlags(flags)).toThrow(UsageError);
    expect(() => qrBodyFromFlags(flags)).toThrow(message);
  });
});

describe('parseLogo', () => {
  it.each([
    'logo.png',
    '/srv/a/logo.jpeg',
    'https://cdn.example.com/l.jpg',
    'https://cdn.example.com/l.png?v=2',
    'C:\\img\\l.png',
  ])('accepts %s', (logo) => expect(parseLogo(logo)).toBe(logo));
  it.each(['logo.gif', 'https://cdn.example.com/l.svg', 'ftp://cdn.example.com/l.png', 'https://cdn.example.com/'])(
    'rejects %s',
    (logo) => expect(() => parseLogo(logo)).toThrow(/--logo/),
  );
});
