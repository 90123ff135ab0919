// XML rendering of legacy responses (the spec leaves the shape open):
//   <?xml version="1.0" encoding="UTF-8"?>
//   <response><code>200</code><data><url_id>1</url_id>...</data></response>
// (v6 puts the `<response>` element inside `<message client="IP" time="unix">`, see flavor.ts).
// Arrays repeat an element named after the singular of their key:
//   <urls><url><short_url>...</short_url></url>...</urls>
// null is an empty element; booleans are `true`/`false`.

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );
}

/** Element names must be XML names; anything else becomes `item`. */
function elementName(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) && !/^xml/i.test(key) ? key : 'item';
}

function singular(key: string): string {
  return key.length > 1 && key.endsWith('s') ? key.slice(0, -1) : 'item';
}

function renderValue(key: string, value: unknown): string {
  const name = elementName(key);
  if (value === null || value === undefined) return `<${name}/>`;
  if (Array.isArray(value)) {
    const child = singular(name);
    return `<${name}>${value.map((v) => renderValue(child, v)).join('')}</${name}>`;
  }
  if (typeof value === 'object') {
    const inner = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => renderValue(k, v))
      .join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** One element, without the XML declaration. */
export function toXmlElement(name: string, value: Record<string, unknown>): string {
  return renderValue(name, value);
}
