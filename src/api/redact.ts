/** Replaces every form of the secret a URL or message may carry with `***`. */
export function redactor(secret: string | undefined): (text: string) => string {
  if (!secret) return (text) => text;
  const forms = [...new Set([secret, encodeURIComponent(secret)])].sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((acc, form) => acc.split(form).join('***'), text);
}
